import { BED_PICTURES } from '@salon/contracts/staff-manage'
import { isPictureAddress } from '@salon/contracts/rules/picture-address'
import { beforeAll, expect, it } from 'vitest'
import { fastPasswords } from '../factories/doubles.ts'
import { staffUser, type StaffUser } from '../factories/staff.ts'
import { describeApi } from '../harness.ts'

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])
const REFUSED = ['//evil.example/x.png', '/api/staff/me', 'javascript:alert(1)', 'http://example.com/x.png', '/images/../api/x', '/images/%2e%2e/api']
const PICTURE_MESSAGE = 'must be the address of a picture: an upload (/uploads/…), one of the site’s pictures (/images/…) or https://…'

/**
 * docs/product.md §10.4: every field that stores where a picture comes from (a post's cover, a sunbed's picture) takes
 * only an upload of the salon's, one of the site's pictures or an https address (packages/contracts/src/rules/
 * picture-address.ts), so no page of the salon's loads another site's content or makes a visitor's browser call the API.
 */
describeApi(
  'robustness: where pictures may come from',
  (get) => {
    let owner: StaffUser
    let uploaded: string

    beforeAll(async () => {
      owner = await staffUser(get(), { role: 'owner', passwords: fastPasswords })
      const answer = await get().app.request('/api/staff/uploads', {
        method: 'POST',
        headers: { ...get().shop.headers, ...owner.headers, 'content-type': 'image/png' },
        body: Buffer.from(PNG),
      })
      uploaded = ((await answer.json()) as { url: string }).url
    })

    const send = (path: string, init: { method?: string; body?: unknown }) => get().api(path, { ...init, headers: owner.headers })
    const post = (slug: string, coverImage: string) => ({ slug, title: 'Pictured', bodyMarkdown: 'Hi', author: 'Olive', coverImage })
    const bed = (picture: string) => ({
      name: 'Skyline',
      type: 'stand-up',
      description: 'A tall booth.',
      features: [],
      picture,
      minMinutes: 4,
      maxMinutes: 10,
      cleaningBufferMinutes: 10,
    })

    it("refuses a post's cover from anywhere else, made or changed, with 400 and the reason", async () => {
      expect((await send('staff/blog', { body: post('pictured', '/images/blog/a.svg') })).status).toBe(201)
      for (const address of REFUSED) {
        for (const [path, method] of [
          ['staff/blog', 'POST'],
          ['staff/blog/pictured', 'PUT'],
        ] as const) {
          const answer = await send(path, { method, body: post('pictured', address) })
          expect([address, method, answer.status, answer.json.message]).toEqual([
            address,
            method,
            400,
            `Please check the request: coverImage ${PICTURE_MESSAGE}.`,
          ])
        }
      }
    })

    it("takes a post's cover that is an https address, an upload of the salon's or a picture of the site", async () => {
      expect(uploaded).toMatch(new RegExp(`^/uploads/${get().shop.id}/[0-9a-f-]{36}\\.png$`))
      for (const [i, address] of ['https://example.com/x.png', uploaded, '/images/bed.jpg', ''].entries()) {
        const made = await send('staff/blog', { body: post(`cover-${i}`, address) })
        expect([address, made.status]).toEqual([address, 201])
        expect(made.json.post.coverImage).toBe(address)
        const changed = await send(`staff/blog/cover-${i}`, { method: 'PUT', body: post(`cover-${i}`, address) })
        expect([address, changed.status]).toEqual([address, 200])
      }
    })

    it("refuses a sunbed's picture from anywhere else, added or changed, and takes the sunbed pictures", async () => {
      const bedId = get().shop.beds[0]!.id
      for (const address of REFUSED) {
        for (const [path, method] of [
          ['staff/beds', 'POST'],
          [`staff/beds/${bedId}`, 'PUT'],
        ] as const) {
          const answer = await send(path, { method, body: bed(address) })
          expect([address, method, answer.status, answer.json.message]).toEqual([address, method, 400, `Please check the request: picture ${PICTURE_MESSAGE}.`])
        }
      }
      // A sunbed shows one of the pictures the web app has (all of them where pictures may come from), nothing else.
      for (const address of ['https://example.com/x.png', uploaded, '/images/bed.jpg']) {
        const answer = await send('staff/beds', { body: bed(address) })
        expect([address, answer.status, answer.json.message]).toEqual([address, 400, expect.stringContaining('picture must be one of the sunbed pictures')])
      }
      expect((await send('staff/beds', { body: bed(BED_PICTURES[2]) })).status).toBe(201)
    })

    it("the tests' salons show their pictures only from where pictures may come from", () => {
      for (const address of [...get().shop.beds.map((b) => b.picture), ...get().shop.posts.map((p) => p.coverImage)]) {
        expect(isPictureAddress(address), address).toBe(true)
      }
    })
  },
  { deps: () => ({ passwords: fastPasswords }) },
)
