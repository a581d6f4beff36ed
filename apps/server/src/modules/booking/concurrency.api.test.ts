import { sql } from '@salon/db'
import { DUPLICATE_BOOKING_MESSAGE } from '@salon/contracts/booking'
import { expect, it } from 'vitest'
import { balanceOf, credit, shopCustomers } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { describeApi } from '../../test/harness.ts'

const clock = testClock('2026-11-23T08:00:00Z')
/** Open 09:00–18:00 every day, without closures, with five beds that all take six-minute sessions. */
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '18:00' })),
  closures: [],
  rules: { firstSessionMaxMinutes: 6, minHoursBetweenSessions: 24, payInSalon: true },
  beds: ['lay-down', 'lay-down', 'stand-up', 'stand-up', 'high-pressure'].map((type, i) => ({ id: `race-bed-${i + 1}`, type, minMinutes: 3, maxMinutes: 12 })),
} satisfies ShopInput
const BEDS = SHOP.beds.map((b) => b.id)
/** Ten days after the test clock's Monday, all open. */
const DAYS = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']

const rows = async (t: ReturnType<Parameters<Parameters<typeof describeApi>[1]>[0]>, query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows

describeApi(
  'booking under concurrency',
  (t) => {
    it('1,000 simultaneous attempts at 50 bed-slots end with exactly 50 bookings and no overlap', async () => {
      clock.set('2026-11-23T08:00:00Z')
      const customers = await shopCustomers(t(), 20)
      // Every customer tries every bed on every day at 12:00, so each bed-slot has many contenders
      // and each customer can win at most one bed a day.
      const attempts = customers.flatMap((customer) =>
        DAYS.flatMap((date) => BEDS.map((bedId) => ({ customer, body: { date, time: '12:00', minutes: 6, bedId } }))),
      )
      expect(attempts).toHaveLength(1000)
      const results = await Promise.all(attempts.map(({ customer, body }) => t().api('p_book', { body, headers: customer.headers })))

      const statuses = results.map((r) => r.status)
      expect(statuses.filter((s) => s >= 500)).toEqual([])
      expect(statuses.filter((s) => s === 201)).toHaveLength(50)
      const refused = results.filter((r) => r.status !== 201)
      expect(refused.every((r) => r.status === 409 && typeof r.json.message === 'string' && r.json.message.length > 0)).toBe(true)
      expect(refused.some((r) => r.json.message.startsWith('Sorry,'))).toBe(true)
      expect(refused.some((r) => r.json.message === DUPLICATE_BOOKING_MESSAGE)).toBe(true)

      const [count] = await rows(t(), sql`select count(*)::int as n from bookings where status <> 'cancelled'`)
      expect(count!.n).toBe(50)
      const overlaps = await rows(
        t(),
        sql`select a.id from bookings a join bookings b on a.bed_id = b.bed_id and a.id < b.id
            and tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)
            where a.status <> 'cancelled' and b.status <> 'cancelled'`,
      )
      expect(overlaps).toEqual([])
      const twiceADay = await rows(t(), sql`select sub, local_date from bookings where status <> 'cancelled' group by sub, local_date having count(*) > 1`)
      expect(twiceADay).toEqual([])
      const perSlot = await rows(t(), sql`select bed_id, starts_at from bookings group by bed_id, starts_at having count(*) <> 1`)
      expect(perSlot).toEqual([])
    }, 120_000)

    it('20 simultaneous bookings by one customer on one day end with exactly one', async () => {
      clock.set('2026-11-23T08:00:00Z')
      const [customer] = await shopCustomers(t(), 1)
      const times = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00', '11:15']
      const results = await Promise.all(
        times.flatMap((time) =>
          BEDS.slice(0, 2).map((bedId) => t().api('p_book', { body: { date: '2026-12-07', time, minutes: 6, bedId }, headers: customer!.headers })),
        ),
      )
      expect(results.filter((r) => r.status === 201)).toHaveLength(1)
      const refused = results.filter((r) => r.status !== 201)
      expect(refused).toHaveLength(19)
      expect(refused.every((r) => r.status === 409 && r.json.message.startsWith('duplicate'))).toBe(true)
    })

    it('simultaneous bookings cannot spend the same balance minutes twice', async () => {
      clock.set('2026-11-23T08:00:00Z')
      const [customer] = await shopCustomers(t(), 1)
      await credit(t(), customer!, 10)
      const days = ['2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12']
      const results = await Promise.all(
        days.map((date) => t().api('p_book', { body: { date, time: '15:00', minutes: 6, bedId: BEDS[4] }, headers: customer!.headers })),
      )
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201])
      const paid = results.map((r) => r.json.booking.paidWith)
      expect(paid.filter((p) => p === 'balance')).toHaveLength(1)
      expect(paid.filter((p) => p === 'in_salon')).toHaveLength(4)
      expect(await balanceOf(t(), customer!)).toBe(4)
    })
  },
  { deps: () => ({ now: clock.now, passwords: fastPasswords, trustProxy: true }), shop: SHOP, postgresOnly: true },
)
