import { DUPLICATE_BOOKING_MESSAGE } from '@salon/contracts/booking'
import { eq, schema } from '@salon/db'
import { beforeAll, beforeEach, expect, it } from 'vitest'
import { shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { addPlan, joinPlan } from '../../test/factories/memberships.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const LAY_DOWN = 'bed-lay-down'
const HIGH_PRESSURE = 'bed-high-pressure'

const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
  rules: { slotStepMinutes: 15, leadTimeMinutes: 60, horizonDays: 40, cancellationCutoffMinutes: 120, firstSessionMaxMinutes: 6, minHoursBetweenSessions: 24 },
  bedTypes: [
    { code: 'lay-down', perMinutePence: 65 },
    { code: 'high-pressure', perMinutePence: 95 },
  ],
  beds: [
    { id: LAY_DOWN, type: 'lay-down', name: 'Lay-down', maxMinutes: 12, cleaningBufferMinutes: 5 },
    { id: HIGH_PRESSURE, type: 'high-pressure', name: 'High-pressure', maxMinutes: 12, cleaningBufferMinutes: 5 },
  ],
} satisfies ShopInput

describeApi(
  'booking a session with a membership',
  (t) => {
    let owner: StaffUser
    const book = (customer: { headers: Record<string, string> }, date: string, minutes = 6, bedId = LAY_DOWN, time = '12:00') =>
      t().api('p_book', { body: { date, time, minutes, bedId, payWith: 'membership' }, headers: customer.headers })
    const member = async (plan: { id: string }, input: { healthAnswered?: boolean } = {}) => {
      const customer = await shopCustomer(t(), input)
      await joinPlan(t(), customer, plan.id)
      return customer
    }
    const usesOf = async (customer: ShopCustomer) =>
      (await t().db.select().from(schema.bookings).where(eq(schema.bookings.sub, customer.sub))).filter(
        (b) => b.paidWith === 'membership' && b.status !== 'cancelled',
      )

    beforeAll(async () => {
      owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
    })
    beforeEach(() => clock.set(START))

    it('an unlimited member books with it on the beds it covers, under the one-a-day and hours-between rules, until the month ends', async () => {
      const plan = await addPlan(t(), owner, { name: 'Lay-down unlimited', bedTypes: ['lay-down'] })
      const customer = await member(plan)
      const first = await book(customer, '2026-11-24')
      expect(first).toMatchObject({ status: 201, json: { booking: { paidWith: 'membership', status: 'booked' } } })
      expect(await book(customer, '2026-11-24', 6, LAY_DOWN, '16:00')).toMatchObject({ status: 409, json: { message: DUPLICATE_BOOKING_MESSAGE } })
      const tooSoon = await book(customer, '2026-11-25', 6, LAY_DOWN, '09:00')
      expect(tooSoon.status).toBe(409)
      expect(tooSoon.json.message).not.toBe(DUPLICATE_BOOKING_MESSAGE)
      expect(await book(customer, '2026-11-26', 6, HIGH_PRESSURE)).toMatchObject({
        status: 409,
        json: { message: 'Your membership does not cover high-pressure sunbeds.' },
      })
      expect(await book(customer, '2026-12-23')).toMatchObject({
        status: 409,
        json: { message: 'Your membership pays for sessions until Wednesday 23 December 2026, the end of this month.' },
      })
      expect((await book(customer, '2026-11-26')).status).toBe(201)
      expect(await usesOf(customer)).toHaveLength(2)
    })

    it('the first-session limit and the health questions apply to a member as to anyone', async () => {
      const plan = await addPlan(t(), owner, { name: 'Rules apply', bedTypes: ['lay-down'] })
      const customer = await member(plan)
      const long = await book(customer, '2026-11-24', 10, LAY_DOWN, '10:00')
      expect(long.status).toBeGreaterThanOrEqual(400)
      expect(long.status).toBeLessThan(500)
      const unanswered = await member(plan, { healthAnswered: false })
      const refused = await book(unanswered, '2026-11-24', 6, LAY_DOWN, '10:30')
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect(refused.status).toBeLessThan(500)
      expect(await usesOf(customer)).toHaveLength(0)
      expect(await usesOf(unanswered)).toHaveLength(0)
    })

    it('a month of minutes is taken by sessions; cancelling a session gives its minutes back', async () => {
      const plan = await addPlan(t(), owner, { name: '10 minutes', allowanceKind: 'minutes', allowance: 10, bedTypes: ['lay-down'] })
      const customer = await member(plan)
      const first = await book(customer, '2026-11-24', 6, LAY_DOWN, '14:00')
      expect(first.status).toBe(201)
      expect(await book(customer, '2026-11-26', 6, LAY_DOWN, '14:00')).toMatchObject({
        status: 409,
        json: { message: 'Your membership has 4 minutes left this month and this session needs 6.' },
      })
      expect((await t().api(`session/${first.json.booking.id}`, { method: 'POST', headers: customer.headers })).status).toBe(200)
      expect((await book(customer, '2026-11-26', 6, LAY_DOWN, '14:00')).status).toBe(201)
    })

    it('someone with no membership cannot pay with one', async () => {
      const customer = await shopCustomer(t())
      const answer = await book(customer, '2026-11-24', 6, LAY_DOWN, '16:00')
      expect(answer, JSON.stringify(answer.json)).toMatchObject({ status: 402, json: { message: 'You have no membership to pay with.' } })
    })

    it('a month of one session, booked many times at once on different days, pays for one', async () => {
      const plan = await addPlan(t(), owner, { name: 'One session', allowanceKind: 'sessions', allowance: 1, bedTypes: ['lay-down'] })
      const customer = await member(plan)
      const days = ['2026-11-24', '2026-11-26', '2026-11-28', '2026-11-30', '2026-12-02', '2026-12-04']
      const answers = await Promise.all(days.map((day) => book(customer, day, 6, LAY_DOWN, '18:00')))
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
      expect(answers.filter((a) => a.status === 409).map((a) => a.json.message)).toContain('Your membership has no sessions left this month.')
      expect(await usesOf(customer)).toHaveLength(1)
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
