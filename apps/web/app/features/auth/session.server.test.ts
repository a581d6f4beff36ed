import { describe, expect, it } from 'vitest'
import { requireSession, type CustomerSession } from './session.server.ts'

const request = new Request('https://salon.example/account/')
const customer: CustomerSession = { sub: 'u1', phone: '+447700900123', firstName: 'Amy' }

async function redirectOf(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(thrown).toBeInstanceOf(Response)
  return { status: (thrown as Response).status, location: (thrown as Response).headers.get('location') }
}

describe('guard (SPEC §2)', () => {
  it('lets a customer with a valid session through', async () => {
    await expect(requireSession(request, async () => customer)).resolves.toEqual(customer)
  })

  it('sends a visitor without a session to /sign-in/', async () => {
    expect(await redirectOf(requireSession(request, async () => null))).toEqual({ status: 302, location: '/sign-in/' })
  })

  it('sends the visitor to /sign-in/ when checking the session fails', async () => {
    expect(await redirectOf(requireSession(request, async () => Promise.reject(new Error('token expired'))))).toEqual({ status: 302, location: '/sign-in/' })
  })
})
