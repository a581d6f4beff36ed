import { eq, schema } from '@salon/db'
import Stripe from 'stripe'
import { afterAll, expect, it } from 'vitest'
import { createStripePayments, STRIPE_UNAVAILABLE } from '../../adapters/payments/stripe.ts'
import { balanceOf, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords } from '../../test/factories/doubles.ts'
import { recordPurchase, startPayment } from '../../test/factories/payments.ts'
import { creditLeft, creditOnAccount } from '../../test/factories/vouchers.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { startStripeStandIn } from '../../test/stripe-stand-in.ts'
import { describeApi, type TestApp } from '../../test/harness.ts'

const WEBHOOK_SECRET = 'whsec_test_salon_webhooks'
const PUBLISHABLE_KEY = 'pk_test_salon_publishable'
const standIn = await startStripeStandIn()
afterAll(() => standIn.close())

const SHOP = { packages: [{ id: 'pkg-60', name: 'Glow 60', minutes: 60, pricePence: 3300 }] } satisfies ShopInput

/** A payment_intent.succeeded event (or another `type`) as Stripe sends it, signed with the endpoint's secret at `timestamp` (seconds). */
function signedEvent(intent: object, options: { secret?: string; timestamp?: number; type?: string } = {}) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: options.type ?? 'payment_intent.succeeded',
    data: { object: intent },
  })
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp })
  return { payload, signature }
}

const deliver = (t: TestApp, event: { payload: string; signature: string }) =>
  t.app.request('/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  })

describeApi(
  'buying a package through Stripe',
  (t) => {
    const lots = (sub: string) => t().db.select().from(schema.minuteLots).where(eq(schema.minuteLots.sub, sub))

    async function paidIntent() {
      const customer = await shopCustomer(t())
      const started = await startPayment(t(), customer, { packageId: 'pkg-60' })
      await standIn.succeed(started.json.payment.providerRef, { last4: '4242' })
      return { customer, payment: started.json.payment, intent: standIn.intents.get(started.json.payment.providerRef)! }
    }

    it('the payment is a Stripe PaymentIntent for the server’s amount, credited once Stripe says it succeeded', async () => {
      const customer = await shopCustomer(t())
      const started = await startPayment(t(), customer, { packageId: 'pkg-60', amount: 50 })
      expect(started.status).toBe(201)
      expect(started.json.payment).toMatchObject({
        provider: 'stripe',
        publishableKey: PUBLISHABLE_KEY,
        amountPence: 3300,
        providerRef: expect.stringMatching(/^pi_/),
      })
      const intent = standIn.intents.get(started.json.payment.providerRef)!
      expect(intent).toMatchObject({ amount: 3300, currency: 'gbp', metadata: { paymentId: started.json.payment.id, sub: customer.sub } })
      expect(started.json.payment.clientSecret).toBe(intent.client_secret)

      expect((await recordPurchase(t(), customer, started.json.payment.id)).status).toBe(409)
      await standIn.succeed(started.json.payment.providerRef, { last4: '1881' })
      const purchase = await recordPurchase(t(), customer, started.json.payment.id)
      expect(purchase).toMatchObject({ status: 200, json: { balance: 60, lot: { minutes: 60, label: 'Glow 60' } } })
      const [row] = await t().db.select().from(schema.payments).where(eq(schema.payments.id, started.json.payment.id))
      expect(row).toMatchObject({ status: 'succeeded', cardLast4: '1881' })
    })

    it('a webhook delivered 10 times at once credits once, with nobody at the browser', async () => {
      const { customer, intent } = await paidIntent()
      const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(t(), signedEvent(intent))))
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
      expect(await lots(customer.sub)).toHaveLength(1)
      expect(await balanceOf(t(), customer)).toBe(60)
    })

    it('a webhook with a bad signature, or signed more than 300 seconds ago, is refused with 400 and changes nothing', async () => {
      const { customer, intent } = await paidIntent()
      const forged = await deliver(t(), signedEvent(intent, { secret: 'whsec_someone_else' }))
      expect(forged.status).toBe(400)
      expect(await forged.json()).toEqual({ message: 'The Stripe-Signature header is missing, wrong or too old: the event was not accepted.' })
      const stale = await deliver(t(), signedEvent(intent, { timestamp: Math.floor(Date.now() / 1000) - 301 }))
      expect(stale.status).toBe(400)
      const unsigned = await t().app.request('/webhooks/stripe', {
        method: 'POST',
        body: JSON.stringify({ type: 'payment_intent.succeeded', data: { object: intent } }),
      })
      expect(unsigned.status).toBe(400)
      expect(await lots(customer.sub)).toHaveLength(0)
      expect(await balanceOf(t(), customer)).toBe(0)
      // Just within the tolerance, the same event is taken.
      expect((await deliver(t(), signedEvent(intent, { timestamp: Math.floor(Date.now() / 1000) - 290 }))).status).toBe(200)
      expect(await balanceOf(t(), customer)).toBe(60)
    })

    it('a webhook only credits what Stripe itself says succeeded, for a payment this server made', async () => {
      const customer = await shopCustomer(t())
      const started = await startPayment(t(), customer, { packageId: 'pkg-60' })
      const unpaid = standIn.intents.get(started.json.payment.providerRef)!
      // A correctly signed event whose intent has not succeeded at Stripe: the intent is read back, so nothing is credited.
      expect((await deliver(t(), signedEvent({ ...unpaid, status: 'succeeded' }))).status).toBe(200)
      expect(await balanceOf(t(), customer)).toBe(0)
      expect((await deliver(t(), signedEvent({ id: 'pi_not_ours', object: 'payment_intent', status: 'succeeded' }))).status).toBe(200)
    })

    it('a card refused on a payment holding gift voucher credit ends it at Stripe, and the credit comes back once', async () => {
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 1000)
      const started = await startPayment(t(), customer, { packageId: 'pkg-60', useCredit: true })
      expect(started.json.payment).toMatchObject({ amountPence: 2300, creditPence: 1000 })
      expect(standIn.intents.get(started.json.payment.providerRef)).toMatchObject({ amount: 2300 })
      expect(await creditLeft(t(), customer)).toBe(0)
      standIn.decline(started.json.payment.providerRef)
      const failed = signedEvent(standIn.intents.get(started.json.payment.providerRef)!, { type: 'payment_intent.payment_failed' })
      const answers = await Promise.all([deliver(t(), failed), deliver(t(), failed)])
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      expect(standIn.intents.get(started.json.payment.providerRef)).toMatchObject({ status: 'canceled' })
      expect(await creditLeft(t(), customer)).toBe(1000)
      // Stripe's own word that it is cancelled changes nothing more.
      const cancelled = signedEvent(standIn.intents.get(started.json.payment.providerRef)!, { type: 'payment_intent.canceled' })
      expect((await deliver(t(), cancelled)).status).toBe(200)
      expect(await creditLeft(t(), customer)).toBe(1000)
    })

    it('when Stripe does not answer, the customer is told to try again and nothing is charged', async () => {
      const customer = await shopCustomer(t())
      standIn.failNext(3, 500)
      const started = await startPayment(t(), customer, { packageId: 'pkg-60' })
      expect(started).toMatchObject({ status: 502, json: { message: STRIPE_UNAVAILABLE } })
      expect(await balanceOf(t(), customer)).toBe(0)
    })
  },
  {
    shop: SHOP,
    deps: () => ({
      passwords: fastPasswords,
      payments: createStripePayments({
        secretKey: standIn.secretKey,
        publishableKey: PUBLISHABLE_KEY,
        host: standIn.host,
        port: standIn.port,
        protocol: 'http',
      }),
      stripeWebhookSecret: WEBHOOK_SECRET,
    }),
  },
)
