import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts'
import { PaymentProviderError, type SubscriptionBilling } from './payments.ts'
import { createStripePayments, STRIPE_API_VERSION, verifyStripeWebhook } from './stripe.ts'
import { planProductId, stripeMonthEndNear } from './stripe-subscriptions.ts'

const DAY = 24 * 3600

const newSubscription = (overrides: { planId?: string } = {}) => ({
  ref: null,
  membershipId: randomUUID(),
  shopId: 'bronze-glow',
  sub: randomUUID(),
  paymentId: randomUUID(),
  planId: overrides.planId ?? randomUUID(),
  planName: 'Unlimited',
  amountPence: 3900,
})

/** Resolves to what the promise rejected with, failing the test if it did not reject. */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  return error as Error
}

describe('Stripe subscriptions adapter', () => {
  let standIn: StripeStandIn
  let billing: SubscriptionBilling

  beforeAll(async () => {
    standIn = await startStripeStandIn()
    billing = createStripePayments({
      secretKey: standIn.secretKey,
      publishableKey: 'pk_test_x',
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
      networkRetries: 0,
    }).subscriptions!
  })
  afterAll(async () => {
    await standIn.close()
  })
  beforeEach(() => {
    standIn.requests.length = 0
    standIn.failNext(0)
  })

  it('makes a customer, the plan’s product and a default_incomplete subscription, keyed by our ids, and answers its first invoice’s intent', async () => {
    const asked = newSubscription()
    const { ref, intent } = await billing.start(asked)

    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/products',
      'POST /v1/subscriptions',
      `GET /v1/payment_intents/${intent.ref}`,
    ])
    const [customer, product, subscription] = standIn.requests
    expect(customer).toMatchObject({ idempotencyKey: `membership-customer:${asked.membershipId}`, stripeVersion: STRIPE_API_VERSION })
    // Nothing personal goes to Stripe.
    expect(customer!.form).toEqual({ 'metadata[membershipId]': asked.membershipId, 'metadata[shopId]': 'bronze-glow' })
    expect(product!.form).toMatchObject({ id: planProductId(asked.planId), name: 'Unlimited membership' })
    expect(subscription!.idempotencyKey).toBe(`membership-subscription:${asked.membershipId}`)
    expect(subscription!.form).toEqual({
      customer: expect.stringMatching(/^cus_/),
      'items[0][price_data][currency]': 'gbp',
      'items[0][price_data][product]': planProductId(asked.planId),
      'items[0][price_data][unit_amount]': '3900',
      'items[0][price_data][recurring][interval]': 'month',
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'payment_settings[payment_method_types][0]': 'card',
      'metadata[membershipId]': asked.membershipId,
      'metadata[shopId]': 'bronze-glow',
      'metadata[paymentId]': asked.paymentId,
      'expand[0]': 'latest_invoice.payments',
    })
    expect(intent).toMatchObject({ ref: expect.stringMatching(/^pi_/), status: 'requires_payment_method', amountPence: 3900 })
    const made = standIn.subscriptions.subscriptions.get(ref)!
    expect(made).toMatchObject({ status: 'incomplete', metadata: { membershipId: asked.membershipId } })

    // Asked again with the subscription made, the same intent; a second member of the plan uses its product as it is.
    expect((await billing.start({ ...asked, ref })).intent.ref).toBe(intent.ref)
    const second = await billing.start(newSubscription({ planId: asked.planId }))
    expect(second.ref).not.toBe(ref)
    expect([...standIn.subscriptions.products.keys()].filter((id) => id === planProductId(asked.planId))).toHaveLength(1)
  })

  it('the first invoice paid in the browser makes the subscription active and keeps the card that paid', async () => {
    const { ref, intent } = await billing.start(newSubscription())
    expect(await billing.keptCardOf(intent.ref)).toBeNull()
    await standIn.succeed(intent.ref, { last4: '3184' })
    const card = await billing.keptCardOf(intent.ref)
    expect(card).toEqual({ ref: expect.stringMatching(/^pm_/), last4: '3184' })
    expect(standIn.subscriptions.subscriptions.get(ref)).toMatchObject({ status: 'active', default_payment_method: card!.ref })
    expect(await billing.retrieve(ref)).toMatchObject({ ref, status: 'active' })
    const first = await billing.retrieveInvoice(standIn.subscriptions.subscriptions.get(ref)!.latest_invoice as string)
    expect(first).toMatchObject({ subscriptionRef: ref, status: 'paid', first: true, amountPence: 3900 })
  })

  it('reads a renewal’s invoice: paid, or open with Stripe’s next try, and none after its last', async () => {
    const { ref, intent } = await billing.start(newSubscription())
    await standIn.succeed(intent.ref)
    const paid = await billing.retrieveInvoice((await standIn.subscriptions.renew(ref)).id)
    expect(paid).toMatchObject({ subscriptionRef: ref, status: 'paid', first: false, amountPence: 3900, attemptCount: 1, nextAttemptAt: null })
    const failed = await standIn.subscriptions.renew(ref, { paid: false })
    expect(await billing.retrieveInvoice(failed.id)).toMatchObject({ status: 'open', attemptCount: 1, nextAttemptAt: expect.any(Date) })
    await standIn.subscriptions.retry(failed.id, { paid: false, last: true })
    expect(await billing.retrieveInvoice(failed.id)).toMatchObject({ status: 'open', attemptCount: 2, nextAttemptAt: null })
  })

  it('a cancellation is sent at Stripe’s own month end near the one asked for, with any pause dropped; at once, it ends the subscription', async () => {
    const { ref, intent } = await billing.start(newSubscription())
    await standIn.succeed(intent.ref)
    const anchor = standIn.subscriptions.subscriptions.get(ref)!.billing_cycle_anchor
    // The membership's month ends a few minutes after Stripe's, for the time the customer took to pay.
    await billing.cancelAt(ref, new Date((stripeMonthEndNear(anchor, anchor + 31 * DAY) + 300) * 1000))
    const update = standIn.requests.at(-1)!
    expect(update).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${ref}` })
    expect(update.form).toEqual({ cancel_at: String(stripeMonthEndNear(anchor, anchor + 31 * DAY)), pause_collection: '', proration_behavior: 'none' })

    await billing.pauseUntil(ref, new Date((stripeMonthEndNear(anchor, anchor + 62 * DAY) + 300) * 1000))
    expect(standIn.subscriptions.subscriptions.get(ref)!.pause_collection).toEqual({
      behavior: 'void',
      resumes_at: stripeMonthEndNear(anchor, anchor + 62 * DAY) - 3600,
    })

    await billing.cancelNow(ref)
    await billing.cancelNow(ref)
    expect(await billing.retrieve(ref)).toMatchObject({ status: 'canceled' })
    // Ended already (the member leaves a membership Stripe ended with a month owed): there is nothing more to end.
    const sent = standIn.requests.length
    await billing.cancelAt(ref, new Date())
    expect(standIn.requests.slice(sent).map((r) => r.method)).toEqual(['GET'])
  })

  it('makes a subscription again only for one Stripe ended: for its customer, once per ended one, its first invoice owed until paid', async () => {
    const asked = newSubscription()
    const { ref, intent } = await billing.start(asked)
    await standIn.succeed(intent.ref)
    const again = {
      endedRef: ref,
      endsAt: null,
      membershipId: asked.membershipId,
      shopId: asked.shopId,
      planId: asked.planId,
      planName: 'Unlimited',
      amountPence: 3900,
    }
    // Still running: nothing is made.
    expect(await billing.restart(again)).toBeNull()
    await billing.cancelNow(ref)

    const made = (await billing.restart(again))!
    expect(made.ref).not.toBe(ref)
    const request = standIn.requests.filter((r) => r.path === '/v1/subscriptions').at(-1)!
    expect(request.idempotencyKey).toBe(`membership-subscription:${asked.membershipId}:after:${ref}`)
    expect(request.form).toMatchObject({ customer: standIn.subscriptions.subscriptions.get(ref)!.customer, 'metadata[restartOf]': ref })
    expect(request.form.cancel_at).toBeUndefined()
    // Asked again (a retry): the same subscription, replayed by Stripe.
    expect((await billing.restart(again))!.ref).toBe(made.ref)
    expect(await billing.owedIntent(made.ref)).toMatchObject({ ref: made.intent.ref, amountPence: 3900 })
    await standIn.succeed(made.intent.ref)
    expect(await billing.owedIntent(made.ref)).toBeNull()
    expect(await rejection(billing.restart({ ...again, endedRef: 'sub_nothing' }))).toBeInstanceOf(PaymentProviderError)
  })

  it('an unknown object or an outage is the provider’s error, naming the operation for the log', async () => {
    expect(await rejection(billing.retrieveInvoice('in_nothing'))).toMatchObject({ operation: 'subscriptions', stripeCode: 'resource_missing' })
    standIn.failNext(1)
    expect(await rejection(billing.start(newSubscription()))).toMatchObject({ operation: 'subscriptions', statusCode: 500 })
  })
})

describe('Stripe month ends', () => {
  /** 31 January 2026, 12:00 UTC */
  const anchor = Date.UTC(2026, 0, 31, 12) / 1000

  it('count calendar months from the anchor, the 31st becoming the month’s last day', () => {
    expect(stripeMonthEndNear(anchor, Date.UTC(2026, 1, 28, 13) / 1000)).toBe(Date.UTC(2026, 1, 28, 12) / 1000)
    expect(stripeMonthEndNear(anchor, Date.UTC(2026, 2, 31, 11) / 1000)).toBe(Date.UTC(2026, 2, 31, 12) / 1000)
  })

  it('leave a time that is no month end of Stripe’s as it is', () => {
    const mid = Date.UTC(2026, 2, 15) / 1000
    expect(stripeMonthEndNear(anchor, mid)).toBe(mid)
  })
})

describe('Stripe stand-in subscriptions', () => {
  it('refuses what it does not know, as Stripe does', async () => {
    const standIn = await startStripeStandIn()
    const post = async (path: string, body: string) => {
      const response = await fetch(`${standIn.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${standIn.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded', 'Stripe-Version': STRIPE_API_VERSION },
        body,
      })
      return { status: response.status, json: (await response.json()) as { id: string; error?: { code?: string; param?: string } } }
    }
    try {
      const customer = await post('/v1/customers', 'metadata[a]=b')
      expect(await post('/v1/customers', 'email=someone@example.com')).toMatchObject({
        status: 400,
        json: { error: { code: 'parameter_unknown', param: 'email' } },
      })
      expect(await post('/v1/subscriptions', `customer=cus_nobody&payment_behavior=default_incomplete`)).toMatchObject({
        status: 400,
        json: { error: { code: 'resource_missing' } },
      })
      const item =
        'items[0][price_data][currency]=gbp&items[0][price_data][product]=prod_none&items[0][price_data][unit_amount]=100&items[0][price_data][recurring][interval]=month'
      expect(await post('/v1/subscriptions', `customer=${customer.json.id}&payment_behavior=default_incomplete&${item}`)).toMatchObject({
        status: 400,
        json: { error: { code: 'resource_missing', param: 'items[0][price_data][product]' } },
      })
      expect(await post('/v1/subscriptions', `customer=${customer.json.id}&trial_period_days=7`)).toMatchObject({
        status: 400,
        json: { error: { code: 'parameter_unknown' } },
      })
      expect((await post('/v1/products', 'id=prod_x&name=X')).status).toBe(200)
      expect(await post('/v1/products', 'id=prod_x&name=X')).toMatchObject({ status: 400, json: { error: { code: 'resource_already_exists' } } })
    } finally {
      await standIn.close()
    }
  })

  it('posts signed invoice.paid, invoice.payment_failed and customer.subscription.deleted events that verifyStripeWebhook accepts', async () => {
    const secret = 'whsec_standin_subscriptions'
    const received: { body: string; signature: string }[] = []
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']) })
        res.end('{}')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const standIn = await startStripeStandIn({ webhook: { url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/`, secret } })
    try {
      const billing = createStripePayments({
        secretKey: standIn.secretKey,
        publishableKey: 'pk',
        host: standIn.host,
        port: standIn.port,
        protocol: 'http',
      }).subscriptions!
      const { ref, intent } = await billing.start(newSubscription())
      await standIn.succeed(intent.ref)
      await standIn.subscriptions.renew(ref, { paid: false })
      await standIn.subscriptions.remove(ref)
      const events = received.map((r) => verifyStripeWebhook(secret, r.body, r.signature))
      expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'invoice.paid', 'invoice.payment_failed', 'customer.subscription.deleted'])
      expect((events[3]!.data.object as Stripe.Subscription).id).toBe(ref)
    } finally {
      await standIn.close()
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
    }
  })
})
