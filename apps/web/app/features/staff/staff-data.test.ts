import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api.ts'
import { lookupAnswer, OWNER_ONLY, ownerParts, staffPart, staffParts } from './staff-data.ts'
import { memberRole } from './staff-session.ts'

vi.mock('./staff-session.ts', () => ({ memberRole: vi.fn() }))

const request = new Request('https://salon.example/staff/manage/salon/?tab=hours')

describe("a staff page's data", () => {
  it('settles each part on its own: a refused part carries the salon’s message beside the parts that loaded', async () => {
    const parts = await staffParts(request, {
      salon: Promise.resolve({ name: 'Glow' }),
      closures: Promise.reject(new ApiError(403, "Only the salon's owner can do this.")),
    })
    expect(parts).toEqual({
      salon: { status: 'ready', data: { name: 'Glow' } },
      closures: { status: 'error', message: "Only the salon's owner can do this." },
    })
  })

  it('sends a member whose session has ended to the staff sign-in page, to come back to the same page', async () => {
    const thrown = await staffPart(request, Promise.reject(new ApiError(401, 'Please sign in.'))).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('location')).toBe(`/staff/sign-in/?next=${encodeURIComponent('/staff/manage/salon/?tab=hours')}`)
  })

  it('says what went wrong in words when the salon could not be reached', async () => {
    expect(await staffPart(request, Promise.reject(new TypeError('Failed to fetch')))).toEqual({
      status: 'error',
      message: 'Something went wrong. Please try again.',
    })
  })

  it('answers a lookup with the address asked, without its closing slash, so a page shows only its latest question', async () => {
    const answer = await lookupAnswer(new Request('https://salon.example/staff/customers/?q=amy'), Promise.resolve({ customers: [] }))
    expect(answer).toEqual({ href: '/staff/customers?q=amy', part: { status: 'ready', data: { customers: [] } } })
  })
})

describe("an owner's page's data", () => {
  it('is asked when the member is an owner', async () => {
    vi.mocked(memberRole).mockResolvedValueOnce('owner')
    expect(await ownerParts(request, { team: () => Promise.resolve({ members: [] }) })).toEqual({ team: { status: 'ready', data: { members: [] } } })
  })

  it('is not asked for a member of staff, whose page says only the owner can do this', async () => {
    vi.mocked(memberRole).mockResolvedValueOnce('staff')
    const asked = vi.fn(() => Promise.resolve({ members: [] }))
    expect(await ownerParts(request, { team: asked })).toEqual({ team: { status: 'error', message: OWNER_ONLY } })
    expect(asked).not.toHaveBeenCalled()
  })
})
