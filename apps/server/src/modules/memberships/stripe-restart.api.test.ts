import { eq, schema } from '@salon/db'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { createStripePayments } from '../../adapters/payments/stripe.ts'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { freshHeaders, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { addPlan, membershipPaymentsOf, membershipRow } from '../../test/factories/memberships.ts'
import { otherShopOwner, staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { anotherProcess, describeApi, type TestApp } from '../../test/harness.ts'
import { startStripeStandIn } from '../../test/stripe-stand-in.ts'

const WEBHOOK_SECRET = 'whsec_test_membership_restarts'
const standIn = await startStripeStandIn()
afterAll(() => standIn.close())

/** Monday 23 November 2026, 10:00 GMT */
const START = '2026-11-23T10:00:00Z'
/** The month Stripe could not take, and ended the subscription over, starts a month later. */
const OWED = '2026-12-23T10:00:00Z'
/** Friday 1 January 2027, when the member changes the card. */
const RESTART = '2027-01-01T09:00:00Z'
const clock = testClock(START)
const stripe = () =>
  createStripePayments({ secretKey: standIn.secretKey, publishableKey: 'pk_test_salon', host: standIn.host, port: standIn.port, protocol: 'http' })

type Headers = Record<string, string>

function signedEvent(type: string, object: { id: string }, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object } })
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(clock.now() / 1000) }) }
}

const deliver = (app: TestApp['app'], event: { payload: string; signature: string }) =>
  app.request('/webhooks/stripe', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload })

const RUNNING_AGAIN = 'Your card is changed and £25.00 is paid. Your membership is running again.'

describeApi(
  'a membership Stripe ended with a month owed, restarted by changing the card',
  (t) => {
    let owner: StaffUser
    let planId: string
    const event = async (type: string, object: { id: string }) => expect((await deliver(t().app, signedEvent(type, object))).status).toBe(200)
    const subscriptionsOf = (membershipId: string) => [...standIn.subscriptions.subscriptions.values()].filter((s) => s.metadata.membershipId === membershipId)
    const firstInvoiceOf = (subscription: string) =>
      standIn.subscriptions.invoices.get(standIn.subscriptions.subscriptions.get(subscription)!.latest_invoice as string)!

    /**
     * A member whose next month Stripe could not take, and whose subscription Stripe then ended (its last try): the
     * membership is paused with that month owed. `told: false` leaves out Stripe's word of the end.
     */
    async function endedOwing(options: { planId?: string; told?: boolean } = {}) {
      const customer = await shopCustomer(t())
      const started = await t().api('p_account/membership', { body: { planId: options.planId ?? planId }, headers: customer.headers })
      await standIn.succeed(started.json.payment.providerRef, { last4: '1881' })
      await t().api('p_account/membership/payment', { method: 'PUT', body: { paymentId: started.json.payment.id }, headers: customer.headers })
      const m = await membershipRow(t(), started.json.membership.id)
      clock.set(OWED)
      const failed = await standIn.subscriptions.renew(m.subscriptionRef!, { paid: false })
      await event('invoice.payment_failed', failed)
      const ended = await standIn.subscriptions.remove(m.subscriptionRef!)
      if (options.told !== false) await event('customer.subscription.deleted', ended)
      clock.set(RESTART)
      return { customer, headers: await freshHeaders(t(), customer), sub: customer.sub, m, ended: m.subscriptionRef!, failed }
    }

    const changeCard = (headers: Headers, path = 'p_account/membership/card') => t().api(path, { method: 'POST', headers })
    const record = (headers: Headers, paymentId: string, path = 'p_account/membership/payment') =>
      t().api(path, { method: 'PUT', body: { paymentId }, headers })

    beforeAll(async () => {
      owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      planId = (await addPlan(t(), owner, { name: 'Restart club', pricePence: 2500 })).id
    })
    beforeEach(() => clock.set(START))

    it('a new subscription for the same customer whose first invoice is the month owed; paid, recorded once however reported; then Stripe bills the months', async () => {
      const { headers, m, ended } = await endedOwing()
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'paused', pausedReason: 'payment_failed', period: 2 })
      const change = await changeCard(headers)
      expect(change).toMatchObject({ status: 201, json: { payment: { amountPence: 2500, providerRef: expect.stringMatching(/^pi_/) } } })
      const restarted = (await membershipRow(t(), m.id)).subscriptionRef!
      expect(restarted).not.toBe(ended)
      const made = standIn.requests.find((r) => r.path === '/v1/subscriptions' && r.form['metadata[restartOf]'] === ended)!
      expect(made.idempotencyKey).toBe(`membership-subscription:${m.id}:after:${ended}`)
      expect(made.form).toMatchObject({ customer: standIn.subscriptions.subscriptions.get(ended)!.customer, 'items[0][price_data][unit_amount]': '2500' })
      expect(firstInvoiceOf(restarted).payments!.data[0]!.payment.payment_intent).toBe(change.json.payment.providerRef)
      // Not paid yet: it stays paused with the month owed.
      expect(await record(headers, change.json.payment.id)).toMatchObject({ status: 409, json: { message: 'Your card payment has not gone through yet.' } })

      // Paid in the browser: Stripe's reports (to two processes, twice) and the browser's return, all at once.
      await standIn.succeed(change.json.payment.providerRef, { last4: '7001' })
      const paid = standIn.subscriptions.invoices.get(firstInvoiceOf(restarted).id)!
      const other = anotherProcess(t(), { passwords: fastPasswords, now: clock.now, payments: stripe(), stripeWebhookSecret: WEBHOOK_SECRET })
      const [returned, ...reports] = await Promise.all([
        record(headers, change.json.payment.id),
        ...[t().app, other, t().app, other].map((app) => deliver(app, signedEvent('invoice.paid', paid))),
        deliver(other, signedEvent('payment_intent.succeeded', standIn.intents.get(change.json.payment.providerRef)!)),
      ])
      expect(reports.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
      expect(returned).toMatchObject({
        status: 200,
        json: { message: RUNNING_AGAIN, membership: { status: 'active', cardLast4: '7001', period: 2, periodStart: '2027-01-01T09:00:00.000Z' } },
      })
      const succeeded = (await membershipPaymentsOf(t(), m.id)).filter((p) => p.status === 'succeeded')
      expect(succeeded.map((p) => [p.period, p.kind, p.amountPence]).sort()).toEqual([
        [1, 'join', 2500],
        [2, 'card_change', 2500],
      ])

      // Stripe takes the next month on the new subscription, as on the first.
      clock.set('2027-02-01T09:00:00Z')
      await createWorker({ ...t().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()
      await event('invoice.paid', await standIn.subscriptions.renew(restarted))
      expect(await membershipRow(t(), m.id)).toMatchObject({
        status: 'active',
        period: 3,
        periodEnd: new Date('2027-03-01T09:00:00Z'),
        subscriptionRef: restarted,
      })
      expect((await membershipPaymentsOf(t(), m.id)).filter((p) => p.status === 'succeeded')).toHaveLength(3)
    })

    it('the ended subscription’s late events move nothing, before the new one is paid and after', async () => {
      const { headers, m, ended, failed } = await endedOwing()
      const change = await changeCard(headers)
      const lateEvents = async () => {
        await event('customer.subscription.deleted', standIn.subscriptions.subscriptions.get(ended)!)
        await event('invoice.payment_failed', standIn.subscriptions.invoices.get(failed.id)!)
        // Its invoice owed, paid late all the same (the stand-in's record of it, as Stripe would answer).
        standIn.subscriptions.invoices.set(failed.id, { ...failed, status: 'paid', amount_paid: 2500, next_payment_attempt: null } as Stripe.Invoice)
        await event('invoice.paid', standIn.subscriptions.invoices.get(failed.id)!)
      }
      await lateEvents()
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'paused', pausedReason: 'payment_failed', period: 2 })
      expect((await membershipPaymentsOf(t(), m.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1)

      await standIn.succeed(change.json.payment.providerRef)
      expect((await record(headers, change.json.payment.id)).json.message).toBe(RUNNING_AGAIN)
      await lateEvents()
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'active', period: 2, periodStart: new Date(RESTART) })
      expect((await membershipPaymentsOf(t(), m.id)).filter((p) => p.status === 'succeeded')).toHaveLength(2)
    })

    it('two restarts at once, online, at the desk and on another process, make one subscription and answer one invoice', async () => {
      const { headers, sub, m, ended } = await endedOwing()
      const other = anotherProcess(t(), { passwords: fastPasswords, now: clock.now, payments: stripe(), stripeWebhookSecret: WEBHOOK_SECRET })
      const desk = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      const onOther = async () => {
        const answer = await other.request('/api/p_account/membership/card', { method: 'POST', headers: { ...t().shop.headers, ...headers } })
        return { status: answer.status, json: (await answer.json()) as Record<string, any> }
      }
      const answers = await Promise.all([
        changeCard(headers),
        changeCard(desk.headers, `staff/customers/${sub}/membership/card`),
        onOther(),
        changeCard(headers),
      ])
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201])
      expect(new Set(answers.map((a) => a.json.payment.providerRef)).size).toBe(1)
      expect(subscriptionsOf(m.id).filter((s) => s.metadata.restartOf === ended)).toHaveLength(1)
      // Whichever is paid, the month is paid once and the others stay pending.
      await standIn.succeed(answers[0]!.json.payment.providerRef)
      expect((await record(headers, answers[3]!.json.payment.id)).json).toMatchObject({ message: RUNNING_AGAIN, membership: { status: 'active' } })
      expect((await membershipPaymentsOf(t(), m.id)).filter((p) => p.status === 'succeeded' && p.period === 2)).toHaveLength(1)
    })

    it('a restart whose payment fails stays paused with the month owed; changing the card again pays the same invoice', async () => {
      const { headers, m } = await endedOwing()
      const change = await changeCard(headers)
      const restarted = (await membershipRow(t(), m.id)).subscriptionRef!
      standIn.decline(change.json.payment.providerRef)
      const refused = { ...firstInvoiceOf(restarted), attempt_count: 1 } as Stripe.Invoice
      standIn.subscriptions.invoices.set(refused.id, refused)
      await event('invoice.payment_failed', refused)
      expect(await record(headers, change.json.payment.id)).toMatchObject({ status: 409, json: { message: 'Your card payment has not gone through yet.' } })
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'paused', pausedReason: 'payment_failed', period: 2, subscriptionRef: restarted })
      expect((await membershipPaymentsOf(t(), m.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1)
      // A forged report of it paid changes nothing.
      expect((await deliver(t().app, signedEvent('invoice.paid', { ...refused, status: 'paid' } as Stripe.Invoice, 'whsec_someone_else'))).status).toBe(400)
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'paused' })

      const again = await changeCard(headers)
      expect(again.json.payment.providerRef).toBe(change.json.payment.providerRef)
      expect(subscriptionsOf(m.id)).toHaveLength(2)
      await standIn.succeed(again.json.payment.providerRef, { last4: '3220' })
      expect((await record(headers, again.json.payment.id)).json).toMatchObject({ message: RUNNING_AGAIN, membership: { status: 'active', cardLast4: '3220' } })
    })

    it('a second end after a restart is restarted again, with a subscription of its own', async () => {
      const { customer, headers, m } = await endedOwing()
      const first = await changeCard(headers)
      await standIn.succeed(first.json.payment.providerRef)
      await record(headers, first.json.payment.id)
      const second = (await membershipRow(t(), m.id)).subscriptionRef!
      clock.set('2027-02-01T09:00:00Z')
      await event('invoice.payment_failed', await standIn.subscriptions.renew(second, { paid: false }))
      await event('customer.subscription.deleted', await standIn.subscriptions.remove(second))
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'paused', period: 3 })
      clock.set('2027-02-10T09:00:00Z')
      const later = await freshHeaders(t(), customer)
      const again = await changeCard(later)
      const third = (await membershipRow(t(), m.id)).subscriptionRef!
      expect(standIn.requests.find((r) => r.path === '/v1/subscriptions' && r.form['metadata[restartOf]'] === second)!.idempotencyKey).toBe(
        `membership-subscription:${m.id}:after:${second}`,
      )
      expect(new Set([m.subscriptionRef, second, third]).size).toBe(3)
      await standIn.succeed(again.json.payment.providerRef)
      expect((await record(later, again.json.payment.id)).json).toMatchObject({ message: RUNNING_AGAIN, membership: { status: 'active', period: 3 } })
    })

    it('ended while past due, before Stripe’s word of it came: the membership pauses and restarts the same way', async () => {
      const { headers, m } = await endedOwing({ told: false })
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'past_due' })
      const change = await changeCard(headers)
      expect(change).toMatchObject({ status: 201, json: { membership: { status: 'paused' }, payment: { amountPence: 2500 } } })
      await standIn.succeed(change.json.payment.providerRef)
      expect((await record(headers, change.json.payment.id)).json.membership).toMatchObject({ status: 'active', periodStart: '2027-01-01T09:00:00.000Z' })
    })

    it('a member leaving within the minimum term who restarts gets a subscription that ends when the membership does', async () => {
      const termed = (await addPlan(t(), owner, { name: 'Three months', pricePence: 2500, minimumPeriods: 3 })).id
      const { headers, m } = await endedOwing({ planId: termed })
      const cancelled = await t().api('p_account/membership/cancel', { method: 'POST', headers })
      expect(cancelled.json.message).toBe('Your membership ends on Tuesday 23 February 2027.')
      await changeCard(headers)
      const restarted = standIn.subscriptions.subscriptions.get((await membershipRow(t(), m.id)).subscriptionRef!)!
      // At Stripe's month end nearest the membership's, as a cancellation of a running subscription is (decision 047).
      expect(Math.abs(restarted.cancel_at! - Date.parse('2027-02-23T10:00:00Z') / 1000)).toBeLessThanOrEqual(2 * 24 * 3600)
    })

    it('the desk restarts it for the customer on its card form, in the audit log; another salon’s owner is refused', async () => {
      const { sub, m } = await endedOwing()
      const staff = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      const { owner: stranger } = await otherShopOwner(t(), fastPasswords)
      const path = `staff/customers/${sub}/membership`
      expect((await changeCard(stranger.headers, `${path}/card`)).status).toBe(403)
      expect((await membershipRow(t(), m.id)).subscriptionRef).toBe(m.subscriptionRef)

      const change = await changeCard(staff.headers, `${path}/card`)
      expect(change).toMatchObject({ status: 201, json: { payment: { amountPence: 2500, providerRef: expect.stringMatching(/^pi_/) } } })
      await standIn.succeed(change.json.payment.providerRef, { last4: '4444' })
      expect((await record(stranger.headers, change.json.payment.id, `${path}/payment`)).status).toBe(403)
      expect(await record(staff.headers, change.json.payment.id, `${path}/payment`)).toMatchObject({
        status: 200,
        json: { message: RUNNING_AGAIN, membership: { status: 'active', cardLast4: '4444', period: 2 } },
      })
      const audit = await t().db.select().from(schema.staffAuditLog).where(eq(schema.staffAuditLog.subjectId, m.id))
      expect(audit.map((a) => a.action)).toEqual(['membership.card_change'])
    })
  },
  { deps: () => ({ passwords: fastPasswords, now: clock.now, payments: stripe(), stripeWebhookSecret: WEBHOOK_SECRET }) },
)
