import { addDays } from '@salon/contracts/dates'
import { eq, schema, sql } from '@salon/db'
import { expect, it } from 'vitest'
import { balanceOf, credit, freshHeaders, shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { describeApi } from '../../test/harness.ts'
import { lotExpiry } from './lots.ts'

/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const LAY_DOWN = 'lots-lay-down'
const BOOTH = 'lots-booth'
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '19:00' })),
  closures: [],
  rules: { minHoursBetweenSessions: 0, firstSessionMaxMinutes: 12, payInSalon: true },
  bedTypes: [
    { code: 'lay-down', perMinutePence: 60 },
    { code: 'stand-up', perMinutePence: 70 },
  ],
  beds: [
    { id: LAY_DOWN, type: 'lay-down', name: 'Lay-down', maxMinutes: 12 },
    { id: BOOTH, type: 'stand-up', name: 'Booth', maxMinutes: 12 },
  ],
} satisfies ShopInput

const days = (n: number) => new Date(Date.parse(START) + n * 86_400_000)

describeApi(
  'minutes in lots',
  (t) => {
    const customer = async () => {
      clock.set(START)
      return shopCustomer(t())
    }
    const book = (c: ShopCustomer, date: string, bedId: string, minutes = 6, time = '10:00') =>
      t().api('p_book', { body: { date, time, minutes, bedId }, headers: c.headers })
    const remaining = async (lotId: string) => (await t().db.select().from(schema.minuteLots).where(eq(schema.minuteLots.id, lotId)))[0]!.remaining
    const ledgerSum = async (lotId: string) =>
      Number(
        (
          (await t().db.execute(sql`select coalesce(sum(minutes), 0)::int as n from balance_ledger where lot_id = ${lotId}`)) as unknown as {
            rows: { n: number }[]
          }
        ).rows[0]!.n,
      )

    it('a session spends from the lot that fits its bed and expires first', async () => {
      const c = await customer()
      const soonLayDown = await credit(t(), c, 10, { bedTypes: ['lay-down'], expiresAt: days(20) })
      const laterAny = await credit(t(), c, 30, { bedTypes: ['lay-down', 'stand-up'], expiresAt: days(200) })
      expect((await book(c, '2026-11-24', BOOTH)).json.booking.paidWith).toBe('balance')
      expect(await remaining(laterAny)).toBe(24)
      expect(await remaining(soonLayDown)).toBe(10)
      expect((await book(c, '2026-11-25', LAY_DOWN)).json.booking.paidWith).toBe('balance')
      expect(await remaining(soonLayDown)).toBe(4)
      expect(await remaining(laterAny)).toBe(24)
    })

    it('minutes for lay-down beds do not pay for a stand-up session, and the price box says why', async () => {
      const c = await customer()
      await credit(t(), c, 30, { bedTypes: ['lay-down'] })
      const price = await t().api('booking/get_price_for_booking', {
        body: { date: '2026-11-24', time: '11:00', minutes: 6, bedId: BOOTH },
        headers: c.headers,
      })
      expect(price.json).toMatchObject({
        paidWith: 'in_salon',
        balance: { before: 0, after: 0 },
        message: '£4.20, paid in the salon: your balance has 0 minutes for stand-up sunbeds (30 minutes of yours are for other sunbeds).',
      })
      const fits = await t().api('booking/get_price_for_booking', {
        body: { date: '2026-11-24', time: '10:00', minutes: 6, bedId: LAY_DOWN },
        headers: c.headers,
      })
      expect(fits.json).toMatchObject({ paidWith: 'balance', balance: { before: 30, after: 24 } })
      expect((await book(c, '2026-11-24', BOOTH, 6, '11:00')).json.booking).toMatchObject({ paidWith: 'in_salon' })
      expect(await balanceOf(t(), c)).toBe(30)
    })

    it('a session may span two lots, and cancelling puts each lot’s minutes back into it', async () => {
      const c = await customer()
      const first = await credit(t(), c, 4, { expiresAt: days(10) })
      const second = await credit(t(), c, 10, { expiresAt: days(100) })
      const booked = await book(c, '2026-11-26', LAY_DOWN)
      expect(booked.json.booking.paidWith).toBe('balance')
      expect([await remaining(first), await remaining(second)]).toEqual([0, 8])
      const cancelled = await t().api(`session/${booked.json.booking.id}`, { body: {}, headers: c.headers })
      expect(cancelled.json.message).toMatch(/6 minutes are back on your balance\.$/)
      expect([await remaining(first), await remaining(second)]).toEqual([4, 10])
      expect([await ledgerSum(first), await ledgerSum(second)]).toEqual([4, 10])
    })

    it('minutes of a lot that expired before the cancellation stay expired', async () => {
      const c = await customer()
      const shortLived = await credit(t(), c, 6, { expiresAt: new Date('2026-11-25T00:00:00Z') })
      const booked = await book(c, '2026-11-27', LAY_DOWN)
      expect(booked.json.booking.paidWith).toBe('balance')
      clock.set('2026-11-26T09:00:00Z')
      try {
        const headers = await freshHeaders(t(), c)
        const cancelled = await t().api(`session/${booked.json.booking.id}`, { body: {}, headers })
        expect(cancelled.status).toBe(200)
        expect(cancelled.json.message).toMatch(/6 minutes came from a package that has expired since, so they stay expired\.$/)
        expect(await remaining(shortLived)).toBe(0)
        expect(await balanceOf(t(), c)).toBe(0)
      } finally {
        clock.set(START)
      }
    })

    it('a lot expires at the start of the day after its last day in the shop’s time zone, as a ledger entry', async () => {
      const c = await customer()
      const { lastDay, expiresAt } = lotExpiry(Date.parse(START), 3, 'Europe/London')
      expect(lastDay).toBe('2026-11-26')
      const lotId = await credit(t(), c, 20, { expiresAt: new Date(expiresAt), label: 'Short package' })
      clock.set('2026-11-26T23:59:00Z')
      try {
        const before = await t().api('p_account/balance', { headers: await freshHeaders(t(), c) })
        expect(before.json).toMatchObject({
          balance: 20,
          expiringSoon: 20,
          lots: [{ id: lotId, remaining: 20, lastDay: '2026-11-26', label: 'Short package' }],
        })
        clock.set('2026-11-27T00:00:00Z')
        const after = await t().api('p_account/balance', { headers: await freshHeaders(t(), c) })
        expect(after.json).toMatchObject({ balance: 0, expiringSoon: 0, lots: [] })
        expect(after.json.history[0]).toMatchObject({ kind: 'expiry', minutes: -20, description: 'Short package expired', at: '2026-11-27T00:00:00+00:00' })
        expect(await ledgerSum(lotId)).toBe(0)
        // Reading again writes nothing more: a lot expires once.
        await t().api('p_account/balance', { headers: await freshHeaders(t(), c) })
        const rows = await t().db.select().from(schema.balanceLedger).where(eq(schema.balanceLedger.lotId, lotId))
        expect(rows.map((r) => r.kind)).toEqual(['adjustment', 'expiry'])
      } finally {
        clock.set(START)
      }
    })

    it('the scheduled sweep writes off expired minutes of customers who have not come back', async () => {
      const c = await customer()
      const lotId = await credit(t(), c, 9, { expiresAt: new Date('2026-11-24T00:00:00Z') })
      expect(await t().app.commerce.expireDue()).toBe(0)
      clock.set('2026-11-24T00:00:00Z')
      try {
        expect(await t().app.commerce.expireDue()).toBeGreaterThanOrEqual(1)
        expect(await remaining(lotId)).toBe(0)
        expect(await balanceOf(t(), c)).toBe(0)
      } finally {
        clock.set(START)
      }
    })

    it('the balance page lists lots soonest first and the history newest first, with what each entry was', async () => {
      const c = await customer()
      await credit(t(), c, 30, { label: 'Glow 30', bedTypes: ['lay-down'], expiresAt: days(60), at: new Date(START) })
      await credit(t(), c, 10, { label: 'Referral reward: welcome', source: 'referral', expiresAt: days(5), at: new Date(START) })
      const booked = await book(c, '2026-11-24', LAY_DOWN, 6, '12:00')
      const { json } = await t().api('p_account/balance', { headers: c.headers })
      expect(json.balance).toBe(34)
      expect(json.expiringSoon).toBe(4)
      expect(json.lots.map((l: { label: string; remaining: number }) => [l.label, l.remaining])).toEqual([
        ['Referral reward: welcome', 4],
        ['Glow 30', 30],
      ])
      expect(json.history[0]).toMatchObject({
        kind: 'booking',
        minutes: -6,
        bookingId: booked.json.booking.id,
        description: 'Session Tuesday 24 November 2026 at 12:00 on Lay-down',
      })
    })

    it('20 simultaneous sessions paid from a balance that covers 3 leave exactly 3 paid and the lot at zero', async () => {
      const c = await customer()
      await t().db.update(schema.bookingRules).set({ payInSalon: false }).where(eq(schema.bookingRules.shopId, t().shop.id))
      try {
        const lotId = await credit(t(), c, 18)
        const dates = Array.from({ length: 20 }, (_, i) => addDays('2026-11-24', i))
        const answers = await Promise.all(dates.map((date) => book(c, date, LAY_DOWN, 6, '16:00')))
        expect(answers.map((a) => a.status).filter((s) => s !== 201 && s !== 402)).toEqual([])
        expect(answers.filter((a) => a.status === 201)).toHaveLength(3)
        expect(await remaining(lotId)).toBe(0)
        expect(await ledgerSum(lotId)).toBe(0)
        expect(await balanceOf(t(), c)).toBe(0)
      } finally {
        await t().db.update(schema.bookingRules).set({ payInSalon: true }).where(eq(schema.bookingRules.shopId, t().shop.id))
      }
    })

    it('the database refuses to take a lot below zero or to change a lot by hand', async () => {
      const c = await customer()
      const lotId = await credit(t(), c, 5)
      await expect(t().db.insert(schema.balanceLedger).values({ shopId: t().shop.id, sub: c.sub, minutes: -6, kind: 'adjustment', lotId })).rejects.toThrow()
      await expect(t().db.execute(sql`update minute_lots set remaining = 500 where id = ${lotId}`)).rejects.toThrow()
      await expect(t().db.execute(sql`delete from minute_lots where id = ${lotId}`)).rejects.toThrow()
      await expect(t().db.insert(schema.balanceLedger).values({ shopId: t().shop.id, sub: c.sub, minutes: 5, kind: 'adjustment' })).rejects.toThrow()
      expect(await remaining(lotId)).toBe(5)
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
