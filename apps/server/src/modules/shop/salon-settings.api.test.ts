import { and, desc, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { eventually } from '../../test/eventually.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { anotherProcess, describeApi, type TestApp } from '../../test/harness.ts'

const DETAILS = {
  name: 'Golden Hour Tanning',
  tagline: 'Sun without the plane',
  addressLine1: '4 Chestergate',
  addressLine2: 'First floor',
  town: 'Macclesfield',
  postcode: 'sk11  6bx',
  phone: '01625 555 012',
  email: 'hello@golden-hour.example',
}

const WEEK = [
  { weekday: 1, opensAt: '08:30', closesAt: '20:00' },
  { weekday: 2, opensAt: '08:30', closesAt: '20:00' },
  { weekday: 3, opensAt: '12:00', closesAt: '21:45' },
  { weekday: 5, opensAt: '09:00', closesAt: '18:00' },
  { weekday: 6, opensAt: '09:00', closesAt: '16:00' },
]

async function lastAudit(t: TestApp, action: string) {
  const [entry] = await t.db
    .select()
    .from(schema.staffAuditLog)
    .where(and(eq(schema.staffAuditLog.shopId, t.shop.id), eq(schema.staffAuditLog.action, action)))
    .orderBy(desc(schema.staffAuditLog.id))
    .limit(1)
  return entry
}

const salonOf = async (t: TestApp) => (await t.api('website/salon')).json as { shop: Record<string, unknown> & { openingHours: unknown[] } }

/** docs/product.md §10.4: the owner changes the salon's details and its week; staff read them. */
describeApi("the salon's details and opening hours", (get) => {
  let owner: StaffUser
  let staff: StaffUser

  beforeAll(async () => {
    ;[owner, staff] = await Promise.all([staffUser(get(), { role: 'owner' }), staffUser(get(), { role: 'staff' })])
  })

  it('shows staff the details, time zone and hours as they are', async () => {
    const t = get()
    const answer = await t.api('staff/salon', { headers: staff.headers })
    expect(answer.status).toBe(200)
    const [shop] = await t.db.select().from(schema.shops).where(eq(schema.shops.id, t.shop.id))
    expect(answer.json.details).toEqual({
      name: shop!.name,
      tagline: shop!.tagline,
      addressLine1: shop!.addressLine1,
      addressLine2: shop!.addressLine2,
      town: shop!.town,
      postcode: shop!.postcode,
      phone: shop!.phone,
      email: shop!.email,
      vatNumber: shop!.vatNumber,
    })
    expect(answer.json.timeZone).toBe('Europe/London')
    expect(answer.json.openingHours).toEqual(t.shop.hours.map(({ weekday, opensAt, closesAt }) => ({ weekday, opensAt, closesAt })))
  })

  it('changes the details, writes the postcode as Royal Mail does, audits before and after, and the site shows them', async () => {
    const t = get()
    const before = (await t.api('staff/salon', { headers: owner.headers })).json.details
    const answer = await t.api('staff/salon', { method: 'PUT', headers: owner.headers, body: { ...DETAILS, name: '  Golden Hour Tanning ' } })
    expect(answer.status).toBe(200)
    expect(answer.json.details).toEqual({ ...DETAILS, postcode: 'SK11 6BX', vatNumber: null })

    const entry = await lastAudit(t, 'salon.details-changed')
    expect(entry).toMatchObject({
      actorSub: owner.sub,
      actorRole: 'owner',
      subjectType: 'shop',
      subjectId: t.shop.id,
      before,
      after: { ...DETAILS, postcode: 'SK11 6BX' },
    })

    const site = await salonOf(t)
    expect(site.shop).toMatchObject({ name: DETAILS.name, tagline: DETAILS.tagline, phone: DETAILS.phone, email: DETAILS.email })
    expect(site.shop.address).toEqual({ line1: DETAILS.addressLine1, line2: DETAILS.addressLine2, town: DETAILS.town, postcode: 'SK11 6BX' })
  })

  it('refuses details a person must correct, naming the field, and changes nothing', async () => {
    const t = get()
    const before = (await t.api('staff/salon', { headers: owner.headers })).json.details
    const cases: [object, string][] = [
      [{ postcode: 'SK11' }, 'Please check the request: postcode must be a UK postcode, for example SK10 1AB.'],
      [{ postcode: '12345' }, 'Please check the request: postcode must be a UK postcode, for example SK10 1AB.'],
      [{ email: 'hello@salon' }, 'Please check the request: email must be an email address, for example hello@example.co.uk.'],
      [{ phone: '12345' }, 'Please check the request: phone must be a phone number, for example 01625 123456.'],
      [{ phone: 'call us' }, 'Please check the request: phone must be a phone number, for example 01625 123456.'],
      [{ name: '   ' }, 'Please check the request: name is required.'],
      [{ name: 'x'.repeat(101) }, 'Please check the request: name must be at most 100 characters.'],
      [{ tagline: 'x'.repeat(201) }, 'Please check the request: tagline must be at most 200 characters.'],
      [{ town: '' }, 'Please check the request: town is required.'],
      [{ website: 'https://example.com' }, 'Please check the request: body: Unrecognized key: "website".'],
    ]
    for (const [change, message] of cases) {
      const answer = await t.api('staff/salon', { method: 'PUT', headers: owner.headers, body: { ...DETAILS, ...change } })
      expect([change, answer.status, answer.json.message]).toEqual([change, 400, message])
    }
    expect((await t.api('staff/salon', { headers: owner.headers })).json.details).toEqual(before)
  })

  it('sets the whole week at once, days left out closed, audited; the site shows the new hours', async () => {
    const t = get()
    const before = (await t.api('staff/salon', { headers: owner.headers })).json.openingHours
    const answer = await t.api('staff/salon/hours', { method: 'PUT', headers: owner.headers, body: { hours: [...WEEK].reverse() } })
    expect(answer.status).toBe(200)
    expect(answer.json.openingHours).toEqual(WEEK)
    expect(await lastAudit(t, 'salon.hours-changed')).toMatchObject({ before: { openingHours: before }, after: { openingHours: WEEK } })
    expect((await salonOf(t)).shop.openingHours).toEqual(WEEK)

    // Closed all week is a week too.
    expect((await t.api('staff/salon/hours', { method: 'PUT', headers: owner.headers, body: { hours: [] } })).json.openingHours).toEqual([])
    expect((await t.api('staff/salon/hours', { method: 'PUT', headers: owner.headers, body: { hours: WEEK } })).status).toBe(200)
  })

  it('refuses hours that close before they open, off the five-minute marks, a weekday twice, or not a time', async () => {
    const t = get()
    const cases: [object[], string][] = [
      [
        [{ weekday: 1, opensAt: '18:00', closesAt: '09:00' }],
        'Please check the request: hours.0.closesAt must be after the opening time (Monday opens at 18:00).',
      ],
      [
        [{ weekday: 2, opensAt: '09:00', closesAt: '09:00' }],
        'Please check the request: hours.0.closesAt must be after the opening time (Tuesday opens at 09:00).',
      ],
      [[{ weekday: 0, opensAt: '09:07', closesAt: '17:00' }], 'Please check the request: hours.0.opensAt must be on a 5-minute mark (Sunday: 09:07).'],
      [
        [
          { weekday: 3, opensAt: '09:00', closesAt: '17:00' },
          { weekday: 3, opensAt: '10:00', closesAt: '18:00' },
        ],
        'Please check the request: hours.1.weekday names Wednesday twice.',
      ],
      [[{ weekday: 7, opensAt: '09:00', closesAt: '17:00' }], 'Please check the request: hours.0.weekday must be a weekday from 0 (Sunday) to 6 (Saturday).'],
      [[{ weekday: 1, opensAt: '9am', closesAt: '17:00' }], 'Please check the request: hours.0.opensAt must be a time written HH:MM (24-hour clock).'],
      [[{ weekday: 1, opensAt: '09:00', closesAt: '24:00' }], 'Please check the request: hours.0.closesAt must be a time written HH:MM (24-hour clock).'],
    ]
    for (const [hours, message] of cases) {
      const answer = await t.api('staff/salon/hours', { method: 'PUT', headers: owner.headers, body: { hours } })
      expect([hours, answer.status, answer.json.message]).toEqual([hours, 400, message])
    }
    expect((await t.api('staff/salon', { headers: owner.headers })).json.openingHours).toEqual(WEEK)
  })

  it('lets only the owner change them', async () => {
    const t = get()
    const details = await t.api('staff/salon', { method: 'PUT', headers: staff.headers, body: DETAILS })
    expect([details.status, details.json.message]).toEqual([403, "Only the salon's owner can do this."])
    const hours = await t.api('staff/salon/hours', { method: 'PUT', headers: staff.headers, body: { hours: WEEK } })
    expect([hours.status, hours.json.message]).toEqual([403, "Only the salon's owner can do this."])
  })
})

const KEPT_MS = 60_000

/** A change shows on the customer site at once in every process, though each keeps the public content a minute. */
describeApi(
  'changes to the salon reach every process at once',
  (get) => {
    const listening = (app: { publicContent: { listening: boolean } }) =>
      eventually(
        async () => app.publicContent.listening,
        (on) => on,
      )
    const salonIn = async (app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }) =>
      (await (await app.request('/api/website/salon', { headers: get().shop.headers })).json()) as {
        shop: { name: string; openingHours: { weekday: number; opensAt: string; closesAt: string }[] }
      }

    it('new details and hours show at GET website/salon in another process at once', async () => {
      const t = get()
      const owner = await staffUser(t, { role: 'owner' })
      const second = anotherProcess(t, { publicCacheMs: KEPT_MS })
      await listening(t.app)
      await listening(second)
      // Both processes keep the salon as it was.
      expect((await salonIn(second)).shop.name).toBe(t.shop.name)
      expect((await salonIn(t.app)).shop.name).toBe(t.shop.name)

      expect((await t.api('staff/salon', { method: 'PUT', headers: owner.headers, body: DETAILS })).status).toBe(200)
      expect(
        (
          await eventually(
            () => salonIn(second),
            (s) => s.shop.name === DETAILS.name,
          )
        ).shop.name,
      ).toBe(DETAILS.name)

      expect((await t.api('staff/salon/hours', { method: 'PUT', headers: owner.headers, body: { hours: WEEK } })).status).toBe(200)
      const seen = await eventually(
        () => salonIn(second),
        (s) => s.shop.openingHours.length === WEEK.length,
      )
      expect(seen.shop.openingHours).toEqual(WEEK)
    })
  },
  { deps: () => ({ publicCacheMs: KEPT_MS }) },
)
