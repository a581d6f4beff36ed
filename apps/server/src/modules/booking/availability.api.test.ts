import { PreloadTimesResponse, SessionsResponse } from '@salon/contracts/booking'
import { eq, schema, sql } from '@salon/db'
import { seedDemo } from '@salon/db/seed'
import { expect, it } from 'vitest'
import { describeApi, TEST_API_KEY, TEST_SHOP_ID } from '../../test/harness.ts'
import { bookingTestDeps, testClock } from './test-customers.ts'

const clock = testClock('2026-11-23T08:00:00Z')
type Slot = { time: string; startsAt: string; beds: { id: string; name: string; type: string }[] }

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
      expect(body.minutes).toBe(6)
      expect(Object.keys(body.times)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'])
      const monday = body.times['2026-11-23']!
      // Now is 08:00 and the lead time is an hour: 09:00 is the first start.
      expect(monday[0]).toEqual({
        time: '09:00',
        startsAt: '2026-11-23T09:00:00+00:00',
        beds: [
          { id: 'bed-solara-classic-24', name: 'Solara Classic 24', type: 'lay-down' },
          { id: 'bed-aurelia-x9', name: 'Aurelia X9', type: 'lay-down' },
          { id: 'bed-vertica-44', name: 'Vertica 44', type: 'stand-up' },
          { id: 'bed-skyline-v360', name: 'Skyline V360', type: 'stand-up' },
          { id: 'bed-helios-hp12', name: 'Helios HP12', type: 'high-pressure' },
        ],
      })
      // Monday 09:00–20:00 every 15 minutes, the last start ending by 20:00.
      expect(monday).toHaveLength(44)
      expect(monday.at(-1)!.time).toBe('19:45')
      const sunday = body.times['2026-11-29']!
      expect([sunday[0]!.time, sunday.at(-1)!.time, sunday.length]).toEqual(['10:00', '15:45', 24])
      expect(body.times['2026-11-28']!.at(-1)!.time).toBe('16:45')
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
      expect(body.times['2026-12-24']!.length).toBe(44)
      expect(body.times['2026-12-27']!.length).toBe(24)
      expect(await sessions({ date: '2026-12-25', minutes: 6 })).toEqual([])
    })

    it("a closure the salon adds takes that day's slots away", async () => {
      clock.set('2026-11-23T08:00:00Z')
      expect((await sessions({ date: '2026-12-09', minutes: 6 })).length).toBe(44)
      await t().db.insert(schema.closures).values({ shopId: TEST_SHOP_ID, date: '2026-12-09', reason: 'Staff training' })
      expect(await sessions({ date: '2026-12-09', minutes: 6 })).toEqual([])
    })

    it('on Sunday 25 October 2026 (clocks go back) 10:00 is 10:00 GMT; the Saturday before is in summer time', async () => {
      clock.set('2026-10-20T12:00:00Z')
      const sunday = await sessions({ date: '2026-10-25', minutes: 6 })
      expect(sunday[0]).toMatchObject({ time: '10:00', startsAt: '2026-10-25T10:00:00+00:00' })
      expect(sunday.at(-1)).toMatchObject({ time: '15:45', startsAt: '2026-10-25T15:45:00+00:00' })
      expect(sunday).toHaveLength(24)
      const saturday = await sessions({ date: '2026-10-24', minutes: 6 })
      expect(saturday[0]).toMatchObject({ time: '09:00', startsAt: '2026-10-24T09:00:00+01:00' })
    })

    it('on Sunday 28 March 2027 (clocks go forward) 10:00 is 09:00 UTC; the Saturday before is in winter time', async () => {
      clock.set('2027-03-22T12:00:00Z')
      const sunday = await sessions({ date: '2027-03-28', minutes: 6 })
      expect(sunday[0]).toMatchObject({ time: '10:00', startsAt: '2027-03-28T10:00:00+01:00' })
      expect(Date.parse(sunday[0]!.startsAt)).toBe(Date.parse('2027-03-28T09:00:00Z'))
      expect(sunday).toHaveLength(24)
      const saturday = await sessions({ date: '2027-03-27', minutes: 6 })
      expect(saturday[0]).toMatchObject({ time: '09:00', startsAt: '2027-03-27T09:00:00+00:00' })
    })

    it('the lead time moves the first start of today; the horizon ends the bookable days', async () => {
      clock.set('2026-11-23T10:07:00Z')
      expect((await sessions({ date: '2026-11-23', minutes: 6 }))[0]!.time).toBe('11:15')
      expect(await sessions({ date: '2026-11-22', minutes: 6 })).toEqual([])
      expect((await sessions({ date: '2026-12-21', minutes: 6 })).length).toBe(44)
      expect(await sessions({ date: '2026-12-22', minutes: 6 })).toEqual([])
    })

    it('only beds that take the asked minutes, of the asked type or the asked bed, are offered', async () => {
      clock.set('2026-11-23T08:00:00Z')
      const ids = (slots: Slot[]) => [...new Set(slots.flatMap((s) => s.beds.map((b) => b.id)))]
      expect(ids(await sessions({ date: '2026-11-25', minutes: 15 }))).toEqual(['bed-solara-classic-24'])
      expect(ids(await sessions({ date: '2026-11-25', minutes: 10 }))).toEqual(['bed-solara-classic-24', 'bed-aurelia-x9', 'bed-vertica-44', 'bed-helios-hp12'])
      expect(ids(await sessions({ date: '2026-11-25', minutes: 6, bedType: 'stand-up' }))).toEqual(['bed-vertica-44', 'bed-skyline-v360'])
      expect(ids(await sessions({ date: '2026-11-25', minutes: 6, bedId: 'bed-helios-hp12' }))).toEqual(['bed-helios-hp12'])
      expect(await sessions({ date: '2026-11-25', minutes: 30 })).toEqual([])
      const unknown = await t().api('p_sessions', { body: { date: '2026-11-25', minutes: 6, bedType: 'hovering' } })
      expect(unknown).toMatchObject({ status: 422, json: { message: 'bedType: this salon has no sunbeds of type "hovering".' } })
    })

    it('a bed booked in the database is not offered for the session and its cleaning buffer', async () => {
      clock.set('2026-11-23T08:00:00Z')
      const sub = '11111111-1111-4111-8111-111111111111'
      await t().db.insert(schema.customers).values({ shopId: TEST_SHOP_ID, sub })
      await t()
        .db.insert(schema.bookings)
        .values({
          id: '22222222-2222-4222-8222-222222222222',
          shopId: TEST_SHOP_ID,
          sub,
          bedId: 'bed-vertica-44',
          localDate: '2026-11-26',
          startsAt: new Date('2026-11-26T12:00:00Z'),
          endsAt: new Date('2026-11-26T12:12:00Z'),
          blockedUntil: new Date('2026-11-26T12:17:00Z'),
          minutes: 12,
          pricePence: 900,
          paidWith: 'in_salon',
        })
      const slots = await sessions({ date: '2026-11-26', minutes: 6, bedId: 'bed-vertica-44' })
      const times = slots.map((s) => s.time)
      // 11:45 + 6 + 5 = 11:56, clear of 12:00; 12:15 is inside the buffer (until 12:17); 12:30 is free.
      expect(times).toContain('11:45')
      expect(times).not.toContain('12:00')
      expect(times).not.toContain('12:15')
      expect(times).toContain('12:30')
    })

    it("a day's availability finds that day's bookings through the bed and time index", async () => {
      // However long the shop's history, the plan looks up the bed and the day's range in the exclusion constraint's index.
      await t().db.execute(sql`set enable_seqscan = off`)
      try {
        const plan = (await t().db.execute(
          sql`explain select bed_id, starts_at, blocked_until from bookings where bed_id in ('bed-vertica-44', 'bed-helios-hp12')
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

    it('re-running the seed keeps the rules the salon changed and each closure once', async () => {
      await t().db.update(schema.bookingRules).set({ horizonDays: 42 }).where(eq(schema.bookingRules.shopId, TEST_SHOP_ID))
      try {
        await seedDemo(t().db, { apiKey: TEST_API_KEY })
        const [rules] = await t().db.select().from(schema.bookingRules).where(eq(schema.bookingRules.shopId, TEST_SHOP_ID))
        expect(rules).toMatchObject({ horizonDays: 42, slotStepMinutes: 15, leadTimeMinutes: 60, firstSessionMaxMinutes: 6, payInSalon: true })
        const closures = await t().db.select().from(schema.closures).where(eq(schema.closures.shopId, TEST_SHOP_ID))
        const bankHolidays = closures.filter((c) => c.date !== '2026-12-09')
        expect(bankHolidays).toHaveLength(16)
        expect(bankHolidays.find((c) => c.date === '2027-03-26')).toMatchObject({ reason: 'Good Friday' })
      } finally {
        await t().db.update(schema.bookingRules).set({ horizonDays: 28 }).where(eq(schema.bookingRules.shopId, TEST_SHOP_ID))
      }
    })

    it('availability is public: no identity token needed', async () => {
      expect((await t().api('p_preload_times')).status).toBe(200)
      expect((await t().api('p_sessions', { body: { date: '2026-11-25', minutes: 6 } })).status).toBe(200)
    })
  },
  () => bookingTestDeps(clock),
)
