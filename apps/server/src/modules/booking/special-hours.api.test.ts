import { randomUUID } from 'node:crypto'
import { healthQuestionsVersion } from '@salon/contracts/rules/health-questions'
import { SessionsResponse } from '@salon/contracts/booking'
import { and, desc, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { describeDate } from '../../lib/local-time.ts'
import { ALL_NO, newPhone, shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)

/** Open 09:00–18:00 every day, one bed taking 3 to 12 minutes with a 5-minute cleaning buffer. */
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '18:00' })),
  closures: [],
  rules: { slotStepMinutes: 15, leadTimeMinutes: 60, horizonDays: 28, firstSessionMaxMinutes: 6, minHoursBetweenSessions: 0, payInSalon: true },
  beds: [
    { id: 'late-bed', type: 'lay-down', name: 'Lay-down', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 },
    { id: 'late-booth', type: 'stand-up', name: 'Booth', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 },
  ],
} satisfies ShopInput

const ONLY_OWNER = "Only the salon's owner can do this."
const PASSPORT = { document: 'passport' }
const DESK_ANSWERS = { version: healthQuestionsVersion(1), answers: ALL_NO }
const LATE = { opensAt: '10:00', closesAt: '21:00', reason: 'Late night before Christmas' }

type Headers = Record<string, string>

/** docs/product.md §10.4 and docs/decisions/039: the owner sets special opening hours for a date. */
describeApi(
  'special opening hours for a date',
  (get) => {
    let owner: StaffUser
    let staff: StaffUser
    beforeAll(async () => {
      clock.set(START)
      ;[owner, staff] = await Promise.all([
        staffUser(get(), { role: 'owner', passwords: fastPasswords }),
        staffUser(get(), { role: 'staff', passwords: fastPasswords }),
      ])
    })

    const setHours = (date: string, body: object, headers: Headers = owner.headers) =>
      get().api(`staff/special-hours/${date}`, { method: 'PUT', body, headers })
    const customer = async () => {
      clock.set(START)
      return shopCustomer(get())
    }
    const book = (c: ShopCustomer, date: string, time: string, bedId = 'late-bed', minutes = 6) =>
      get().api('p_book', { body: { date, time, minutes, bedId }, headers: c.headers })
    const times = async (date: string) =>
      SessionsResponse.parse((await get().api('p_sessions', { body: { date, minutes: 6 } })).json).times.map((slot) => slot.time)
    const walkIn = (body: object, headers: Headers = staff.headers) =>
      get().api('staff/bookings', {
        body: {
          idCheck: PASSPORT,
          paidWith: 'in_salon',
          minutes: 6,
          bedId: 'late-bed',
          customer: { new: { firstName: 'Wendy', lastName: 'Walker', phone: newPhone().typed, dob: '1985-06-01', skinType: 3, health: DESK_ANSWERS } },
          ...body,
        },
        headers,
      })
    const lastAudit = async (action: string) =>
      (
        await get()
          .db.select()
          .from(schema.staffAuditLog)
          .where(and(eq(schema.staffAuditLog.shopId, get().shop.id), eq(schema.staffAuditLog.action, action)))
          .orderBy(desc(schema.staffAuditLog.id))
          .limit(1)
      )[0]

    it('free times follow the date’s special hours, later and earlier than the weekly ones', async () => {
      clock.set(START)
      expect(await times('2026-11-30')).toContain('09:00')
      expect(await times('2026-11-30')).not.toContain('18:00')

      const late = await setHours('2026-11-30', LATE)
      expect(late.status, JSON.stringify(late.json)).toBe(200)
      expect(late.json).toEqual({ specialHours: { date: '2026-11-30', ...LATE }, replacedClosure: null, hit: [] })
      const lateTimes = await times('2026-11-30')
      expect(lateTimes[0]).toBe('10:00')
      expect(lateTimes.at(-1)).toBe('20:45')
      expect(lateTimes).toContain('18:00')

      const short = await setHours('2026-12-01', { opensAt: '09:00', closesAt: '13:00', reason: 'Christmas Eve' })
      expect(short.status).toBe(200)
      const shortTimes = await times('2026-12-01')
      expect(shortTimes.at(-1)).toBe('12:45')
      expect(shortTimes).not.toContain('13:00')
      // The next day keeps the weekly hours.
      expect((await times('2026-12-02')).at(-1)).toBe('17:45')
    })

    it('takes a session in the later hours online and at the desk, and refuses one outside them, as the database does', async () => {
      await setHours('2026-12-03', LATE)
      const online = await book(await customer(), '2026-12-03', '20:30')
      expect(online.status, JSON.stringify(online.json)).toBe(201)
      const desk = await walkIn({ date: '2026-12-03', time: '20:45', bedId: 'late-booth' })
      expect(desk.status, JSON.stringify(desk.json)).toBe(201)

      const outside = `On ${describeDate('2026-12-03')} the salon is open from 10:00 to 21:00 (special hours: Late night before Christmas): a 6-minute session must start at 10:00 or later and end by 21:00.`
      const tooLate = await book(await customer(), '2026-12-03', '21:00', 'late-booth')
      expect([tooLate.status, tooLate.json.message]).toEqual([422, outside])
      // At the desk the date's special hours are a hard rule: not even the owner's override lets a session past them.
      const early = await walkIn({ date: '2026-12-03', time: '09:30', override: { reason: 'Regular' } }, owner.headers)
      expect([early.status, early.json.message, early.json.rule, early.json.overridable]).toEqual([422, outside, 'opening-hours', false])
      // Nor a move at the desk; a move into the later hours is taken.
      const moved = (time: string) =>
        get().api(`staff/bookings/${online.json.booking.id}/move`, {
          body: { bedId: 'late-bed', date: '2026-12-03', time, override: { reason: 'Asked nicely' } },
          headers: owner.headers,
        })
      const movedOut = await moved('21:00')
      expect([movedOut.status, movedOut.json.rule, movedOut.json.overridable]).toEqual([422, 'opening-hours', false])
      expect((await moved('20:00')).status).toBe(200)

      // The database refuses it too, whichever code writes it.
      const c = await customer()
      const at = Date.parse('2026-12-03T21:30:00Z')
      const direct = get()
        .db.insert(schema.bookings)
        .values({
          id: randomUUID(),
          shopId: get().shop.id,
          sub: c.sub,
          bedId: 'late-bed',
          localDate: '2026-12-03',
          startsAt: new Date(at),
          endsAt: new Date(at + 6 * 60_000),
          blockedUntil: new Date(at + 11 * 60_000),
          minutes: 6,
          pricePence: 300,
          paidWith: 'in_salon',
        })
      await expect(direct).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: 'bookings_salon_hours' }) })
    })

    it('answers the sessions outside the new hours without cancelling them, replaces a closure, and is removed again', async () => {
      const early = await customer()
      const kept = await customer()
      const made = await book(early, '2026-12-04', '09:15')
      expect(made.status).toBe(201)
      expect((await book(kept, '2026-12-04', '15:00')).status).toBe(201)

      const changed = await setHours('2026-12-04', { opensAt: '12:00', closesAt: '20:00', reason: 'Staff training' })
      expect(changed.status).toBe(200)
      expect(changed.json.hit).toEqual([
        {
          id: made.json.booking.id,
          date: '2026-12-04',
          time: '09:15',
          minutes: 6,
          status: 'booked',
          customerName: expect.any(String),
          phone: early.phone,
          bed: { id: 'late-bed', name: 'Lay-down' },
        },
      ])
      const mine = await get().api('p_bookings', { headers: early.headers })
      expect(mine.json.upcoming.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([[made.json.booking.id, 'booked']])
      expect(await lastAudit('special-hours.set')).toMatchObject({
        actorSub: owner.sub,
        subjectType: 'special-hours',
        subjectId: '2026-12-04',
        before: null,
        after: { date: '2026-12-04', opensAt: '12:00', closesAt: '20:00', reason: 'Staff training' },
      })

      const closed = await get().api('staff/closures', { headers: owner.headers, body: { from: '2026-12-05', reason: 'Refit' } })
      expect(closed.status).toBe(201)
      const opened = await setHours('2026-12-05', LATE)
      expect(opened.json.replacedClosure).toEqual({ date: '2026-12-05', reason: 'Refit' })
      const closures = await get().api('staff/closures', { headers: staff.headers })
      expect(closures.json.closures).not.toContainEqual(expect.objectContaining({ date: '2026-12-05' }))
      const list = await get().api('staff/special-hours', { headers: staff.headers })
      expect(list.json.specialHours).toContainEqual({ date: '2026-12-05', ...LATE })
      expect(await times('2026-12-05')).toContain('20:45')
      // Opening again is for a closed date; this one has special hours.
      expect((await get().api('staff/closures/2026-12-05', { method: 'DELETE', headers: owner.headers })).status).toBe(404)

      const removed = await get().api('staff/special-hours/2026-12-05', { method: 'DELETE', headers: owner.headers })
      expect(removed.status).toBe(204)
      expect((await times('2026-12-05')).at(-1)).toBe('17:45')
      const again = await get().api('staff/special-hours/2026-12-05', { method: 'DELETE', headers: owner.headers })
      expect([again.status, again.json.message]).toEqual([404, `The salon has no special opening hours on ${describeDate('2026-12-05')}.`])

      // A closure replaces special hours the other way round.
      await setHours('2026-12-06', LATE)
      await get().api('staff/closures', { headers: owner.headers, body: { from: '2026-12-06', reason: 'Flood' } })
      expect(await times('2026-12-06')).toEqual([])
      expect((await get().api('staff/special-hours', { headers: staff.headers })).json.specialHours).not.toContainEqual(
        expect.objectContaining({ date: '2026-12-06' }),
      )
    })

    it('shows the special hours and their reason on the day sheet', async () => {
      await setHours('2026-12-07', LATE)
      const sheet = await get().api('staff/day?date=2026-12-07', { headers: staff.headers })
      expect(sheet.json).toMatchObject({ hours: { opensAt: '10:00', closesAt: '21:00' }, special: { reason: LATE.reason }, closure: null })
      const plain = await get().api('staff/day?date=2026-12-08', { headers: staff.headers })
      expect(plain.json).toMatchObject({ hours: { opensAt: '09:00', closesAt: '18:00' }, special: null })
    })

    it('lets only the owner set or remove special hours', async () => {
      const refused = await setHours('2026-12-09', LATE, staff.headers)
      expect([refused.status, refused.json.message]).toEqual([403, ONLY_OWNER])
      const removal = await get().api('staff/special-hours/2026-12-09', { method: 'DELETE', headers: staff.headers })
      expect(removal.status).toBe(403)
    })

    it('refuses bad dates, times and reasons with a 400 and a message a person can act on', async () => {
      clock.set(START)
      const refusal = async (date: string, body: object) => {
        const answer = await setHours(date, body)
        return [answer.status, answer.json.message]
      }
      expect(await refusal('2026-11-22', LATE)).toEqual([400, `Special opening hours must be for today (${describeDate('2026-11-23')}) or a later date.`])
      expect(await refusal('2026-02-30', LATE)).toEqual([400, expect.stringContaining('must be a real calendar date')])
      expect(await refusal('23-12-2026', LATE)).toEqual([400, expect.stringContaining('must be a date written YYYY-MM-DD')])
      expect(await refusal('2026-12-10', { ...LATE, opensAt: '9:00' })).toEqual([400, expect.stringContaining('opensAt must be a time written HH:MM')])
      expect(await refusal('2026-12-10', { ...LATE, closesAt: '24:00' })).toEqual([400, expect.stringContaining('closesAt must be a time written HH:MM')])
      expect(await refusal('2026-12-10', { ...LATE, opensAt: '21:00', closesAt: '10:00' })).toEqual([
        400,
        expect.stringContaining('closesAt must be after the opening time (21:00)'),
      ])
      expect(await refusal('2026-12-10', { ...LATE, closesAt: '20:58' })).toEqual([400, expect.stringContaining('closesAt must be on a 5-minute mark')])
      expect(await refusal('2026-12-10', { ...LATE, reason: ' ' })).toEqual([400, expect.stringContaining('reason is required')])
      expect(await refusal('2026-12-10', { ...LATE, reason: 'Late\u0000night' })).toEqual([400, expect.stringContaining('cannot be accepted')])
      expect(await refusal('2026-12-10', { ...LATE, extra: 1 })).toEqual([400, expect.any(String)])
      expect((await get().api('staff/special-hours', { headers: staff.headers })).json.specialHours).not.toContainEqual(
        expect.objectContaining({ date: '2026-12-10' }),
      )
    })

    it('answers the same request sent 60 times at once without a server error', async () => {
      const answers = await Promise.all(Array.from({ length: 60 }, () => setHours('2026-12-11', LATE)))
      expect(answers.filter((a) => a.status >= 500)).toEqual([])
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]))
      expect((await get().api('staff/special-hours', { headers: staff.headers })).json.specialHours).toContainEqual({ date: '2026-12-11', ...LATE })
    })
  },
  { deps: () => ({ now: clock.now, passwords: fastPasswords }), shop: SHOP },
)
