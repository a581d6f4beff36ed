import { randomUUID } from 'node:crypto'
import type { TakingsResponse } from '@salon/contracts/staff-counter'
import { and, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { balanceOf, credit, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

const PASSPORT = { document: 'passport' }
/** Thursday 26 November 2026, 09:00 GMT */
const clock = testClock('2026-11-26T09:00:00Z')
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
  closures: [],
  rules: { firstSessionMaxMinutes: 6, minHoursBetweenSessions: 24, payInSalon: true, leadTimeMinutes: 0 },
  bedTypes: [{ code: 'lay-down', perMinutePence: 60 }],
  beds: [{ id: 'till-a', type: 'lay-down', name: 'Till A', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 }],
} satisfies ShopInput

/** docs/product.md §10.2, §10.3: the database settles desks taking one payment at once, and a cash-up during sales. */
describeApi(
  'taking payment under concurrency',
  (get) => {
    let owner: StaffUser
    let staff: StaffUser
    beforeAll(async () => {
      owner = await staffUser(get(), { role: 'owner', passwords: fastPasswords })
      staff = await staffUser(get(), { role: 'staff', passwords: fastPasswords })
    })

    const walkIn = async (sub: string, time: string) => {
      const answer = await get().api('staff/bookings', {
        body: { customer: { sub }, bedId: 'till-a', date: '2026-11-26', time, minutes: 6, paidWith: 'in_salon', idCheck: PASSPORT },
        headers: staff.headers,
      })
      expect(answer.status, JSON.stringify(answer.json)).toBe(201)
      return answer.json.booking.id as string
    }

    it('sixty tries at once to take one session’s payment, by cash, card and balance: exactly one is taken', async () => {
      const customer = await shopCustomer(get())
      await credit(get(), customer, 30)
      const id = await walkIn(customer.sub, '10:00')
      const methods = ['cash', 'card_terminal', 'balance'] as const
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          get().api(`staff/bookings/${id}/payment`, { body: { method: methods[i % 3] }, headers: i % 2 ? staff.headers : owner.headers }),
        ),
      )
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
      expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual(Array(59).fill(409))
      const taken = answers.find((a) => a.status === 200)!.json.booking.payment.paidAtDesk.method as string
      const payments = await get()
        .db.select()
        .from(schema.payments)
        .where(and(eq(schema.payments.bookingId, id), eq(schema.payments.status, 'succeeded')))
      expect(payments).toHaveLength(taken === 'balance' ? 0 : 1)
      expect(await balanceOf(get(), customer)).toBe(taken === 'balance' ? 24 : 30)
    }, 60_000)

    it('a cash-up while sales are made counts each sale once: before the close in what was expected, or after it', async () => {
      const takings = async () => (await get().api('staff/counter/takings?date=2026-11-26', { headers: staff.headers })).json as TakingsResponse
      const deskNet = (json: { methods: { method: string; netPence: number }[] }) =>
        json.methods.filter((m) => m.method === 'cash' || m.method === 'card_terminal').reduce((sum, m) => sum + m.netPence, 0)
      const before = deskNet(await takings())
      const customers = await Promise.all(Array.from({ length: 12 }, () => shopCustomer(get())))
      const sales = customers.map((c, i) =>
        get().api('staff/counter/minutes', {
          body: { sub: c.sub, minutes: 10, pricePence: 600 + i, method: 'cash', idempotencyKey: randomUUID(), idCheck: PASSPORT },
          headers: owner.headers,
        }),
      )
      const closing = get().api('staff/counter/cash-up', {
        body: { floatPence: 10_000, countedCashPence: 10_000, countedCardPence: 0 },
        headers: staff.headers,
      })
      const [closed, ...sold] = await Promise.all([closing, ...sales])
      expect(sold.map((s) => s.status)).toEqual(Array(12).fill(201))
      expect(closed.status, JSON.stringify(closed.json)).toBe(200)
      const total = sold.reduce((sum, s) => sum + (s.json.amountPence as number), 0)
      const cashUp = (await takings()).cashUps[0]!
      // Every desk payment of the day is in what the close expected, or in what was taken after it: none twice, none lost.
      expect(cashUp.cash.expectedPence - cashUp.floatPence + cashUp.card.expectedPence + cashUp.afterPence).toBe(before + total)
      expect(cashUp.cash.expectedPence - cashUp.floatPence + cashUp.card.expectedPence).toBeGreaterThanOrEqual(before)
    }, 60_000)
  },
  { deps: () => ({ now: clock.now, passwords: fastPasswords }), shop: SHOP, postgresOnly: true },
)
