import { SessionsResponse, type TimeSlot } from '@salon/contracts/booking'
import { and, desc, eq, schema, sql, type Db } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { describeDate } from '../../lib/local-time.ts'
import { eventually } from '../../test/eventually.ts'
import { shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { createShop, type ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { anotherProcess, describeApi, type TestApp } from '../../test/harness.ts'

/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const LAY_DOWN = 'manage-lay-down'
const BOOTH = 'manage-booth'

/** Open 09:00–18:00 every day, no closures, two beds taking 3 to 12 minutes with a 5-minute cleaning buffer. */
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '18:00' })),
  closures: [],
  rules: { slotStepMinutes: 15, leadTimeMinutes: 60, horizonDays: 28, firstSessionMaxMinutes: 6, minHoursBetweenSessions: 24, payInSalon: true },
  beds: [
    { id: LAY_DOWN, type: 'lay-down', name: 'Lay-down', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 },
    { id: BOOTH, type: 'stand-up', name: 'Booth', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 },
  ],
} satisfies ShopInput

const PICTURE = '/images/beds/bed-aurelia-x9.svg'
const NEW_BED = {
  name: 'Skyline',
  type: 'stand-up',
  description: 'A tall booth with a breeze.',
  features: ['Aqua mist', 'Music'],
  picture: PICTURE,
  minMinutes: 4,
  maxMinutes: 10,
  cleaningBufferMinutes: 10,
}
const ONLY_OWNER = "Only the salon's owner can do this."

const deps = () => ({ now: clock.now, passwords: fastPasswords })
const bedsAt = (times: TimeSlot[], time: string) => times.find((s) => s.time === time)?.bedIds ?? []

async function lastAudit(t: TestApp, action: string) {
  const [entry] = await t.db
    .select()
    .from(schema.staffAuditLog)
    .where(and(eq(schema.staffAuditLog.shopId, t.shop.id), eq(schema.staffAuditLog.action, action)))
    .orderBy(desc(schema.staffAuditLog.id))
    .limit(1)
  return entry
}

function calls(get: () => TestApp) {
  return {
    book: (customer: ShopCustomer, date: string, time: string, bedId: string, minutes = 6) =>
      get().api('p_book', { body: { date, time, minutes, bedId }, headers: customer.headers }),
    sessions: async (date: string, bedId?: string, minutes = 6) =>
      SessionsResponse.parse((await get().api('p_sessions', { body: { date, minutes, ...(bedId ? { bedId } : {}) } })).json).times,
    customer: async () => {
      clock.set(START)
      return shopCustomer(get())
    },
  }
}

/** docs/product.md §10.4: the owner closes days, changes beds, puts them out of service and sets the booking rules. */
describeApi(
  "managing the salon's schedule",
  (get) => {
    let owner: StaffUser
    let staff: StaffUser
    const { book, sessions, customer } = calls(get)

    beforeAll(async () => {
      ;[owner, staff] = await Promise.all([
        staffUser(get(), { role: 'owner', name: 'Olive Owner', passwords: fastPasswords }),
        staffUser(get(), { role: 'staff', passwords: fastPasswords }),
      ])
    })

    it('closes a day: free times go, bookings are refused, and the sessions already on it are listed, not cancelled', async () => {
      const t = get()
      clock.set(START)
      const booked = await customer()
      const made = await book(booked, '2026-11-25', '10:00', LAY_DOWN)
      expect(made.status).toBe(201)

      const closed = await t.api('staff/closures', { headers: owner.headers, body: { from: '2026-11-25', reason: 'Refit' } })
      expect(closed.status).toBe(201)
      expect(closed.json.closures).toEqual([{ date: '2026-11-25', reason: 'Refit' }])
      expect(closed.json.hit).toEqual([
        {
          id: made.json.booking.id,
          date: '2026-11-25',
          time: '10:00',
          minutes: 6,
          status: 'booked',
          customerName: expect.any(String),
          phone: booked.phone,
          bed: { id: LAY_DOWN, name: 'Lay-down' },
        },
      ])
      expect(closed.json.hit[0].customerName.length).toBeGreaterThan(0)
      // Not cancelled: the salon calls the customer to move it.
      const mine = await t.api('p_bookings', { headers: booked.headers })
      expect(mine.json.upcoming.map((b: { id: string }) => b.id)).toEqual([made.json.booking.id])

      expect(await sessions('2026-11-25')).toEqual([])
      const other = await customer()
      const refused = await book(other, '2026-11-25', '12:00', BOOTH)
      expect([refused.status, refused.json.message]).toEqual([422, `The salon is closed on ${describeDate('2026-11-25')} (Refit). Please choose another day.`])
      expect(await lastAudit(t, 'closure.added')).toMatchObject({
        actorSub: owner.sub,
        subjectType: 'closure',
        subjectId: '2026-11-25',
        before: null,
        after: { from: '2026-11-25', to: '2026-11-25', reason: 'Refit' },
      })
    })

    it('closes a range of days, lists closures from today on, and opens a day again', async () => {
      const t = get()
      clock.set(START)
      const range = await t.api('staff/closures', { headers: owner.headers, body: { from: '2026-12-01', to: '2026-12-03', reason: 'Holiday' } })
      expect(range.status).toBe(201)
      expect(range.json).toEqual({
        closures: ['2026-12-01', '2026-12-02', '2026-12-03'].map((date) => ({ date, reason: 'Holiday' })),
        hit: [],
      })
      // A day already closed takes the new reason.
      const again = await t.api('staff/closures', { headers: owner.headers, body: { from: '2026-12-03', reason: 'Stocktake' } })
      expect(again.json.closures).toEqual([{ date: '2026-12-03', reason: 'Stocktake' }])
      expect(await lastAudit(t, 'closure.added')).toMatchObject({ before: { closures: [{ date: '2026-12-03', reason: 'Holiday' }] } })

      const list = await t.api('staff/closures', { headers: staff.headers })
      expect(list.json.closures).toEqual(
        expect.arrayContaining([
          { date: '2026-12-01', reason: 'Holiday' },
          { date: '2026-12-02', reason: 'Holiday' },
          { date: '2026-12-03', reason: 'Stocktake' },
        ]),
      )
      const dates = list.json.closures.map((c: { date: string }) => c.date)
      expect(dates).toEqual([...dates].sort())

      expect((await t.api('staff/closures/2026-12-02', { method: 'DELETE', headers: owner.headers })).status).toBe(204)
      expect(await lastAudit(t, 'closure.removed')).toMatchObject({ subjectId: '2026-12-02', before: { date: '2026-12-02', reason: 'Holiday' } })
      expect((await sessions('2026-12-02')).length).toBeGreaterThan(0)
      const gone = await t.api('staff/closures/2026-12-02', { method: 'DELETE', headers: owner.headers })
      expect([gone.status, gone.json.message]).toEqual([404, `The salon is not closed on ${describeDate('2026-12-02')}.`])
    })

    it('refuses closures that cannot be, naming the field, and closes nothing', async () => {
      const t = get()
      clock.set(START)
      const cases: [object, string][] = [
        [{ from: '2026-02-30', reason: 'x' }, 'Please check the request: from must be a real calendar date.'],
        [{ from: '25/12/2026', reason: 'x' }, 'Please check the request: from must be a date written YYYY-MM-DD.'],
        [{ from: '2026-12-10', to: '2026-12-09', reason: 'x' }, 'Please check the request: to must be on or after from.'],
        [
          { from: '2026-12-10', to: '2027-12-11', reason: 'x' },
          'Please check the request: to must be at most 366 days after from, counting both (at most 2027-12-10).',
        ],
        [{ from: '2026-12-10', reason: '  ' }, 'Please check the request: reason is required.'],
        [{ from: '2026-12-10', reason: 'x'.repeat(201) }, 'Please check the request: reason must be at most 200 characters.'],
        [{ from: '2026-11-22', reason: 'Too late' }, `A closure must start today (${describeDate('2026-11-23')}) or later.`],
      ]
      for (const [body, message] of cases) {
        const answer = await t.api('staff/closures', { headers: owner.headers, body })
        expect([body, answer.status, answer.json.message]).toEqual([body, 400, message])
      }
      const bad = await t.api('staff/closures/2026-13-01', { method: 'DELETE', headers: owner.headers })
      expect([bad.status, bad.json.message]).toEqual([400, 'Please check the param request: date must be a real calendar date.'])
      const closures = await t.db
        .select()
        .from(schema.closures)
        .where(and(eq(schema.closures.shopId, t.shop.id), eq(schema.closures.date, '2026-12-10')))
      expect(closures).toEqual([])
      // A whole year (366 days with the 29th of February 2028) is allowed.
      const year = await t.api('staff/closures', { headers: owner.headers, body: { from: '2027-03-01', to: '2028-02-29', reason: 'Sabbatical' } })
      expect([year.status, year.json.closures.length]).toEqual([201, 366])
    })

    it('adds a sunbed from the pictures the site has; it is offered and shown at once', async () => {
      const t = get()
      clock.set(START)
      const listed = await t.api('staff/beds', { headers: staff.headers })
      expect(listed.status).toBe(200)
      expect(listed.json.pictures).toContain(PICTURE)
      expect(listed.json.bedTypes.map((b: { code: string }) => b.code)).toEqual(['lay-down', 'stand-up', 'high-pressure'])
      expect(listed.json.beds.find((b: { id: string }) => b.id === LAY_DOWN)).toMatchObject({ name: 'Lay-down', active: true, outOfService: [] })

      const added = await t.api('staff/beds', { headers: owner.headers, body: NEW_BED })
      expect(added.status).toBe(201)
      expect(added.json).toEqual({ bed: { id: expect.any(String), ...NEW_BED, active: true, outOfService: [] }, hit: [] })
      const id = added.json.bed.id as string
      expect(await lastAudit(t, 'bed.added')).toMatchObject({ subjectType: 'bed', subjectId: id, after: { ...NEW_BED, active: true } })

      const site = await t.api('website/salon')
      expect(site.json.beds.map((b: { name: string }) => b.name)).toContain('Skyline')
      expect(bedsAt(await sessions('2026-11-24', id), '12:00')).toEqual([id])
    })

    it('refuses a sunbed a person must correct', async () => {
      const t = get()
      const cases: [object, string][] = [
        [{ type: 'sit-up' }, "Please check the request: type must be one of this salon's bed types: lay-down, stand-up, high-pressure."],
        [
          { picture: '/images/beds/mine.png' },
          `Please check the request: picture must be one of the sunbed pictures: /images/beds/bed-solara-classic-24.svg, /images/beds/bed-aurelia-x9.svg, /images/beds/bed-vertica-44.svg, /images/beds/bed-skyline-v360.svg, /images/beds/bed-helios-hp12.svg.`,
        ],
        [{ minMinutes: 12, maxMinutes: 6 }, 'Please check the request: maxMinutes must be at least minMinutes.'],
        [{ maxMinutes: 61 }, 'Please check the request: maxMinutes must be a whole number of minutes from 1 to 60.'],
        [{ cleaningBufferMinutes: 2.5 }, 'Please check the request: cleaningBufferMinutes must be a whole number of minutes from 0 to 60.'],
        [{ name: '' }, 'Please check the request: name is required.'],
        [{ features: Array.from({ length: 13 }, () => 'Fan') }, 'Please check the request: features must have at most 12 entries.'],
      ]
      for (const [change, message] of cases) {
        const answer = await t.api('staff/beds', { headers: owner.headers, body: { ...NEW_BED, ...change } })
        expect([change, answer.status, answer.json.message]).toEqual([change, 400, message])
      }
    })

    it("renames and changes a sunbed, audited; lists sessions it no longer takes; another salon's bed is not found", async () => {
      const t = get()
      clock.set(START)
      const long = await customer()
      const made = await book(long, '2026-11-26', '11:00', BOOTH)
      expect(made.status).toBe(201)
      const changed = await t.api(`staff/beds/${BOOTH}`, {
        method: 'PUT',
        headers: owner.headers,
        body: { ...NEW_BED, name: 'Booth Deluxe', minMinutes: 8, maxMinutes: 12 },
      })
      expect(changed.status).toBe(200)
      expect(changed.json.bed).toMatchObject({ id: BOOTH, name: 'Booth Deluxe', minMinutes: 8, maxMinutes: 12 })
      // The six-minute session is shorter than the bed now takes: listed for the salon to sort out, not cancelled.
      expect(changed.json.hit.map((h: { id: string }) => h.id)).toEqual([made.json.booking.id])
      expect(await lastAudit(t, 'bed.changed')).toMatchObject({
        subjectId: BOOTH,
        before: { name: 'Booth', minMinutes: 3 },
        after: { name: 'Booth Deluxe', minMinutes: 8 },
      })
      expect((await t.api('website/salon')).json.beds.find((b: { id: string }) => b.id === BOOTH).name).toBe('Booth Deluxe')

      const elsewhere = await createShop(t.db)
      for (const answer of [
        await t.api(`staff/beds/${elsewhere.beds[0]!.id}`, { method: 'PUT', headers: owner.headers, body: NEW_BED }),
        await t.api(`staff/beds/${elsewhere.beds[0]!.id}/retire`, { method: 'POST', headers: owner.headers }),
        await t.api(`staff/beds/no-such-bed/out-of-service`, {
          headers: owner.headers,
          body: { from: '2026-12-05T09:00', until: '2026-12-05T12:00', reason: 'x' },
        }),
      ]) {
        expect([answer.status, answer.json.message]).toEqual([404, 'There is no such sunbed at this salon.'])
      }
      const denied = await t.api(`staff/beds/${BOOTH}`, { method: 'PUT', headers: staff.headers, body: NEW_BED })
      expect([denied.status, denied.json.message]).toEqual([403, ONLY_OWNER])
    })

    it('retires a sunbed: its sessions to come are listed, it leaves the site and takes no booking; it can come back', async () => {
      const t = get()
      clock.set(START)
      const added = await t.api('staff/beds', { headers: owner.headers, body: { ...NEW_BED, name: 'Old Faithful' } })
      const id = added.json.bed.id as string
      const someone = await customer()
      const made = await book(someone, '2026-11-27', '15:00', id)
      expect(made.status).toBe(201)

      const retired = await t.api(`staff/beds/${id}/retire`, { method: 'POST', headers: owner.headers })
      expect(retired.status).toBe(200)
      expect(retired.json.bed.active).toBe(false)
      expect(retired.json.hit.map((h: { id: string; time: string }) => [h.id, h.time])).toEqual([[made.json.booking.id, '15:00']])
      expect(await lastAudit(t, 'bed.retired')).toMatchObject({ subjectId: id, before: { active: true }, after: { active: false } })
      expect((await t.api('website/salon')).json.beds.map((b: { id: string }) => b.id)).not.toContain(id)
      const later = await customer()
      const refused = await book(later, '2026-11-28', '15:00', id)
      expect([refused.status, refused.json.message]).toEqual([422, `bedId: there is no sunbed "${id}" at this salon.`])
      const twice = await t.api(`staff/beds/${id}/retire`, { method: 'POST', headers: owner.headers })
      expect([twice.status, twice.json.message]).toEqual([409, 'This sunbed is already retired.'])

      const back = await t.api(`staff/beds/${id}/reinstate`, { method: 'POST', headers: owner.headers })
      expect([back.status, back.json.bed.active]).toEqual([200, true])
      expect(await lastAudit(t, 'bed.reinstated')).toMatchObject({ subjectId: id })
      expect((await book(later, '2026-11-28', '15:00', id)).status).toBe(201)
    })

    it('puts a sunbed out of service: free times stop offering it then, a booking into it is refused, the sessions hit are listed', async () => {
      const t = get()
      clock.set(START)
      const early = await customer()
      const made = await book(early, '2026-11-30', '10:00', LAY_DOWN)
      expect(made.status).toBe(201)
      expect(bedsAt(await sessions('2026-11-30'), '10:30')).toEqual(expect.arrayContaining([LAY_DOWN]))

      const out = await t.api(`staff/beds/${LAY_DOWN}/out-of-service`, {
        headers: owner.headers,
        body: { from: '2026-11-30T09:25', until: '2026-11-30T11:00', reason: 'New lamps' },
      })
      expect(out.status).toBe(201)
      const period = { id: expect.any(String), from: '2026-11-30T09:25:00+00:00', until: '2026-11-30T11:00:00+00:00', reason: 'New lamps' }
      expect(out.json.bed.outOfService).toEqual([period])
      expect(out.json.hit.map((h: { id: string }) => h.id)).toEqual([made.json.booking.id])
      expect(await lastAudit(t, 'bed.out-of-service-added')).toMatchObject({ subjectId: LAY_DOWN, after: { ...period, bed: 'Lay-down' } })

      // A six-minute session with its five-minute clean must be over by 09:25, and may start at 11:00.
      const times = await sessions('2026-11-30')
      expect(bedsAt(times, '09:00')).toContain(LAY_DOWN)
      for (const time of ['09:15', '09:30', '09:45', '10:15', '10:30', '10:45']) expect([time, bedsAt(times, time).includes(LAY_DOWN)]).toEqual([time, false])
      expect(bedsAt(times, '11:00')).toContain(LAY_DOWN)
      const late = await customer()
      const refused = await book(late, '2026-11-30', '10:30', LAY_DOWN)
      expect([refused.status, refused.json.message]).toEqual([422, 'Sorry, Lay-down is out of service at that time. Please choose another time or sunbed.'])
      // 09:15 to 09:21 misses the period, but its cleaning buffer (to 09:26) does not.
      const edge = await book(late, '2026-11-30', '09:15', LAY_DOWN)
      expect([edge.status, edge.json.message]).toEqual([422, 'Sorry, Lay-down is out of service at that time. Please choose another time or sunbed.'])

      const listed = await t.api('staff/beds', { headers: staff.headers })
      expect(listed.json.beds.find((b: { id: string }) => b.id === LAY_DOWN).outOfService).toEqual([period])

      const removed = await t.api(`staff/beds/${LAY_DOWN}/out-of-service/${out.json.bed.outOfService[0].id}`, { method: 'DELETE', headers: owner.headers })
      expect([removed.status, removed.json.bed.outOfService]).toEqual([200, []])
      expect(await lastAudit(t, 'bed.out-of-service-removed')).toMatchObject({ subjectId: LAY_DOWN, before: { ...period, bed: 'Lay-down' } })
      expect(bedsAt(await sessions('2026-11-30'), '10:30')).toContain(LAY_DOWN)
      expect((await book(late, '2026-11-30', '10:30', LAY_DOWN)).status).toBe(201)
      const again = await t.api(`staff/beds/${LAY_DOWN}/out-of-service/${out.json.bed.outOfService[0].id}`, { method: 'DELETE', headers: owner.headers })
      expect([again.status, again.json.message]).toEqual([404, 'This sunbed has no such time out of service.'])
    })

    it("reads out-of-service times in the salon's time zone and refuses ones that cannot be", async () => {
      const t = get()
      clock.set(START)
      // June is British Summer Time: 09:30 in the salon is 08:30 UTC.
      const summer = await t.api(`staff/beds/${BOOTH}/out-of-service`, {
        headers: owner.headers,
        body: { from: '2027-06-01T09:30', until: '2027-06-02T18:00', reason: 'Service visit' },
      })
      expect(summer.status).toBe(201)
      expect(summer.json.bed.outOfService.at(-1)).toMatchObject({ from: '2027-06-01T09:30:00+01:00', until: '2027-06-02T18:00:00+01:00' })
      const [row] = await t.db
        .select()
        .from(schema.bedOutOfService)
        .where(eq(schema.bedOutOfService.id, summer.json.bed.outOfService.at(-1).id))
      expect(row!.startsAt.toISOString()).toBe('2027-06-01T08:30:00.000Z')

      const cases: [object, number, string][] = [
        [{ from: '2026-12-05T12:00', until: '2026-12-05T09:00', reason: 'x' }, 400, 'Please check the request: until must be after from.'],
        [
          { from: '2026-12-05 09:00', until: '2026-12-05T12:00', reason: 'x' },
          400,
          'Please check the request: from must be a date and time written YYYY-MM-DDTHH:MM.',
        ],
        [{ from: '2026-02-29T09:00', until: '2026-12-05T12:00', reason: 'x' }, 400, 'Please check the request: from must be a real calendar date and time.'],
        [{ from: '2026-12-05T09:00', until: '2026-12-05T12:00' }, 400, 'Please check the request: reason is required.'],
        [
          { from: '2027-03-28T01:30', until: '2027-03-28T12:00', reason: 'x' },
          400,
          `Please check the request: from 01:30 does not exist on ${describeDate('2027-03-28')}: the clocks go forward that night.`,
        ],
        [{ from: '2026-11-20T09:00', until: '2026-11-22T12:00', reason: 'x' }, 400, 'A time out of service must end later than now.'],
        [
          { from: '2026-12-01T09:00', until: '2027-12-03T09:00', reason: 'x' },
          400,
          'A time out of service can be at most 366 days long. Please put in a shorter one.',
        ],
      ]
      for (const [body, status, message] of cases) {
        const answer = await t.api(`staff/beds/${BOOTH}/out-of-service`, { headers: owner.headers, body })
        expect([body, answer.status, answer.json.message]).toEqual([body, status, message])
      }
      const badId = await t.api(`staff/beds/${BOOTH}/out-of-service/42`, { method: 'DELETE', headers: owner.headers })
      expect([badId.status, badId.json.message]).toEqual([400, 'Please check the param request: periodId must be the id of a time out of service.'])
    })

    it('changes the booking rules with the checks of the table as clear refusals, audited, and starts online bookings', async () => {
      const t = get()
      clock.set(START)
      const before = await t.api('staff/booking-rules', { headers: staff.headers })
      expect(before.status).toBe(200)
      expect(before.json.rules.reminderHoursBefore).toBe(24)
      const rules = { ...before.json.rules, firstSessionMaxMinutes: 9, slotStepMinutes: 30, payUpFront: true, reminderHoursBefore: 48 }
      const changed = await t.api('staff/booking-rules', { method: 'PUT', headers: owner.headers, body: rules })
      expect([changed.status, changed.json.rules]).toEqual([200, rules])
      expect(await lastAudit(t, 'booking-rules.changed')).toMatchObject({ before: before.json.rules, after: rules })
      const preload = await t.api('p_preload_times')
      expect(preload.json.minutes).toBe(9)
      expect(preload.json.times['2026-11-24'].slice(0, 2).map((s: { time: string }) => s.time)).toEqual(['09:00', '09:30'])

      const cases: [object, string][] = [
        [{ slotStepMinutes: 0 }, 'Please check the request: slotStepMinutes must be a whole number of minutes from 1 to 240.'],
        [{ horizonDays: 367 }, 'Please check the request: horizonDays must be a whole number of days from 0 to 366.'],
        [{ leadTimeMinutes: -1 }, 'Please check the request: leadTimeMinutes must be a whole number of minutes from 0 to 10080.'],
        [{ firstSessionMaxMinutes: 0 }, 'Please check the request: firstSessionMaxMinutes must be a whole number of minutes from 1 to 60.'],
        [{ minHoursBetweenSessions: 1.5 }, 'Please check the request: minHoursBetweenSessions must be a whole number of hours from 0 to 720.'],
        [{ payInSalon: 'yes' }, 'Please check the request: payInSalon must be true or false.'],
        [{ reminderHoursBefore: 169 }, 'Please check the request: reminderHoursBefore must be a whole number of hours from 0 to 168.'],
      ]
      for (const [change, message] of cases) {
        const answer = await t.api('staff/booking-rules', { method: 'PUT', headers: owner.headers, body: { ...rules, ...change } })
        expect([change, answer.status, answer.json.message]).toEqual([change, 400, message])
      }
      const denied = await t.api('staff/booking-rules', { method: 'PUT', headers: staff.headers, body: rules })
      expect([denied.status, denied.json.message]).toEqual([403, ONLY_OWNER])

      // A salon that took no bookings online starts with its first rules.
      await t.db.delete(schema.bookingRules).where(eq(schema.bookingRules.shopId, t.shop.id))
      expect((await t.api('staff/booking-rules', { headers: staff.headers })).json).toEqual({ rules: null })
      expect((await t.api('staff/booking-rules', { method: 'PUT', headers: owner.headers, body: before.json.rules })).json).toEqual({
        rules: before.json.rules,
      })
      expect(await lastAudit(t, 'booking-rules.changed')).toMatchObject({ before: null, after: before.json.rules })
    })

    it('lets only the owner change the schedule: closures and the sunbeds themselves', async () => {
      const t = get()
      const attempts = [
        await t.api('staff/closures', { headers: staff.headers, body: { from: '2026-12-20', reason: 'x' } }),
        await t.api('staff/closures/2026-12-20', { method: 'DELETE', headers: staff.headers }),
        await t.api('staff/beds', { headers: staff.headers, body: NEW_BED }),
        await t.api(`staff/beds/${BOOTH}/retire`, { method: 'POST', headers: staff.headers }),
      ]
      // A time out of service is every member's to record, from the day sheet when a lamp fails (staff-day.api.test.ts).
      for (const answer of attempts) expect([answer.status, answer.json.message]).toEqual([403, ONLY_OWNER])
    })
  },
  { deps, shop: SHOP },
)

const KEPT_MS = 3600_000

/** Free times and public content are kept in each process; a change made in one reaches every other at once. */
describeApi(
  'schedule changes reach every process at once',
  (get) => {
    it('a renamed bed shows at website/salon, and a bed out of service leaves p_preload_times, in another process', async () => {
      const t = get()
      // Two hours before the first slot's lead time: the free times are kept until then.
      clock.set('2026-11-23T06:00:00Z')
      const owner = await staffUser(t, { role: 'owner', passwords: fastPasswords })
      const second = anotherProcess(t, { ...deps(), publicCacheMs: KEPT_MS, availabilityCacheMs: KEPT_MS })
      const ask = async (path: string) => (await (await second.request(`/api/${path}`, { headers: t.shop.headers })).json()) as Record<string, any>
      await eventually(
        async () => second.availability.listening && second.publicContent.listening,
        (on) => on,
      )
      // The second process keeps both answers.
      expect((await ask('website/salon')).beds.map((b: { name: string }) => b.name)).toContain('Lay-down')
      expect(bedsAt((await ask('p_preload_times')).times['2026-11-24'], '12:00')).toContain(LAY_DOWN)
      expect(second.availability.size).toBeGreaterThan(0)

      const renamed = await t.api(`staff/beds/${LAY_DOWN}`, {
        method: 'PUT',
        headers: owner.headers,
        body: { ...NEW_BED, type: 'lay-down', name: 'Lay-down Supreme', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 },
      })
      expect(renamed.status).toBe(200)
      const site = await eventually(
        () => ask('website/salon'),
        (salon) => salon.beds.some((b: { name: string }) => b.name === 'Lay-down Supreme'),
      )
      expect(site.beds.find((b: { id: string }) => b.id === LAY_DOWN).name).toBe('Lay-down Supreme')

      const out = await t.api(`staff/beds/${LAY_DOWN}/out-of-service`, {
        headers: owner.headers,
        body: { from: '2026-11-24T09:00', until: '2026-11-24T18:00', reason: 'Broken' },
      })
      expect(out.status).toBe(201)
      const preload = await eventually(
        () => ask('p_preload_times'),
        (answer) => !answer.times['2026-11-24'].some((s: TimeSlot) => s.bedIds.includes(LAY_DOWN)),
      )
      expect(preload.times['2026-11-24'].flatMap((s: TimeSlot) => s.bedIds)).not.toContain(LAY_DOWN)
      expect(bedsAt(preload.times['2026-11-25'], '12:00')).toContain(LAY_DOWN)
    })
  },
  { deps: () => ({ ...deps(), publicCacheMs: KEPT_MS, availabilityCacheMs: KEPT_MS }), shop: SHOP },
)

/**
 * A bed put out of service while customers book into that time: each booking either commits first and is listed
 * among the sessions hit, or is refused; none slips in unlisted. Only PostgreSQL has concurrent connections.
 */
describeApi(
  'a bed put out of service while customers book it',
  (get) => {
    /** How many other connections wait for a lock: a request blocked by the transaction the test holds open. */
    const waitingForLocks = async () => {
      const result = (await get().db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] }
      return result.rows[0]!.n
    }

    it('a booking still being written when the bed is put out of service commits first and is listed as hit', async () => {
      const t = get()
      clock.set(START)
      const owner = await staffUser(t, { role: 'owner', passwords: fastPasswords })
      const booked = await shopCustomer(t)
      // A first booking makes the customer's row at the salon.
      expect((await t.api('p_book', { body: { date: '2026-12-14', time: '09:00', minutes: 6, bedId: BOOTH }, headers: booked.headers })).status).toBe(201)
      const id = '33333333-3333-4333-8333-333333333333'
      let out: ReturnType<typeof t.api> | undefined
      await t.db.transaction(async (tx) => {
        // The booking's insert locks the bed's row (migration 0016) and holds it until this transaction commits.
        await tx.insert(schema.bookings).values({
          id,
          shopId: t.shop.id,
          sub: booked.sub,
          bedId: LAY_DOWN,
          localDate: '2026-12-15',
          startsAt: new Date('2026-12-15T11:00:00Z'),
          endsAt: new Date('2026-12-15T11:06:00Z'),
          blockedUntil: new Date('2026-12-15T11:11:00Z'),
          minutes: 6,
          pricePence: 360,
          paidWith: 'in_salon',
        })
        out = t.api(`staff/beds/${LAY_DOWN}/out-of-service`, {
          headers: owner.headers,
          body: { from: '2026-12-15T10:00', until: '2026-12-15T12:00', reason: 'Fault' },
        })
        expect(await eventually(waitingForLocks, (n) => n > 0)).toBeGreaterThan(0)
      })
      const period = await out!
      expect(period.status).toBe(201)
      expect(period.json.hit.map((h: { id: string }) => h.id)).toEqual([id])
    })

    it('a booking made while the bed is being put out of service waits for it, then is refused', async () => {
      const t = get()
      clock.set(START)
      const owner = await staffUser(t, { role: 'owner', passwords: fastPasswords })
      const late = await shopCustomer(t)
      let booking: ReturnType<typeof t.api> | undefined
      await t.db.transaction(async (tx) => {
        // The owner's change in flight: the bed's row locked as the out-of-service call locks it, the period written.
        await tx.select({ id: schema.beds.id }).from(schema.beds).where(eq(schema.beds.id, LAY_DOWN)).for('update')
        await tx.insert(schema.bedOutOfService).values({
          id: '44444444-4444-4444-8444-444444444444',
          shopId: t.shop.id,
          bedId: LAY_DOWN,
          startsAt: new Date('2026-12-16T10:00:00Z'),
          endsAt: new Date('2026-12-16T12:00:00Z'),
          reason: 'Fault',
          createdBy: owner.sub,
        })
        booking = t.api('p_book', { body: { date: '2026-12-16', time: '11:00', minutes: 6, bedId: LAY_DOWN }, headers: late.headers })
        expect(await eventually(waitingForLocks, (n) => n > 0)).toBeGreaterThan(0)
      })
      const answer = await booking!
      expect([answer.status, answer.json.message]).toEqual([422, 'Sorry, Lay-down is out of service at that time. Please choose another time or sunbed.'])
    })

    it('a booking made while the salon closes that day, or retires the bed, waits for the change, then is refused', async () => {
      const t = get()
      clock.set(START)
      const [first, second] = await Promise.all([shopCustomer(t), shopCustomer(t)])
      const refusals = [
        {
          date: '2026-12-17',
          customer: first,
          change: async (tx: Db) => {
            // As POST staff/closures does: every bed of the salon locked, then the day closed.
            await tx.select({ id: schema.beds.id }).from(schema.beds).where(eq(schema.beds.shopId, t.shop.id)).for('update')
            await tx.insert(schema.closures).values({ shopId: t.shop.id, date: '2026-12-17', reason: 'Flood' })
          },
          message: `The salon is closed on ${describeDate('2026-12-17')}. Please choose another day.`,
        },
        {
          date: '2026-12-18',
          customer: second,
          change: (tx: Db) => tx.update(schema.beds).set({ active: false }).where(eq(schema.beds.id, LAY_DOWN)),
          message: 'Sorry, Lay-down is no longer taking bookings. Please choose another sunbed.',
        },
      ]
      for (const { date, customer, change, message } of refusals) {
        let booking: ReturnType<typeof t.api> | undefined
        await t.db.transaction(async (tx) => {
          await change(tx)
          booking = t.api('p_book', { body: { date, time: '11:00', minutes: 6, bedId: LAY_DOWN }, headers: customer.headers })
          expect(await eventually(waitingForLocks, (n) => n > 0)).toBeGreaterThan(0)
        })
        const answer = await booking!
        expect([date, answer.status, answer.json.message]).toEqual([date, 422, message])
      }
      await t.db.update(schema.beds).set({ active: true }).where(eq(schema.beds.id, LAY_DOWN))
    })

    it('every booking in the period is refused or listed as hit', async () => {
      const t = get()
      clock.set(START)
      const owner = await staffUser(t, { role: 'owner', passwords: fastPasswords })
      const days = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12']
      const times = ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45']
      const customers = await Promise.all(times.map(() => shopCustomer(t)))
      for (const [round, date] of days.entries()) {
        // The customers book the lay-down through the morning while the owner takes it out from 10:30: from round to
        // round the owner starts later, once more of the bookings have been answered, so either may come first.
        let answered = 0
        let startOut: () => void = () => {}
        const outStarts = new Promise<void>((resolve) => (startOut = resolve))
        const bookings = Promise.all(
          customers.map(async (c, i) => {
            const answer = await t.api('p_book', { body: { date, time: times[i], minutes: 6, bedId: LAY_DOWN }, headers: c.headers })
            if (++answered === round) startOut()
            return answer
          }),
        )
        if (round === 0) startOut()
        const out = outStarts.then(() =>
          t.api(`staff/beds/${LAY_DOWN}/out-of-service`, { headers: owner.headers, body: { from: `${date}T10:30`, until: `${date}T12:00`, reason: 'Fault' } }),
        )
        const [answers, period] = await Promise.all([bookings, out])
        expect(period.status).toBe(201)
        const hit = new Set(period.json.hit.map((h: { id: string }) => h.id))
        for (const [i, answer] of answers.entries()) {
          const time = times[i]!
          if (time < '10:30') {
            // 10:15 + 6 minutes + 5 to clean ends 10:26: before the period.
            expect([time, answer.status]).toEqual([time, 201])
            expect(hit.has(answer.json.booking.id)).toBe(false)
          } else if (answer.status === 201) {
            expect([time, hit.has(answer.json.booking.id)]).toEqual([time, true])
          } else {
            expect([time, answer.status, answer.json.message]).toEqual([
              time,
              422,
              'Sorry, Lay-down is out of service at that time. Please choose another time or sunbed.',
            ])
          }
        }
        const inPeriod = await t.db.execute(
          sql`select id from bookings where bed_id = ${LAY_DOWN} and status <> 'cancelled' and local_date = ${date}::date and starts_at >= ${`${date}T10:30:00Z`}::timestamptz`,
        )
        const rows = (inPeriod as unknown as { rows: { id: string }[] }).rows
        expect(rows.every((r) => hit.has(r.id))).toBe(true)
      }
    }, 120_000)
  },
  { deps, shop: SHOP, postgresOnly: true },
)
