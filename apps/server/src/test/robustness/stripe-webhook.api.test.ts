import { schema, sql } from '@salon/db'
import fc from 'fast-check'
import Stripe from 'stripe'
import { beforeAll, expect, it } from 'vitest'
import { shopCustomer } from '../factories/customers.ts'
import { startPayment } from '../factories/payments.ts'
import { describeApi, type TestApp } from '../harness.ts'
import { NOW, robustnessDeps, ROBUSTNESS_SHOP } from './refusals.ts'

const SECRET = 'whsec_robustness_webhooks'

/** A body signed with the endpoint's secret at the suite's still clock: the signature always stands. */
function signed(payload: string) {
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(NOW / 1000) }) }
}

async function deliver(t: TestApp, body: unknown) {
  const { payload, signature } = signed(typeof body === 'string' ? body : JSON.stringify(body))
  const response = await t.app.request('/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  })
  const text = await response.text()
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    // judged below: every answer must be JSON
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', json: json as Record<string, unknown> | null }
}

const event = (type: string, data: unknown) => ({ id: 'evt_robustness', object: 'event', type, data })
const succeeded = (data: unknown) => event('payment_intent.succeeded', data)

describeApi(
  'robustness: Stripe webhook payloads',
  (t) => {
    let pendingRef: string
    const counts = async () => {
      const [payments, lots, ledger] = await Promise.all([
        t()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(schema.payments)
          .where(sql`${schema.payments.status} = 'succeeded'`),
        t()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(schema.minuteLots),
        t()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(schema.balanceLedger),
      ])
      return [payments[0]!.n, lots[0]!.n, ledger[0]!.n].map(Number)
    }
    beforeAll(async () => {
      const customer = await shopCustomer(t())
      const started = await startPayment(t(), customer, { packageId: 'pkg-robust-30' })
      pendingRef = started.json.payment.providerRef
    })

    const refused = 'This Stripe event is not a payment we can act on: a payment_intent.succeeded event must carry the PaymentIntent in data.object.'

    it.each([
      ['data is null', () => succeeded(null)],
      ['data is missing', () => ({ id: 'evt_robustness', object: 'event', type: 'payment_intent.succeeded' })],
      ['data.object is missing', () => succeeded({})],
      ['data.object is null', () => succeeded({ object: null })],
      ['data.object is a string', () => succeeded({ object: 'pi_123' })],
      ['data.object is a list', () => succeeded({ object: [{ id: 'pi_123', object: 'payment_intent' }] })],
      ['data.object is a charge, not a PaymentIntent', () => succeeded({ object: { id: 'ch_123', object: 'charge' } })],
      ['the PaymentIntent has no id', () => succeeded({ object: { object: 'payment_intent', status: 'succeeded' } })],
      ['the PaymentIntent id is a number', () => succeeded({ object: { id: 42, object: 'payment_intent' } })],
      ['the PaymentIntent id is empty', () => succeeded({ object: { id: '', object: 'payment_intent' } })],
    ])('a signed payment_intent.succeeded event where %s is refused with 400 and changes nothing', async (_name, body) => {
      const before = await counts()
      const answer = await deliver(t(), body())
      expect(answer).toMatchObject({ status: 400, contentType: expect.stringContaining('json'), json: { message: refused } })
      expect(await counts()).toEqual(before)
    })

    it.each([
      ['the event has no type', { id: 'evt_robustness', object: 'event', data: { object: {} } }],
      ['the type is a number', { id: 'evt_robustness', object: 'event', type: 7, data: { object: {} } }],
      ['the body is a list', [{ type: 'payment_intent.succeeded' }]],
      ['the body is null', null],
      ['the body is a string', '"payment_intent.succeeded"'],
    ])('a signed body where %s is refused with 400 and changes nothing', async (_name, body) => {
      const before = await counts()
      const answer = await deliver(t(), body)
      expect(answer.status).toBe(400)
      expect(typeof answer.json?.message).toBe('string')
      expect(await counts()).toEqual(before)
    })

    it('amounts sent as strings are not read: the intent is read back from the processor, and an unpaid one credits nothing', async () => {
      const before = await counts()
      const answer = await deliver(
        t(),
        succeeded({ object: { id: pendingRef, object: 'payment_intent', status: 'succeeded', amount: '3300', amount_received: '3300', currency: 'gbp' } }),
      )
      expect(answer).toMatchObject({ status: 200, json: { received: true } })
      expect(await counts()).toEqual(before)
    })

    const membershipCounts = async () => {
      const [payments, memberships] = await Promise.all([
        t()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(schema.membershipPayments),
        t()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(schema.memberships)
          .where(sql`${schema.memberships.status} <> 'pending'`),
      ])
      return [payments[0]!.n, memberships[0]!.n].map(Number)
    }

    it.each([
      ['invoice.paid', 'invoice', { id: 'in_123', object: 'invoice', status: 'paid', amount_paid: 3900 }],
      ['invoice.payment_failed', 'invoice', { id: 'in_123', object: 'invoice', status: 'open' }],
      ['customer.subscription.deleted', 'subscription', { id: 'sub_123', object: 'subscription', status: 'canceled' }],
    ])('a %s event with a forged signature is refused; a signed one without its %s is refused; neither changes a membership', async (type, noun, object) => {
      const before = [...(await counts()), ...(await membershipCounts())]
      const payload = JSON.stringify(event(type, { object }))
      const forged = await t().app.request('/webhooks/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_forger' }) },
        body: payload,
      })
      expect(forged.status).toBe(400)
      const wrongObject = await deliver(t(), event(type, { object: { id: 'pi_123', object: 'payment_intent' } }))
      expect(wrongObject).toMatchObject({
        status: 400,
        json: { message: `This Stripe event is not one we can act on: a ${type} event must carry the ${noun} in data.object.` },
      })
      // Signed and well formed, for nothing of this salon's: acknowledged, and nothing is read from the event itself.
      expect(await deliver(t(), event(type, { object }))).toMatchObject({ status: 200, json: { received: true } })
      expect([...(await counts()), ...(await membershipCounts())]).toEqual(before)
    })

    it('an event of a type this server does not act on is acknowledged with 200, whatever its object, as Stripe expects', async () => {
      for (const data of [{ object: { id: 'ch_1', object: 'charge', amount: '100' } }, { object: {} }]) {
        expect(await deliver(t(), event('charge.refunded', data))).toMatchObject({ status: 200, json: { received: true } })
      }
    })

    it('any signed JSON is answered 200 or 400 with a message, never 5xx, and credits nothing', async () => {
      const before = await counts()
      const value = fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.boolean(), fc.constant(pendingRef), fc.object(), fc.array(fc.jsonValue()))
      const payloads = fc.record(
        {
          id: value,
          object: fc.constantFrom('event', null, 7),
          type: fc.oneof(
            fc.constantFrom(
              'payment_intent.succeeded',
              'payment_intent.created',
              'charge.succeeded',
              'invoice.paid',
              'invoice.payment_failed',
              'customer.subscription.deleted',
            ),
            value,
          ),
          data: fc.oneof(
            value,
            fc.record(
              {
                object: fc.oneof(
                  value,
                  fc.record({ id: value, object: fc.oneof(fc.constantFrom('payment_intent', 'invoice', 'subscription'), value), amount: value }),
                ),
              },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      )
      await fc.assert(
        fc.asyncProperty(payloads, async (body) => {
          const answer = await deliver(t(), body)
          expect([200, 400]).toContain(answer.status)
          expect(answer.contentType).toContain('json')
          if (answer.status === 400) expect(typeof answer.json?.message).toBe('string')
        }),
        { seed: 2101, numRuns: 300 },
      )
      expect(await counts()).toEqual(before)
    })
  },
  { shop: ROBUSTNESS_SHOP, deps: () => ({ ...robustnessDeps(), stripeWebhookSecret: SECRET }) },
)
