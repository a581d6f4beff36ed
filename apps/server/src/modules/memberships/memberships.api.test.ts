import { eq, schema } from '@salon/db'
import { beforeAll, beforeEach, expect, it } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { freshHeaders, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { addPlan, cardNowDeclines, joinPlan, membershipPaymentsOf, membershipRow } from '../../test/factories/memberships.ts'
import { CARDS, payWithCard } from '../../test/factories/payments.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

/** Monday 23 November 2026, 10:00 GMT */
const START = '2026-11-23T10:00:00Z'
const clock = testClock(START)

describeApi(
  'monthly memberships',
  (t) => {
    let owner: StaffUser
    const runJobs = () => createWorker({ ...t().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()
    const textsTo = async (phone: string) =>
      (await t().db.select().from(schema.outbox).where(eq(schema.outbox.recipient, phone))).filter((m) => m.body.includes('membership payment'))
    const at = async (iso: string) => {
      clock.set(iso)
      await runJobs()
    }

    beforeAll(async () => {
      owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
    })
    beforeEach(() => clock.set(START))

    it('the owner adds plans; staff may not; a bed type the salon lacks is refused; customers see the plans on sale', async () => {
      const staff = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      const body = {
        name: '60 minutes',
        pricePence: 2500,
        allowanceKind: 'minutes',
        allowance: 60,
        bedTypes: ['lay-down'],
        minimumPeriods: 0,
        maxPausePeriods: 1,
      }
      expect((await t().api('staff/membership-plans', { body, headers: staff.headers })).status).toBe(403)
      const wrongBed = await t().api('staff/membership-plans', { body: { ...body, bedTypes: ['moon-bed'] }, headers: owner.headers })
      expect(wrongBed).toMatchObject({ status: 422, json: { message: "The salon has no bed type moon-bed. Please choose from the price list's bed types." } })
      const noAllowance = await t().api('staff/membership-plans', { body: { ...body, allowance: null }, headers: owner.headers })
      expect(noAllowance.status).toBe(400)
      const plan = await addPlan(t(), owner, body as never)
      expect(plan).toMatchObject({ name: '60 minutes', pricePence: 2500, period: 'month', allowanceKind: 'minutes', allowance: 60, active: true })
      const onSale = await t().api('membership_plans')
      expect(onSale.json.plans.map((p: { id: string }) => p.id)).toContain(plan.id)
    })

    it('a customer joins with card 4242: the first month is paid, the card kept, and the renewal asked for at the month’s end', async () => {
      const plan = await addPlan(t(), owner)
      const customer = await shopCustomer(t())
      const { started, paid, recorded } = await joinPlan(t(), customer, plan.id)
      expect(started.json.payment).toMatchObject({ amountPence: 3900, providerRef: expect.stringMatching(/^pi_test_/) })
      expect(paid.json.status).toBe('succeeded')
      expect(recorded).toMatchObject({ status: 200, json: { message: 'Welcome to Unlimited! Your membership has started.' } })
      expect(recorded.json.membership).toMatchObject({
        status: 'active',
        cardLast4: '4242',
        period: 1,
        periodStart: '2026-11-23T10:00:00.000Z',
        periodEnd: '2026-12-23T10:00:00.000Z',
        nextPayment: { at: '2026-12-23T10:00:00.000Z', amountPence: 3900 },
        payments: [{ kind: 'join', amountPence: 3900, status: 'succeeded' }],
      })
      const again = await t().api('p_account/membership', { body: { planId: plan.id }, headers: customer.headers })
      expect(again).toMatchObject({ status: 409, json: { message: 'You are already a member. You can see your membership on your account.' } })
    })

    it('a declined card starts nothing; a retired plan takes no new joins and its members carry on', async () => {
      const plan = await addPlan(t(), owner, { name: 'Retiring' })
      const declined = await shopCustomer(t())
      const tried = await joinPlan(t(), declined, plan.id, CARDS.declined)
      expect(tried.recorded).toMatchObject({ status: 409, json: { message: 'Your card payment has not gone through yet.' } })
      expect((await t().api('p_account/membership', { headers: declined.headers })).json.membership.status).toBe('pending')
      const member = await shopCustomer(t())
      await joinPlan(t(), member, plan.id)
      expect((await t().api(`staff/membership-plans/${plan.id}`, { method: 'DELETE', headers: owner.headers })).json.active).toBe(false)
      const late = await t().api('p_account/membership', { body: { planId: plan.id }, headers: (await shopCustomer(t())).headers })
      expect(late).toMatchObject({ status: 404, json: { message: 'There is no such membership plan on sale.' } })
      expect((await t().api('p_account/membership', { headers: member.headers })).json.membership.status).toBe('active')
    })

    it('renewals on the test clock: each month is charged once, at its start, and the next one asked for', async () => {
      const plan = await addPlan(t(), owner)
      const customer = await shopCustomer(t())
      const { recorded } = await joinPlan(t(), customer, plan.id)
      const id = recorded.json.membership.id
      await at('2026-12-23T09:59:00Z')
      expect((await membershipRow(t(), id)).period).toBe(1)
      await at('2026-12-23T10:00:00Z')
      await at('2027-01-23T10:00:00Z')
      await runJobs()
      const m = await membershipRow(t(), id)
      expect(m).toMatchObject({ status: 'active', period: 3, periodEnd: new Date('2027-02-23T10:00:00Z') })
      const paid = (await membershipPaymentsOf(t(), id)).filter((p) => p.status === 'succeeded').map((p) => p.period)
      expect(paid.sort()).toEqual([1, 2, 3])
    })

    it('a failed renewal is tried after 1, 3 and 5 days, texted each time, then the membership pauses until a new card pays', async () => {
      const plan = await addPlan(t(), owner, { name: 'Glow club', pricePence: 2500 })
      const customer = await shopCustomer(t())
      const id = (await joinPlan(t(), customer, plan.id)).recorded.json.membership.id
      await cardNowDeclines(t(), id)
      await at('2026-12-23T10:00:00Z')
      expect(await membershipRow(t(), id)).toMatchObject({ status: 'past_due', period: 2 })
      const first = await textsTo(customer.phone)
      expect(first.map((m) => m.body)).toEqual([
        `${t().shop.name}: your Glow club membership payment of £25.00 did not go through. We will try again on Thursday 24 December 2026. To change your card: http://localhost:3000/account/membership/`,
      ])
      await at('2026-12-24T10:00:00Z')
      await at('2026-12-26T10:00:00Z')
      expect(await membershipRow(t(), id)).toMatchObject({ status: 'past_due' })
      await at('2026-12-28T10:00:00Z')
      expect(await membershipRow(t(), id)).toMatchObject({ status: 'paused', pausedReason: 'payment_failed' })
      const texts = await textsTo(customer.phone)
      expect(texts).toHaveLength(4)
      expect(texts.map((m) => m.body)).toContain(
        `${t().shop.name}: your Glow club membership payment of £25.00 did not go through, so your membership is paused. Change your card to start it again: http://localhost:3000/account/membership/`,
      )
      const tries = await membershipPaymentsOf(t(), id)
      expect(tries.filter((p) => p.kind === 'renewal').map((p) => [p.attempt, p.status])).toEqual(
        expect.arrayContaining([
          ['0', 'failed'],
          ['1', 'failed'],
          ['2', 'failed'],
          ['3', 'failed'],
        ]),
      )
      // Nothing more is tried while it is paused.
      await at('2027-01-28T10:00:00Z')
      expect((await membershipPaymentsOf(t(), id)).length).toBe(tries.length)

      const headers = await freshHeaders(t(), customer)
      const change = await t().api('p_account/membership/card', { method: 'POST', headers })
      expect(change).toMatchObject({ status: 201, json: { payment: { amountPence: 2500 } } })
      await payWithCard(t(), change.json.payment)
      const done = await t().api('p_account/membership/payment', { method: 'PUT', body: { paymentId: change.json.payment.id }, headers })
      expect(done.json).toMatchObject({
        message: 'Your card is changed and £25.00 is paid. Your membership is running again.',
        membership: { status: 'active', periodStart: '2027-01-28T10:00:00.000Z', periodEnd: '2027-02-28T10:00:00.000Z' },
      })
      await at('2027-02-28T10:00:00Z')
      expect(await membershipRow(t(), id)).toMatchObject({ status: 'active', period: 3 })
    })

    it('the text about a failed renewal waits out the quiet hours', async () => {
      const plan = await addPlan(t(), owner)
      clock.set('2026-11-23T22:30:00Z')
      const customer = await shopCustomer(t())
      const id = (await joinPlan(t(), customer, plan.id)).recorded.json.membership.id
      await cardNowDeclines(t(), id)
      await at('2026-12-23T22:30:00Z')
      expect(await membershipRow(t(), id)).toMatchObject({ status: 'past_due' })
      expect(await textsTo(customer.phone)).toHaveLength(0)
      await at('2026-12-24T08:00:00Z')
      expect(await textsTo(customer.phone)).toHaveLength(1)
    })

    it('a cancellation ends the membership at the month’s end, or the minimum term’s if later: nothing is charged after it', async () => {
      const plan = await addPlan(t(), owner, { name: 'Three months', minimumPeriods: 3 })
      const customer = await shopCustomer(t())
      const id = (await joinPlan(t(), customer, plan.id)).recorded.json.membership.id
      const cancelled = await t().api('p_account/membership/cancel', { method: 'POST', headers: customer.headers })
      expect(cancelled.json).toMatchObject({
        message: 'Your membership ends on Tuesday 23 February 2027.',
        membership: { endsAt: '2027-02-23T10:00:00.000Z', nextPayment: null },
      })
      await at('2026-12-23T10:00:00Z')
      await at('2027-01-23T10:00:00Z')
      await at('2027-02-23T10:00:00Z')
      expect(await membershipRow(t(), id)).toMatchObject({ status: 'cancelled', period: 3 })
      expect((await membershipPaymentsOf(t(), id)).map((p) => p.period).sort()).toEqual([1, 2, 3])
      await at('2027-03-23T10:00:00Z')
      expect(await membershipPaymentsOf(t(), id)).toHaveLength(3)
    })

    it('a pause the plan allows skips the charges of its months; one longer than allowed is refused', async () => {
      const plan = await addPlan(t(), owner, { name: 'Pausable', maxPausePeriods: 1 })
      const customer = await shopCustomer(t())
      const id = (await joinPlan(t(), customer, plan.id)).recorded.json.membership.id
      const long = await t().api('p_account/membership/pause', { body: { months: 2 }, headers: customer.headers })
      expect(long).toMatchObject({ status: 409, json: { message: 'Your plan lets you pause for 1 more month.' } })
      const pause = await t().api('p_account/membership/pause', { body: { months: 1 }, headers: customer.headers })
      expect(pause.json.message).toBe('Your membership pauses from Wednesday 23 December 2026 for 1 month. No payment is taken while it is paused.')
      await at('2026-12-23T10:00:00Z')
      expect(await membershipRow(t(), id)).toMatchObject({ status: 'paused', pausedReason: 'customer', periodEnd: new Date('2027-01-23T10:00:00Z') })
      expect(await membershipPaymentsOf(t(), id)).toHaveLength(1)
      await at('2027-01-23T10:00:00Z')
      expect(await membershipRow(t(), id)).toMatchObject({ status: 'active', period: 3 })
      expect(await membershipPaymentsOf(t(), id)).toHaveLength(2)
    })

    it('a plan that cannot be paused says so', async () => {
      const plan = await addPlan(t(), owner)
      const customer = await shopCustomer(t())
      await joinPlan(t(), customer, plan.id)
      const pause = await t().api('p_account/membership/pause', { body: { months: 1 }, headers: customer.headers })
      expect(pause).toMatchObject({ status: 409, json: { message: 'Your plan cannot be paused.' } })
    })
  },
  { deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
