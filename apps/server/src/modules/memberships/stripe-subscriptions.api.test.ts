import { and, eq, schema } from '@salon/db'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { createStripePayments } from '../../adapters/payments/stripe.ts'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { freshHeaders, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { addPlan, membershipPaymentsOf, membershipRow } from '../../test/factories/memberships.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { anotherProcess, describeApi, type TestApp } from '../../test/harness.ts'
import { startStripeStandIn } from '../../test/stripe-stand-in.ts'

const WEBHOOK_SECRET = 'whsec_test_membership_webhooks'
const PUBLISHABLE_KEY = 'pk_test_salon_publishable'
const standIn = await startStripeStandIn()
afterAll(() => standIn.close())

/** Monday 23 November 2026, 10:00 GMT */
const START = '2026-11-23T10:00:00Z'
const clock = testClock(START)
const stripe = () =>
  createStripePayments({ secretKey: standIn.secretKey, publishableKey: PUBLISHABLE_KEY, host: standIn.host, port: standIn.port, protocol: 'http' })

type Customer = Awaited<ReturnType<typeof shopCustomer>>

/** An event as Stripe sends it, carrying `object`, signed with the endpoint's secret (or another) at the app's clock. */
function signedEvent(type: string, object: { id: string }, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object } })
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(clock.now() / 1000) }) }
}

const deliver = (app: TestApp['app'], event: { payload: string; signature: string }) =>
  app.request('/webhooks/stripe', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload })

describeApi(
  'memberships paid by Stripe subscriptions',
  (t) => {
    let owner: StaffUser
    let planId: string
    const runJobs = () => createWorker({ ...t().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()
    const textsTo = async (phone: string) =>
      (await t().db.select().from(schema.outbox).where(eq(schema.outbox.recipient, phone))).filter((m) => m.body.includes('membership payment'))
    const event = async (type: string, object: { id: string }) => {
      const answer = await deliver(t().app, signedEvent(type, object))
      expect(answer.status).toBe(200)
    }

    /** Joins with Stripe and pays the first invoice in the browser (the stand-in's `succeed`): the membership and its subscription. */
    async function member(customer?: Customer) {
      const who = customer ?? (await shopCustomer(t()))
      const started = await t().api('p_account/membership', { body: { planId }, headers: who.headers })
      expect(started.status).toBe(201)
      await standIn.succeed(started.json.payment.providerRef, { last4: '1881' })
      const recorded = await t().api('p_account/membership/payment', { method: 'PUT', body: { paymentId: started.json.payment.id }, headers: who.headers })
      expect(recorded.status).toBe(200)
      const m = await membershipRow(t(), recorded.json.membership.id)
      return { customer: who, m, subscription: m.subscriptionRef!, started, recorded }
    }

    beforeAll(async () => {
      owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      planId = (await addPlan(t(), owner, { name: 'Stripe club', pricePence: 2500, maxPausePeriods: 2 })).id
    })
    beforeEach(() => clock.set(START))

    it('joining makes a Stripe customer and a subscription whose first invoice the browser pays; the membership starts once', async () => {
      const customer = await shopCustomer(t())
      const started = await t().api('p_account/membership', { body: { planId }, headers: customer.headers })
      expect(started).toMatchObject({
        status: 201,
        json: { payment: { amountPence: 2500, providerRef: expect.stringMatching(/^pi_/), publishableKey: PUBLISHABLE_KEY } },
      })
      const created = standIn.requests.find((r) => r.path === '/v1/subscriptions' && r.form['metadata[paymentId]'] === started.json.payment.id)!
      expect(created.form).toMatchObject({
        'items[0][price_data][currency]': 'gbp',
        'items[0][price_data][unit_amount]': '2500',
        'items[0][price_data][recurring][interval]': 'month',
        payment_behavior: 'default_incomplete',
        'payment_settings[save_default_payment_method]': 'on_subscription',
        'metadata[membershipId]': started.json.membership.id,
        'expand[0]': 'latest_invoice.payments',
      })
      expect(created.idempotencyKey).toBe(`membership-subscription:${started.json.membership.id}`)
      const subscription = (await membershipRow(t(), started.json.membership.id)).subscriptionRef!
      const invoice = standIn.subscriptions.invoices.get(standIn.subscriptions.subscriptions.get(subscription)!.latest_invoice as string)!
      expect(invoice.payments!.data[0]!.payment.payment_intent).toBe(started.json.payment.providerRef)
      expect(started.json.payment.clientSecret).toBe(standIn.intents.get(started.json.payment.providerRef)!.client_secret)

      // Asking again before paying answers the same payment, with no second subscription.
      const again = await t().api('p_account/membership', { body: { planId }, headers: customer.headers })
      expect(again.json.payment).toMatchObject({ id: started.json.payment.id, providerRef: started.json.payment.providerRef })
      expect([...standIn.subscriptions.subscriptions.values()].filter((s) => s.metadata.membershipId === started.json.membership.id)).toHaveLength(1)

      expect(
        (await t().api('p_account/membership/payment', { method: 'PUT', body: { paymentId: started.json.payment.id }, headers: customer.headers })).status,
      ).toBe(409)
      await standIn.succeed(started.json.payment.providerRef, { last4: '1881' })
      const recorded = await t().api('p_account/membership/payment', { method: 'PUT', body: { paymentId: started.json.payment.id }, headers: customer.headers })
      expect(recorded).toMatchObject({ status: 200, json: { message: 'Welcome to Stripe club! Your membership has started.' } })
      expect(recorded.json.membership).toMatchObject({ status: 'active', cardLast4: '1881', period: 1, periodEnd: '2026-12-23T10:00:00.000Z' })
      // Stripe's own report of the first invoice, twice, changes nothing more.
      await event('invoice.paid', standIn.subscriptions.invoices.get(invoice.id)!)
      await event('invoice.paid', standIn.subscriptions.invoices.get(invoice.id)!)
      expect(await membershipPaymentsOf(t(), started.json.membership.id)).toMatchObject([{ kind: 'join', status: 'succeeded' }])
      // At the month's end the job queue charges nothing: Stripe does.
      const intents = standIn.intents.size
      clock.set('2026-12-23T10:00:00Z')
      await runJobs()
      expect(standIn.intents.size).toBe(intents)
      expect(await membershipPaymentsOf(t(), started.json.membership.id)).toHaveLength(1)
    })

    it('invoice.paid for the next month, delivered twice and by two processes at once, records one payment and moves the month on once', async () => {
      const { m, subscription } = await member()
      clock.set('2026-12-23T10:00:00Z')
      const invoice = await standIn.subscriptions.renew(subscription)
      const other = anotherProcess(t(), { passwords: fastPasswords, now: clock.now, payments: stripe(), stripeWebhookSecret: WEBHOOK_SECRET })
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => deliver(i % 2 ? t().app : other, signedEvent('invoice.paid', invoice))))
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200))
      await event('invoice.paid', invoice)
      const payments = await membershipPaymentsOf(t(), m.id)
      expect(payments.filter((p) => p.period === 2)).toMatchObject([
        { status: 'succeeded', kind: 'renewal', amountPence: 2500, attempt: `invoice:${invoice.id}` },
      ])
      expect(await membershipRow(t(), m.id)).toMatchObject({
        status: 'active',
        period: 2,
        periodStart: new Date('2026-12-23T10:00:00Z'),
        periodEnd: new Date('2027-01-23T10:00:00Z'),
      })
    })

    it('a failed payment makes the membership past due and texts once per try; Stripe’s next try pays it; after its last try it pauses', async () => {
      const { customer, m, subscription } = await member()
      clock.set('2026-12-23T10:00:00Z')
      const failed = await standIn.subscriptions.renew(subscription, { paid: false })
      await event('invoice.payment_failed', failed)
      await event('invoice.payment_failed', failed)
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'past_due', period: 2, periodStart: new Date('2026-12-23T10:00:00Z') })
      await runJobs()
      const texts = await textsTo(customer.phone)
      expect(texts.map((x) => x.body)).toEqual([
        expect.stringMatching(
          /^.+: your Stripe club membership payment of £25\.00 did not go through\. We will try again on \w+day \d+ \w+ \d{4}\. To change your card: http:\/\/localhost:3000\/account\/membership\/$/,
        ),
      ])
      await event('invoice.paid', await standIn.subscriptions.retry(failed.id, { paid: true }))
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'active', period: 2, periodEnd: new Date('2027-01-23T10:00:00Z') })

      clock.set('2027-01-23T10:00:00Z')
      const next = await standIn.subscriptions.renew(subscription, { paid: false })
      await event('invoice.payment_failed', next)
      await event('invoice.payment_failed', await standIn.subscriptions.retry(next.id, { paid: false, last: true }))
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'paused', pausedReason: 'payment_failed', period: 3 })
      await runJobs()
      expect((await textsTo(customer.phone)).map((x) => x.body)).toContain(
        `${t().shop.name}: your Stripe club membership payment of £25.00 did not go through, so your membership is paused. Change your card to start it again: http://localhost:3000/account/membership/`,
      )
      expect(await textsTo(customer.phone)).toHaveLength(3)
      // Stripe then ends the subscription: the membership stays paused, as after the last offline try.
      await event('customer.subscription.deleted', await standIn.subscriptions.remove(subscription))
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'paused', pausedReason: 'payment_failed' })
    })

    it('a subscription Stripe deletes ends the membership; a past-due one pauses', async () => {
      const running = await member()
      await event('customer.subscription.deleted', await standIn.subscriptions.remove(running.subscription))
      expect(await membershipRow(t(), running.m.id)).toMatchObject({ status: 'cancelled' })

      const owing = await member()
      clock.set('2026-12-23T10:00:00Z')
      await event('invoice.payment_failed', await standIn.subscriptions.renew(owing.subscription, { paid: false }))
      await event('customer.subscription.deleted', await standIn.subscriptions.remove(owing.subscription))
      expect(await membershipRow(t(), owing.m.id)).toMatchObject({ status: 'paused', pausedReason: 'payment_failed' })
    })

    it('cancelling sets the subscription to end with the month; a membership cancelled while Stripe takes its renewal runs that month, then ends', async () => {
      const { customer, m, subscription } = await member()
      const cancelled = await t().api('p_account/membership/cancel', { method: 'POST', headers: customer.headers })
      expect(cancelled.json.message).toBe('Your membership ends on Wednesday 23 December 2026.')
      const update = standIn.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription}`).at(-1)!
      expect(update.form).toMatchObject({ pause_collection: '', proration_behavior: 'none' })
      expect(standIn.subscriptions.subscriptions.get(subscription)!.cancel_at).toBe(Number(update.form.cancel_at))

      // Stripe had already started taking the next month when the cancellation reached it.
      clock.set('2026-12-23T10:00:00Z')
      await event('invoice.paid', await standIn.subscriptions.renew(subscription))
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'active', period: 2, cancelAt: new Date('2027-01-23T10:00:00Z') })
      // Stripe's subscription ending before the month paid is over does not cut it short.
      await event('customer.subscription.deleted', await standIn.subscriptions.remove(subscription))
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'active' })
      clock.set('2027-01-23T10:00:00Z')
      await runJobs()
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'cancelled', period: 2 })
      expect((await membershipPaymentsOf(t(), m.id)).map((p) => p.period).sort()).toEqual([1, 2])
    })

    it('a membership whose customer was erased ends at its month’s end, and its subscription with it', async () => {
      const { customer, m, subscription } = await member()
      await t()
        .db.update(schema.customers)
        .set({ erasedAt: new Date(clock.now()) })
        .where(and(eq(schema.customers.shopId, t().shop.id), eq(schema.customers.sub, customer.sub)))
      clock.set('2026-12-23T10:00:00Z')
      await runJobs()
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'cancelled', period: 1 })
      expect(standIn.subscriptions.subscriptions.get(subscription)!.status).toBe('canceled')
    })

    it('a membership not paid for yet ends at once, and so does its subscription at Stripe', async () => {
      const customer = await shopCustomer(t())
      const started = await t().api('p_account/membership', { body: { planId }, headers: customer.headers })
      const subscription = (await membershipRow(t(), started.json.membership.id)).subscriptionRef!
      const cancelled = await t().api('p_account/membership/cancel', { method: 'POST', headers: customer.headers })
      expect(cancelled.json.message).toBe('Your membership has ended.')
      expect(standIn.subscriptions.subscriptions.get(subscription)!.status).toBe('canceled')
    })

    it('a pause asks Stripe to take no payment until the month after it', async () => {
      const { customer, m, subscription } = await member()
      const pause = await t().api('p_account/membership/pause', { body: { months: 1 }, headers: customer.headers })
      expect(pause.json.message).toBe('Your membership pauses from Wednesday 23 December 2026 for 1 month. No payment is taken while it is paused.')
      expect(standIn.subscriptions.subscriptions.get(subscription)!.pause_collection).toMatchObject({ behavior: 'void', resumes_at: expect.any(Number) })
      clock.set('2026-12-23T10:00:00Z')
      await runJobs()
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'paused', pausedReason: 'customer', periodEnd: new Date('2027-01-23T10:00:00Z') })
      // After the pause the job queue still charges nothing; Stripe's first month after it starts the membership again.
      clock.set('2027-01-23T10:00:00Z')
      await runJobs()
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'paused' })
      await event('invoice.paid', await standIn.subscriptions.renew(subscription))
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'active', period: 3, periodStart: new Date('2027-01-23T10:00:00Z') })
      expect(await membershipPaymentsOf(t(), m.id)).toHaveLength(2)
    })

    it('forged or unsigned subscription events change nothing', async () => {
      const { m, subscription } = await member()
      clock.set('2026-12-23T10:00:00Z')
      const invoice = await standIn.subscriptions.renew(subscription)
      for (const forged of [
        signedEvent('invoice.paid', invoice, 'whsec_someone_else'),
        signedEvent('customer.subscription.deleted', { id: subscription }, 'whsec_x'),
      ]) {
        expect((await deliver(t().app, forged)).status).toBe(400)
      }
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'active', period: 1 })
      expect(await membershipPaymentsOf(t(), m.id)).toHaveLength(1)
    })

    it("with nothing owed, a new card is saved by a card setup and becomes the subscription's, once, from the browser or the webhook", async () => {
      const { customer, m, subscription } = await member()
      const change = await t().api('p_account/membership/card', { method: 'POST', headers: customer.headers })
      expect(change).toMatchObject({
        status: 201,
        json: { payment: { amountPence: 0, providerRef: expect.stringMatching(/^seti_/), clientSecret: expect.stringMatching(/^seti_.+_secret_/) } },
      })
      const setupRef = change.json.payment.providerRef as string
      // Made for the subscription's own customer, for the renewals (off session), keyed by our payment.
      const made = standIn.requests.find((r) => r.path === '/v1/setup_intents')!
      expect(made.form).toMatchObject({ customer: standIn.subscriptions.subscriptions.get(subscription)!.customer, usage: 'off_session' })
      expect(made.idempotencyKey).toBe(`membership-card-setup:${change.json.payment.id}`)
      // Not saved yet: nothing is recorded.
      const early = await t().api('p_account/membership/payment', { method: 'PUT', body: { paymentId: change.json.payment.id }, headers: customer.headers })
      expect(early.status).toBe(409)

      // The browser saves the card; Stripe's report of it arrives twice, and the browser's return after.
      const saved = await standIn.subscriptions.setupSucceeded(setupRef, { last4: '0077' })
      await event('setup_intent.succeeded', saved)
      await event('setup_intent.succeeded', saved)
      const done = await t().api('p_account/membership/payment', { method: 'PUT', body: { paymentId: change.json.payment.id }, headers: customer.headers })
      expect(done.json).toMatchObject({ message: 'Your card is changed.', membership: { status: 'active', cardLast4: '0077', period: 1 } })
      expect(standIn.subscriptions.subscriptions.get(subscription)!.default_payment_method).toBe(saved.payment_method)
      const changes = (await membershipPaymentsOf(t(), m.id)).filter((p) => p.kind === 'card_change')
      expect(changes.map((p) => [p.status, p.amountPence])).toEqual([['succeeded', 0]])
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'active', period: 1 })
    })

    it('a changed card pays the invoice owed and the membership runs again, once', async () => {
      const { customer, m, subscription } = await member()

      clock.set('2026-12-23T10:00:00Z')
      const failed = await standIn.subscriptions.renew(subscription, { paid: false })
      await event('invoice.payment_failed', failed)
      const headers = await freshHeaders(t(), customer)
      const change = await t().api('p_account/membership/card', { method: 'POST', headers })
      const owedIntent = failed.payments!.data[0]!.payment.payment_intent as string
      expect(change).toMatchObject({ status: 201, json: { payment: { amountPence: 2500, providerRef: owedIntent } } })
      await standIn.succeed(owedIntent, { last4: '5556' })
      const done = await t().api('p_account/membership/payment', { method: 'PUT', body: { paymentId: change.json.payment.id }, headers })
      expect(done.json).toMatchObject({
        message: 'Your card is changed and £25.00 is paid. Your membership is running again.',
        membership: { status: 'active', cardLast4: '5556', period: 2, periodEnd: '2027-01-23T10:00:00.000Z' },
      })
      // Stripe's report of the same invoice paid, twice, records nothing more.
      await event('invoice.paid', standIn.subscriptions.invoices.get(failed.id)!)
      await event('invoice.paid', standIn.subscriptions.invoices.get(failed.id)!)
      const paid = (await membershipPaymentsOf(t(), m.id)).filter((p) => p.status === 'succeeded')
      expect(paid.map((p) => [p.period, p.kind]).sort()).toEqual([
        [1, 'join'],
        [2, 'card_change'],
      ])
      expect(await membershipRow(t(), m.id)).toMatchObject({ status: 'active', period: 2 })
    })
  },
  { deps: () => ({ passwords: fastPasswords, now: clock.now, payments: stripe(), stripeWebhookSecret: WEBHOOK_SECRET }) },
)
