import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts'
import type { NewIntent } from './payments.ts'
import { PaymentProviderError } from './payments.ts'
import {
  createStripePayments,
  STRIPE_API_VERSION,
  STRIPE_UNAVAILABLE,
  StripeRequestError,
  stripeApiAddress,
  verifyStripeWebhook,
  WebhookSignatureError,
} from './stripe.ts'

const PUBLISHABLE_KEY = 'pk_test_51StandInPublishable'

const newIntent = (overrides: Partial<NewIntent> = {}): NewIntent => {
  const paymentId = randomUUID()
  return {
    amountPence: 4500,
    currency: 'gbp',
    description: '60 minutes package',
    metadata: { paymentId, shopId: 'bronze-glow', sub: 'c0ffee00-0000-4000-8000-000000000001' },
    idempotencyKey: paymentId,
    ...overrides,
  }
}

/** Resolves to what the promise rejected with, failing the test if it did not reject. */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  return error as Error
}

describe('Stripe payments adapter', () => {
  let standIn: StripeStandIn

  beforeAll(async () => {
    standIn = await startStripeStandIn()
  })
  afterAll(async () => {
    await standIn.close()
  })
  beforeEach(() => {
    standIn.requests.length = 0
    standIn.failNext(0)
  })

  const payments = (extra: { secretKey?: string } = {}) =>
    createStripePayments({
      secretKey: standIn.secretKey,
      publishableKey: PUBLISHABLE_KEY,
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
      ...extra,
    })

  it('says it is Stripe and hands the browser the publishable key', () => {
    const adapter = payments()
    expect(adapter.kind).toBe('stripe')
    expect(adapter.publishableKey).toBe(PUBLISHABLE_KEY)
  })

  it('creates a PaymentIntent with the form body, key, version and idempotency key Stripe expects', async () => {
    const intent = newIntent()
    const created = await payments().createIntent(intent)

    expect(created).toEqual({
      ref: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(new RegExp(`^${created.ref}_secret_`)),
      status: 'requires_payment_method',
      amountPence: 4500,
      currency: 'gbp',
      metadata: intent.metadata,
      cardLast4: null,
    })
    expect(standIn.requests).toHaveLength(1)
    const [request] = standIn.requests
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      authorization: `Bearer ${standIn.secretKey}`,
      contentType: 'application/x-www-form-urlencoded',
      idempotencyKey: intent.idempotencyKey,
      stripeVersion: STRIPE_API_VERSION,
      status: 200,
    })
    expect(request?.form).toEqual({
      amount: '4500',
      currency: 'gbp',
      description: '60 minutes package',
      'metadata[paymentId]': intent.metadata.paymentId,
      'metadata[shopId]': 'bronze-glow',
      'metadata[sub]': intent.metadata.sub,
      'automatic_payment_methods[enabled]': 'true',
    })
  })

  it('the same idempotency key twice gives one intent', async () => {
    const intent = newIntent()
    const first = await payments().createIntent(intent)
    const second = await payments().createIntent(intent)

    expect(second).toEqual(first)
    expect(standIn.requests.map((r) => r.replayed)).toEqual([false, true])
    expect([...standIn.intents.values()].filter((i) => i.metadata.paymentId === intent.metadata.paymentId)).toHaveLength(1)
  })

  it('the same idempotency key with another amount is refused, not turned into a second intent', async () => {
    const intent = newIntent()
    await payments().createIntent(intent)
    const error = await rejection(payments().createIntent({ ...intent, amountPence: 100 }))

    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({ stripeType: 'idempotency_error', statusCode: 400 })
    expect(standIn.requests.at(-1)?.status).toBe(400)
  })

  it('reports the status and the last four digits of the card that paid', async () => {
    const adapter = payments()
    const { ref } = await adapter.createIntent(newIntent())

    const waiting = await adapter.retrieveIntent(ref)
    expect(waiting).toMatchObject({ ref, status: 'requires_payment_method', cardLast4: null })

    standIn.requireAction(ref)
    expect(await adapter.retrieveIntent(ref)).toMatchObject({ status: 'requires_action', cardLast4: null })

    await standIn.succeed(ref, { last4: '3184' })
    const paid = await adapter.retrieveIntent(ref)
    expect(paid).toMatchObject({ ref, status: 'succeeded', amountPence: 4500, currency: 'gbp', cardLast4: '3184' })

    const retrieve = standIn.requests.at(-1)
    expect(retrieve).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${ref}`, stripeVersion: STRIPE_API_VERSION, idempotencyKey: undefined })
    expect(retrieve?.query).toEqual({ 'expand[0]': 'latest_charge' })
  })

  it('refunds a succeeded intent once, under the idempotency key it is given', async () => {
    const adapter = payments()
    const intent = newIntent()
    const { ref } = await adapter.createIntent(intent)
    await standIn.succeed(ref)

    await adapter.refund(ref, `refund-${intent.idempotencyKey}`)
    await adapter.refund(ref, `refund-${intent.idempotencyKey}`)

    const posts = standIn.requests.filter((r) => r.path === '/v1/refunds')
    expect(posts).toHaveLength(2)
    expect(posts[0]).toMatchObject({ method: 'POST', idempotencyKey: `refund-${intent.idempotencyKey}`, form: { payment_intent: ref }, status: 200 })
    expect(posts[1]?.replayed).toBe(true)
    expect([...standIn.refunds.values()].filter((r) => r.payment_intent === ref)).toHaveLength(1)
  })

  it('refunds part of an intent when given an amount, as Stripe takes it', async () => {
    const adapter = payments()
    const intent = newIntent()
    const { ref } = await adapter.createIntent(intent)
    await standIn.succeed(ref)

    await adapter.refund(ref, `refund-${intent.idempotencyKey}`, 1200)

    expect(standIn.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/refunds', form: { payment_intent: ref, amount: '1200' }, status: 200 })
    expect([...standIn.refunds.values()].filter((r) => r.payment_intent === ref).map((r) => r.amount)).toEqual([1200])
  })

  it('a refund already made under another key counts as done', async () => {
    const adapter = payments()
    const { ref } = await adapter.createIntent(newIntent())
    await standIn.succeed(ref)
    await adapter.refund(ref, 'refund-from-the-dashboard')

    await expect(adapter.refund(ref, 'refund-second-try')).resolves.toBeUndefined()
    expect(standIn.requests.at(-1)?.status).toBe(400)
  })

  it('a refund of an intent that never succeeded fails', async () => {
    const adapter = payments()
    const { ref } = await adapter.createIntent(newIntent())

    const error = await rejection(adapter.refund(ref, 'refund-too-early'))
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error.message).toBe(STRIPE_UNAVAILABLE)
  })

  it('an unknown intent is a provider error naming Stripe’s code for the log', async () => {
    const error = await rejection(payments().retrieveIntent('pi_doesnotexist'))

    expect(error).toBeInstanceOf(StripeRequestError)
    expect(error).toMatchObject({ message: STRIPE_UNAVAILABLE, stripeCode: 'resource_missing', statusCode: 404, operation: 'retrieveIntent' })
    expect((error as StripeRequestError).requestId).toMatch(/^req_/)
  })

  it('a wrong secret key gives the safe message and the key appears nowhere in the error', async () => {
    const wrongKey = 'sk_test_51WrongKey0000000000000000000000000000000000000000000000000000000000000000000000000000000000000'
    const error = await rejection(payments({ secretKey: wrongKey }).createIntent(newIntent()))

    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({ message: STRIPE_UNAVAILABLE, statusCode: 401 })
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain(wrongKey)
    expect(standIn.requests.at(-1)?.status).toBe(401)
  })

  it('retries a 500 with the same idempotency key, so one intent is made', async () => {
    standIn.failNext(1)
    const intent = newIntent()
    const created = await payments().createIntent(intent)

    expect(standIn.requests.map((r) => [r.status, r.idempotencyKey])).toEqual([
      [500, intent.idempotencyKey],
      [200, intent.idempotencyKey],
    ])
    expect(standIn.intents.get(created.ref)).toBeDefined()
  })

  it('Stripe answering 500 every time gives the safe message, without the key', async () => {
    standIn.failNext(10)
    const error = await rejection(payments().createIntent(newIntent()))

    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({ message: STRIPE_UNAVAILABLE, stripeType: 'api_error', statusCode: 500 })
    expect(JSON.stringify({ ...error, stack: error.stack })).not.toContain(standIn.secretKey)
    // The first try and the two retries.
    expect(standIn.requests).toHaveLength(3)
  })

  it('an unreachable host gives the safe message, without the key', async () => {
    const port = await closedPort()
    const adapter = createStripePayments({ secretKey: standIn.secretKey, publishableKey: PUBLISHABLE_KEY, host: '127.0.0.1', port, protocol: 'http' })

    for (const call of [adapter.createIntent(newIntent()), adapter.retrieveIntent('pi_123'), adapter.refund('pi_123', 'refund-1')]) {
      const error = await rejection(call)
      expect(error).toBeInstanceOf(PaymentProviderError)
      expect(error).toMatchObject({ message: STRIPE_UNAVAILABLE, stripeType: 'StripeConnectionError' })
      expect(JSON.stringify({ ...error, stack: error.stack })).not.toContain(standIn.secretKey)
    }
  })
})

describe('Stripe API address', () => {
  it('reads the host, port and protocol from a base URL', () => {
    expect(stripeApiAddress('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' })
    expect(stripeApiAddress('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' })
    expect(stripeApiAddress('http://localhost')).toEqual({ host: 'localhost', port: 80, protocol: 'http' })
  })
})

describe('Stripe webhook signature', () => {
  const secret = 'whsec_test_0123456789abcdef0123456789abcdef'
  const payload = JSON.stringify({
    id: 'evt_1StandIn',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_1StandIn', object: 'payment_intent', status: 'succeeded' } },
  })
  const nowSeconds = 1_790_000_000
  const signed = (timestamp: number, body = payload, withSecret = secret) =>
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret: withSecret, timestamp })

  it('accepts a payload signed with the endpoint secret and returns the event', () => {
    const event = verifyStripeWebhook(secret, payload, signed(nowSeconds - 10), nowSeconds)
    expect(event).toMatchObject({ id: 'evt_1StandIn', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1StandIn' } } })
  })

  it('accepts a signature made just inside the 300 s tolerance', () => {
    expect(verifyStripeWebhook(secret, payload, signed(nowSeconds - 300), nowSeconds).id).toBe('evt_1StandIn')
  })

  it('refuses a signature made with another secret', () => {
    const header = signed(nowSeconds, payload, 'whsec_someone_else')
    expect(() => verifyStripeWebhook(secret, payload, header, nowSeconds)).toThrow(WebhookSignatureError)
    expect(() => verifyStripeWebhook(secret, payload, header, nowSeconds)).toThrow(/does not match/)
  })

  it('refuses a body changed after signing', () => {
    const header = signed(nowSeconds)
    const tampered = payload.replace('pi_1StandIn', 'pi_2Someone')
    expect(() => verifyStripeWebhook(secret, tampered, header, nowSeconds)).toThrow(WebhookSignatureError)
  })

  it('refuses a missing or malformed header', () => {
    expect(() => verifyStripeWebhook(secret, payload, undefined, nowSeconds)).toThrow(/header is missing/)
    expect(() => verifyStripeWebhook(secret, payload, '', nowSeconds)).toThrow(WebhookSignatureError)
    expect(() => verifyStripeWebhook(secret, payload, 'not a signature', nowSeconds)).toThrow(WebhookSignatureError)
  })

  it('refuses a signature older than 300 s, even when it is otherwise right', () => {
    const header = signed(nowSeconds - 301)
    expect(() => verifyStripeWebhook(secret, payload, header, nowSeconds)).toThrow(WebhookSignatureError)
    expect(() => verifyStripeWebhook(secret, payload, header, nowSeconds)).toThrow(/older than 300 s/)
  })

  it('checks against the clock when no time is given', () => {
    const current = Math.floor(Date.now() / 1000)
    expect(verifyStripeWebhook(secret, payload, signed(current)).id).toBe('evt_1StandIn')
    expect(() => verifyStripeWebhook(secret, payload, signed(current - 3600))).toThrow(/older than 300 s/)
  })
})

describe('Stripe stand-in webhook', () => {
  it('posts a signed payment_intent.succeeded that verifyStripeWebhook accepts', async () => {
    const secret = 'whsec_standin_delivery'
    const received: { body: string; signature: string | undefined }[] = []
    const receiver = (await import('node:http')).createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: req.headers['stripe-signature'] as string | undefined })
        res.end('{}')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const address = receiver.address() as { port: number }
    const standIn = await startStripeStandIn({ webhook: { url: `http://127.0.0.1:${address.port}/webhooks/stripe`, secret } })
    try {
      const adapter = createStripePayments({
        secretKey: standIn.secretKey,
        publishableKey: PUBLISHABLE_KEY,
        host: standIn.host,
        port: standIn.port,
        protocol: 'http',
      })
      const { ref } = await adapter.createIntent(newIntent())
      await standIn.succeed(ref)

      expect(standIn.webhookDeliveries).toEqual([{ type: 'payment_intent.succeeded', intent: ref, status: 200 }])
      const event = verifyStripeWebhook(secret, received[0]!.body, received[0]!.signature)
      expect(event.type).toBe('payment_intent.succeeded')
      expect((event.data.object as Stripe.PaymentIntent).id).toBe(ref)
    } finally {
      await standIn.close()
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
    }
  })
})

describe('Stripe stand-in', () => {
  let standIn: StripeStandIn
  beforeAll(async () => {
    standIn = await startStripeStandIn()
  })
  afterAll(async () => {
    await standIn.close()
  })

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${standIn.url}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${standIn.secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Stripe-Version': STRIPE_API_VERSION,
        ...headers,
      },
      body,
    })

  it('answers Stripe-shaped errors for a missing or wrong key, an unknown intent and an unknown parameter', async () => {
    const noKey = await fetch(`${standIn.url}/v1/payment_intents/pi_x`, { headers: { 'Stripe-Version': STRIPE_API_VERSION } })
    expect(noKey.status).toBe(401)
    expect(await noKey.json()).toEqual({ error: { type: 'invalid_request_error', message: expect.stringContaining('did not provide an API key') } })

    const wrongKey = await post('/v1/payment_intents', 'amount=4500&currency=gbp', { Authorization: 'Bearer sk_test_wrong1234' })
    expect(wrongKey.status).toBe(401)
    expect(await wrongKey.json()).toEqual({
      error: { type: 'invalid_request_error', code: 'api_key_invalid', message: 'Invalid API Key provided: sk_test_****1234' },
    })

    const unknown = await fetch(`${standIn.url}/v1/payment_intents/pi_nothing`, {
      headers: { Authorization: `Bearer ${standIn.secretKey}`, 'Stripe-Version': STRIPE_API_VERSION },
    })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({
      error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: "No such payment_intent: 'pi_nothing'" },
    })

    const extra = await post('/v1/payment_intents', 'amount=4500&currency=gbp&colour=red')
    expect(extra.status).toBe(400)
    expect(await extra.json()).toMatchObject({ error: { code: 'parameter_unknown', param: 'colour' } })
  })

  it('reads only form bodies, and needs an API version', async () => {
    const json = await post('/v1/payment_intents', JSON.stringify({ amount: 4500, currency: 'gbp' }), { 'Content-Type': 'application/json' })
    expect(json.status).toBe(400)
    expect(await json.json()).toMatchObject({ error: { code: 'parameter_missing', param: 'amount' } })

    const unversioned = await post('/v1/payment_intents', 'amount=4500&currency=gbp', { 'Stripe-Version': '' })
    expect(unversioned.status).toBe(400)
  })

  it('keeps no result for a request refused for its parameters, so the key can be used again corrected', async () => {
    const key = randomUUID()
    expect((await post('/v1/payment_intents', 'amount=10&currency=gbp', { 'Idempotency-Key': key })).status).toBe(400)
    const corrected = await post('/v1/payment_intents', 'amount=4500&currency=gbp', { 'Idempotency-Key': key })
    expect(corrected.status).toBe(200)
    const replay = await post('/v1/payment_intents', 'currency=gbp&amount=4500', { 'Idempotency-Key': key })
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(((await replay.json()) as { id: string }).id).toBe(((await corrected.json()) as { id: string }).id)
    const elsewhere = await post('/v1/refunds', 'payment_intent=pi_x', { 'Idempotency-Key': key })
    expect(await elsewhere.json()).toMatchObject({ error: { type: 'idempotency_error', message: expect.stringContaining('same endpoint') } })
  })
})

/** A port nothing listens on: bound, read, then released. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
