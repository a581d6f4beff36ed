import { PreloadTimesResponse, SessionsResponse } from '@salon/contracts/booking'
import { schema, sql } from '@salon/db'
import { expect, it } from 'vitest'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { OpeningHours, ShopInput } from '../../test/factories/shop.ts'
import { eventually } from '../../test/eventually.ts'
import { describeApi } from '../../test/harness.ts'

const clock = testClock('2026-11-23T08:00:00Z')
type Slot = { time: string; startsAt: string; bedIds: string[] }

/** The salon of this suite: open late on weekdays, short on Sundays, with beds that take different lengths. */
const SHOP = {
  hours: [
    { weekday: 0, opensAt: '10:00', closesAt: '16:00' },
    ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
    { weekday: 6, opensAt: '09:00', closesAt: '17:00' },
  ],
  rules: { slotStepMinutes: 15, leadTimeMinutes: 60, horizonDays: 28, firstSessionMaxMinutes: 6 },
  closures: [
    { date: '2026-12-25', reason: 'Christmas Day' },
    { date: '2026-12-28', reason: 'Boxing Day (substitute day)' },
  ],
  beds: [
    { type: 'lay-down', name: 'Long Lay-down', maxMinutes: 15 },
    { type: 'lay-down', name: 'Lay-down', maxMinutes: 12 },
    { type: 'stand-up', name: 'Booth', maxMinutes: 12 },
    { type: 'stand-up', name: 'Short Booth', maxMinutes: 9 },
    { type: 'high-pressure', name: 'High-pressure', maxMinutes: 12 },
  ],
} satisfies ShopInput

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
/** The start times a day of these hours offers for a session of `minutes`: every step from opening, ending by closing. */
function startTimes(hours: OpeningHours | undefined, minutes: number, step = SHOP.rules.slotStepMinutes) {
  const times: string[] = []
  if (!hours) return times
  for (let start = minutesOf(hours.opensAt); start + minutes <= minutesOf(hours.closesAt); start += step) times.push(timeOf(start))
  return times
}
const hoursOn = (date: string) => SHOP.hours.find((h) => h.weekday === new Date(`${date}T12:00:00Z`).getUTCDay())
const FIRST = SHOP.rules.firstSessionMaxMinutes

describeApi(
  'sunbed availability',
  (t) => {
    const sessions = async (body: object) => {
      const response = await t().api('p_sessions', { body })
      expect(response.status).toBe(200)
      return SessionsResponse.parse(response.json).times as Slot[]
    }

    it("preloaded times cover today and the next six days in the shop's zone, for the first-session length", async () => {
      clock.set('2026-11-23T08:00:00Z')
      const { status, json } = await t().api('p_preload_times')
      expect(status).toBe(200)
      const body = PreloadTimesResponse.parse(json)
      expect(body.minutes).toBe(FIRST)
      const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']
      expect(Object.keys(body.times)).toEqual(week)
      // Now is 08:00 and the lead time is an hour: the whole of Monday from 09:00 is open, every bed free.
      const monday = body.times['2026-11-23']!
      // The beds are named once; each slot gives the ids of those free.
      expect(body.beds).toEqual(t().shop.beds.map(({ id, name, type }) => ({ id, name, type })))
      expect(monday[0]).toEqual({ time: '09:00', startsAt: '2026-11-23T09:00:00+00:00', bedIds: t().shop.beds.map((b) => b.id) })
      for (const date of week)
        expect(
          body.times[date]!.map((slot) => slot.time),
          date,
        ).toEqual(startTimes(hoursOn(date), FIRST))
      // Monday 09:00–20:00 every 15 minutes, the last start ending by 20:00: 44 starts.
      expect(monday).toHaveLength(44)
    })

    it("late in the evening, today is still the shop's today and has no slots left", async () => {
      clock.set('2026-11-23T19:30:00Z')
      const body = PreloadTimesResponse.parse((await t().api('p_preload_times')).json)
      expect(Object.keys(body.times)[0]).toBe('2026-11-23')
      expect(body.times['2026-11-23']).toEqual([])
      expect(body.times['2026-11-24']![0]!.time).toBe('09:00')
    })

    it('bank holidays are closed: no slots on Christmas Day or the Boxing Day substitute', async () => {
      clock.set('2026-12-22T08:00:00Z')
      const body = PreloadTimesResponse.parse((await t().api('p_preload_times')).json)
      expect(body.times['2026-12-25']).toEqual([])
      expect(body.times['2026-12-28']).toEqual([])
      expect(body.times['2026-12-24']!.map((slot) => slot.time)).toEqual(startTimes(hoursOn('2026-12-24'), FIRST))
      expect(body.times['2026-12-27']!.map((slot) => slot.time)).toEqual(startTimes(hoursOn('2026-12-27'), FIRST))
      expect(await sessions({ date: '2026-12-25', minutes: 6 })).toEqual([])
    })

    it("a closure the salon adds takes that day's slots away", async () => {
      clock.set('2026-11-23T08:00:00Z')
      expect((await sessions({ date: '2026-12-09', minutes: 6 })).length).toBe(startTimes(hoursOn('2026-12-09'), 6).length)
      await t().db.insert(schema.closures).values({ shopId: t().shop.id, date: '2026-12-09', reason: 'Staff training' })
      // The database announces the change; on PostgreSQL the notification arrives a moment after the commit.
      expect(
        await eventually(
          () => sessions({ date: '2026-12-09', minutes: 6 }),
          (times) => times.length === 0,
        ),
      ).toEqual([])
    })

    it('on Sunday 25 October 2026 (clocks go back) 10:00 is 10:00 GMT; the Saturday before is in summer time', async () => {
      clock.set('2026-10-20T12:00:00Z')
      const sunday = await sessions({ date: '2026-10-25', minutes: 6 })
      expect(sunday[0]).toMatchObject({ time: '10:00', startsAt: '2026-10-25T10:00:00+00:00' })
      expect(sunday.at(-1)).toMatchObject({ time: '15:45', startsAt: '2026-10-25T15:45:00+00:00' })
      expect(sunday.map((slot) => slot.time)).toEqual(startTimes(hoursOn('2026-10-25'), 6))
      const saturday = await sessions({ date: '2026-10-24', minutes: 6 })
      expect(saturday[0]).toMatchObject({ time: '09:00', startsAt: '2026-10-24T09:00:00+01:00' })
    })

    it('on Sunday 28 March 2027 (clocks go forward) 10:00 is 09:00 UTC; the Saturday before is in winter time', async () => {
      clock.set('2027-03-22T12:00:00Z')
      const sunday = await sessions({ date: '2027-03-28', minutes: 6 })
      expect(sunday[0]).toMatchObject({ time: '10:00', startsAt: '2027-03-28T10:00:00+01:00' })
      expect(Date.parse(sunday[0]!.startsAt)).toBe(Date.parse('2027-03-28T09:00:00Z'))
      expect(sunday.map((slot) => slot.time)).toEqual(startTimes(hoursOn('2027-03-28'), 6))
      const saturday = await sessions({ date: '2027-03-27', minutes: 6 })
      expect(saturday[0]).toMatchObject({ time: '09:00', startsAt: '2027-03-27T09:00:00+00:00' })
    })

    it('the lead time moves the first start of today; the horizon ends the bookable days', async () => {
      // 10:07 and an hour's lead time: 11:07, so the first start on the 15-minute grid is 11:15.
      clock.set('2026-11-23T10:07:00Z')
      expect((await sessions({ date: '2026-11-23', minutes: 6 }))[0]!.time).toBe('11:15')
      expect(await sessions({ date: '2026-11-22', minutes: 6 })).toEqual([])
      // 28 days after Monday 23 November is Monday 21 December, the last bookable day.
      expect((await sessions({ date: '2026-12-21', minutes: 6 })).length).toBe(startTimes(hoursOn('2026-12-21'), 6).length)
      expect(await sessions({ date: '2026-12-22', minutes: 6 })).toEqual([])
    })

    it('only beds that take the asked minutes, of the asked type or the asked bed, are offered', async () => {
      clock.set('2026-11-23T08:00:00Z')
      const ids = (slots: Slot[]) => [...new Set(slots.flatMap((s) => s.bedIds))]
      const beds = t().shop.beds
      const taking = (minutes: number) => beds.filter((b) => b.minMinutes <= minutes && minutes <= b.maxMinutes).map((b) => b.id)
      // Only the long lay-down takes 15 minutes; all but the short booth take 10.
      expect(ids(await sessions({ date: '2026-11-25', minutes: 15 }))).toEqual(taking(15))
      expect(taking(15)).toHaveLength(1)
      expect(ids(await sessions({ date: '2026-11-25', minutes: 10 }))).toEqual(taking(10))
      expect(taking(10)).toHaveLength(beds.length - 1)
      // The answer names the beds its slots may give, once each: those that take the minutes.
      const tens = (await t().api('p_sessions', { body: { date: '2026-11-25', minutes: 10 } })).json
      expect(tens.beds).toEqual(beds.filter((b) => taking(10).includes(b.id)).map(({ id, name, type }) => ({ id, name, type })))
      const standUp = beds.filter((b) => b.type === 'stand-up').map((b) => b.id)
      expect(ids(await sessions({ date: '2026-11-25', minutes: 6, bedType: 'stand-up' }))).toEqual(standUp)
      expect(standUp).toHaveLength(2)
      const highPressure = beds.find((b) => b.type === 'high-pressure')!.id
      expect(ids(await sessions({ date: '2026-11-25', minutes: 6, bedId: highPressure }))).toEqual([highPressure])
      expect(await sessions({ date: '2026-11-25', minutes: 30 })).toEqual([])
      const unknown = await t().api('p_sessions', { body: { date: '2026-11-25', minutes: 6, bedType: 'hovering' } })
      expect(unknown).toMatchObject({ status: 422, json: { message: 'bedType: this salon has no sunbeds of type "hovering".' } })
    })

    it('a bed booked in the database is not offered for the session and its cleaning buffer', async () => {
      clock.set('2026-11-23T08:00:00Z')
      const sub = '11111111-1111-4111-8111-111111111111'
      const booth = t().shop.beds.find((b) => b.name === 'Booth')!
      await t().db.insert(schema.customers).values({ shopId: t().shop.id, sub })
      await t()
        .db.insert(schema.bookings)
        .values({
          id: '22222222-2222-4222-8222-222222222222',
          shopId: t().shop.id,
          sub,
          bedId: booth.id,
          localDate: '2026-11-26',
          startsAt: new Date('2026-11-26T12:00:00Z'),
          endsAt: new Date('2026-11-26T12:12:00Z'),
          blockedUntil: new Date('2026-11-26T12:17:00Z'),
          minutes: 12,
          pricePence: 900,
          paidWith: 'in_salon',
        })
      const slots = await sessions({ date: '2026-11-26', minutes: 6, bedId: booth.id })
      const times = slots.map((s) => s.time)
      // 11:45 + 6 + 5 = 11:56, clear of 12:00; 12:15 is inside the buffer (until 12:17); 12:30 is free.
      expect(times).toContain('11:45')
      expect(times).not.toContain('12:00')
      expect(times).not.toContain('12:15')
      expect(times).toContain('12:30')
    })

    it("a day's availability finds that day's bookings through the bed and time index", async () => {
      // However long the shop's history, the plan looks up the bed and the day's range in the exclusion constraint's index.
      const [first, second] = t().shop.beds
      await t().db.execute(sql`set enable_seqscan = off`)
      try {
        const plan = (await t().db.execute(
          sql`explain select bed_id, starts_at, blocked_until from bookings where bed_id in (${first!.id}, ${second!.id})
              and tstzrange(starts_at, blocked_until) && tstzrange('2026-11-26T09:00:00Z'::timestamptz, '2026-11-26T20:05:00Z'::timestamptz)
              and status <> 'cancelled'`,
        )) as unknown as { rows: { 'QUERY PLAN': string }[] }
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n')
        expect(text).toMatch(/Index Scan on bookings_no_overlap/)
        expect(text).toMatch(/Index Cond: .*bed_id = ANY.*tstzrange\(starts_at, blocked_until\) &&/)
      } finally {
        await t().db.execute(sql`reset enable_seqscan`)
      }
    })

    it('bad appointment requests are refused with 400 naming the field', async () => {
      const bad = await t().api('p_sessions', { body: { date: '25/11/2026', minutes: 6.5 } })
      expect(bad.status).toBe(400)
      expect(bad.json.message).toMatch(/date must be a date written YYYY-MM-DD/)
      expect(bad.json.message).toMatch(/minutes must be a whole number of minutes/)
      const missing = await t().api('p_sessions', { body: { date: '2026-11-25' } })
      expect(missing).toMatchObject({ status: 400, json: { message: expect.stringMatching(/minutes/) } })
    })

    it('availability is public: no identity token needed', async () => {
      expect((await t().api('p_preload_times')).status).toBe(200)
      expect((await t().api('p_sessions', { body: { date: '2026-11-25', minutes: 6 } })).status).toBe(200)
    })
  },
  { deps: () => ({ now: clock.now, passwords: fastPasswords }), shop: SHOP },
)
