import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import Stripe from 'stripe'
import { createSubscriptionsStandIn } from './stripe-stand-in-subscriptions.ts'

/**
 * A local stand-in for the parts of Stripe's API the card-payment adapter calls, checking requests the way
 * the real API does: Bearer auth with the secret key, form-encoded parameters in Stripe's bracket notation
 * (unknown ones refused), a Stripe-Version, and Idempotency-Key with Stripe's rules (the same key and the same
 * parameters replay the first answer; the same key with other parameters is a 400 idempotency_error).
 * Errors are Stripe-shaped: `{ error: { type, code, param, message } }`.
 *
 * What the browser does at Stripe (confirming with a card, 3-D Secure) is played by the test controls:
 * `succeed`, `requireAction` and `decline`, also reachable over HTTP at POST /_stand-in/payment_intents/{id}/…
 * for a local end-to-end run (`npx tsx apps/server/src/test/stripe-stand-in.ts [port]`, then
 * STRIPE_API_BASE_URL=http://127.0.0.1:{port} with the key it prints). Customers, products, subscriptions and
 * invoices (a membership's) are in stripe-stand-in-subscriptions.ts, with test controls of their own.
 */

export const STAND_IN_SECRET_KEY = 'sk_test_51StandIn0000000000000000000000000000000000000000000000000000000000000000000000000000000000000'

export interface StandInOptions {
  /** The only key the stand-in accepts. */
  secretKey?: string
  port?: number
  /**
   * When set, signed events are posted here as Stripe would: payment_intent.succeeded on each success, and the
   * subscriptions' invoice.paid, invoice.payment_failed and customer.subscription.deleted.
   */
  webhook?: { url: string; secret: string }
}

export interface RecordedRequest {
  method: string
  path: string
  /** The query string's parameters as sent (GET), e.g. { 'expand[0]': 'latest_charge' }. */
  query: Record<string, string>
  /** The form body's parameters as sent (POST), e.g. { 'metadata[paymentId]': '…' }. */
  form: Record<string, string>
  authorization: string | undefined
  contentType: string | undefined
  idempotencyKey: string | undefined
  stripeVersion: string | undefined
  /** The status the stand-in answered with. */
  status: number
  /** Whether the answer was a replay of an earlier request with the same idempotency key. */
  replayed: boolean
}

export type Params = { [key: string]: string | Params | (string | Params)[] }

export interface Answer {
  status: number
  body: unknown
}

interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error' | 'idempotency_error'
  message: string
  code?: string
  param?: string
}

export const fail = (status: number, error: StripeErrorBody): Answer => ({ status, body: { error } })
export const id = (prefix: string, length = 24) => `${prefix}_${randomBytes(length).toString('base64url').replace(/[-_]/g, '').slice(0, length)}`
export const now = () => Math.floor(Date.now() / 1000)

/** Stripe's own decoding of bracketed form keys: a[b]=1 → { a: { b: '1' } }, a[0]=x or a[]=x → { a: ['x'] }. */
export function decodeStripeParams(pairs: Iterable<[string, string]>): Params {
  const root: Params = {}
  for (const [key, value] of pairs) {
    const parts = key.match(/^[^[\]]+|\[[^[\]]*\]/g)?.map((p) => p.replace(/^\[|\]$/g, '')) ?? [key]
    let node: Params | (string | Params)[] = root
    parts.forEach((part, i) => {
      const last = i === parts.length - 1
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!)
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part)
        if (last) node[index] = value
        else node = (node[index] ??= {}) as Params
        return
      }
      if (last) node[part] = value
      else node = (node[part] ??= nextIsIndex ? [] : {}) as Params | (string | Params)[]
    })
  }
  return root
}

const PAYMENT_INTENT_PARAMS = new Set([
  'amount',
  'currency',
  'description',
  'metadata',
  'automatic_payment_methods',
  'payment_method_types',
  'capture_method',
  'receipt_email',
  'statement_descriptor_suffix',
  'expand',
])
const REFUND_PARAMS = new Set(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'])
const CURRENCIES = new Set(['gbp', 'eur', 'usd'])

export function unknownParam(params: Params, allowed: Set<string>): Answer | undefined {
  const unknown = Object.keys(params).find((key) => !allowed.has(key))
  return unknown
    ? fail(400, { type: 'invalid_request_error', code: 'parameter_unknown', param: unknown, message: `Received unknown parameter: ${unknown}` })
    : undefined
}

export const missing = (param: string) =>
  fail(400, { type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` })

export async function startStripeStandIn(options: StandInOptions = {}) {
  const secretKey = options.secretKey ?? STAND_IN_SECRET_KEY
  const requests: RecordedRequest[] = []
  const intents = new Map<string, Stripe.PaymentIntent>()
  const charges = new Map<string, Stripe.Charge>()
  const refunds = new Map<string, Stripe.Refund>()
  const idempotent = new Map<string, { endpoint: string; fingerprint: string; answer: Answer }>()
  const webhookDeliveries: { type: string; intent: string; status: number }[] = []
  const subscriptions = createSubscriptionsStandIn({
    intents,
    charges,
    createIntent: (params) => createIntent(params),
    deliver: (type, object) => post(type, object),
  })
  let outages: { times: number; status: number } = { times: 0, status: 500 }

  function createIntent(params: Params): Answer {
    const problem = unknownParam(params, PAYMENT_INTENT_PARAMS)
    if (problem) return problem
    if (typeof params.amount !== 'string') return missing('amount')
    if (!/^\d+$/.test(params.amount)) {
      return fail(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: `Invalid integer: ${params.amount}` })
    }
    if (typeof params.currency !== 'string') return missing('currency')
    if (!CURRENCIES.has(params.currency)) {
      return fail(400, { type: 'invalid_request_error', code: 'parameter_invalid_string', param: 'currency', message: `Invalid currency: ${params.currency}.` })
    }
    const amount = Number(params.amount)
    if (params.currency === 'gbp' && amount < 30) {
      return fail(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least £0.30 gbp' })
    }
    const metadata = params.metadata ?? {}
    if (typeof metadata !== 'object' || Array.isArray(metadata) || Object.values(metadata).some((v) => typeof v !== 'string')) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_string',
        param: 'metadata',
        message: 'Invalid metadata: must be a hash of strings.',
      })
    }
    const automatic = params.automatic_payment_methods
    if (automatic !== undefined && (typeof automatic !== 'object' || Array.isArray(automatic) || !['true', 'false'].includes(automatic.enabled as string))) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_boolean',
        param: 'automatic_payment_methods[enabled]',
        message: 'Invalid boolean: automatic_payment_methods[enabled] must be true or false.',
      })
    }
    const enabled = (automatic as Params | undefined)?.enabled === 'true'
    const ref = id('pi')
    const intent = {
      id: ref,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: enabled ? { allow_redirects: 'always', enabled: true } : null,
      capture_method: 'automatic_async',
      client_secret: `${ref}_secret_${id('x', 25).slice(2)}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: params.currency,
      description: typeof params.description === 'string' ? params.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadata as Record<string, string>,
      next_action: null,
      payment_method: null,
      payment_method_types: enabled ? ['card', 'link'] : ['card'],
      status: 'requires_payment_method',
    } as unknown as Stripe.PaymentIntent
    intents.set(ref, intent)
    return { status: 200, body: intent }
  }

  const noSuchIntent = (ref: string, param: string) =>
    fail(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such payment_intent: '${ref}'` })

  function retrieveIntent(ref: string, params: Params): Answer {
    const intent = intents.get(ref)
    if (!intent) return noSuchIntent(ref, 'intent')
    const problem = unknownParam(params, new Set(['expand', 'client_secret']))
    if (problem) return problem
    const expand = params.expand === undefined ? [] : Array.isArray(params.expand) ? params.expand : [params.expand]
    const bad = expand.find((e) => e !== 'latest_charge')
    if (bad !== undefined) return fail(400, { type: 'invalid_request_error', message: `This property cannot be expanded (${String(bad)}).` })
    if (!expand.includes('latest_charge') || typeof intent.latest_charge !== 'string') return { status: 200, body: intent }
    return { status: 200, body: { ...intent, latest_charge: charges.get(intent.latest_charge) } }
  }

  /** Stripe cancels an intent not yet paid; a paid, processing or cancelled one is refused as Stripe refuses it. */
  function cancelIntent(ref: string): Answer {
    const intent = intents.get(ref)
    if (!intent) return noSuchIntent(ref, 'intent')
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'].includes(intent.status)) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      })
    }
    const cancelled = { ...intent, status: 'canceled', canceled_at: now(), cancellation_reason: null } as unknown as Stripe.PaymentIntent
    intents.set(ref, cancelled)
    return { status: 200, body: cancelled }
  }

  function refund(params: Params): Answer {
    const problem = unknownParam(params, REFUND_PARAMS)
    if (problem) return problem
    if (typeof params.payment_intent !== 'string') return missing('payment_intent')
    const intent = intents.get(params.payment_intent)
    if (!intent) return { ...noSuchIntent(params.payment_intent, 'payment_intent'), status: 400 }
    const charge = typeof intent.latest_charge === 'string' ? charges.get(intent.latest_charge) : undefined
    if (intent.status !== 'succeeded' || !charge) {
      return fail(400, { type: 'invalid_request_error', message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.` })
    }
    if (charge.refunded) {
      return fail(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${charge.id} has already been refunded.` })
    }
    // Part of the charge when an amount is given, as Stripe takes it; the charge is refunded once all of it is back.
    const left = charge.amount - (charge.amount_refunded ?? 0)
    const asked = params.amount === undefined ? left : Number(params.amount)
    if (!Number.isInteger(asked) || asked < 1 || asked > left) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount (£${asked / 100}) is greater than unrefunded amount on charge.`,
      })
    }
    const refunded = (charge.amount_refunded ?? 0) + asked
    charges.set(charge.id, { ...charge, refunded: refunded === charge.amount, amount_refunded: refunded })
    const made = {
      id: id('re'),
      object: 'refund',
      amount: asked,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: {},
      payment_intent: intent.id,
      reason: null,
      status: 'succeeded',
    } as unknown as Stripe.Refund
    refunds.set(made.id, made)
    return { status: 200, body: made }
  }

  async function route(method: string, path: string, params: Params): Promise<Answer> {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params)
    if (method === 'POST' && path === '/v1/refunds') return refund(params)
    const one = path.match(/^\/v1\/payment_intents\/([^/]+)$/)
    if (method === 'GET' && one) return retrieveIntent(decodeURIComponent(one[1]!), params)
    const cancel = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/)
    if (method === 'POST' && cancel) return cancelIntent(decodeURIComponent(cancel[1]!))
    const answered = await subscriptions.route(method, path, params)
    if (answered) return answered
    return fail(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` })
  }

  function authProblem(authorization: string | undefined): Answer | undefined {
    if (!authorization) {
      return fail(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      })
    }
    const key = authorization.replace(/^Bearer /, '')
    if (!authorization.startsWith('Bearer ') || key !== secretKey) {
      return fail(401, { type: 'invalid_request_error', code: 'api_key_invalid', message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}` })
    }
    return undefined
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const method = req.method ?? 'GET'
    const body = await readBody(req)
    const control = url.pathname.match(/^\/_stand-in\/payment_intents\/([^/]+)\/(succeed|require_action|decline)$/)
    if (method === 'POST' && control) {
      const ref = decodeURIComponent(control[1]!)
      if (!intents.has(ref)) return send(res, noSuchIntent(ref, 'intent'))
      if (control[2] === 'succeed') await succeed(ref, { last4: url.searchParams.get('last4') ?? undefined })
      else if (control[2] === 'require_action') requireAction(ref)
      else decline(ref)
      return send(res, { status: 200, body: intents.get(ref) })
    }

    const contentType = req.headers['content-type']
    const form = method === 'POST' && contentType?.startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(body)) : {}
    const query = Object.fromEntries(url.searchParams)
    const header = (name: string) => {
      const value = req.headers[name]
      return Array.isArray(value) ? value[0] : value
    }
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query,
      form,
      authorization: header('authorization'),
      contentType,
      idempotencyKey: header('idempotency-key'),
      stripeVersion: header('stripe-version'),
      status: 0,
      replayed: false,
    }
    requests.push(recorded)

    const answer = (a: Answer, extra: Record<string, string> = {}) => {
      recorded.status = a.status
      send(res, a, extra)
    }

    if (outages.times > 0) {
      outages.times -= 1
      return answer(fail(outages.status, { type: 'api_error', message: 'An unknown error occurred' }))
    }
    const unauthorised = authProblem(recorded.authorization)
    if (unauthorised) return answer(unauthorised)
    if (!recorded.stripeVersion || !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(recorded.stripeVersion)) {
      // Stripe would fall back to the account's default version; the adapter must always name the one it was written for.
      return answer(fail(400, { type: 'invalid_request_error', message: `Invalid Stripe API version: ${recorded.stripeVersion ?? '(none sent)'}` }))
    }

    const params = decodeStripeParams(Object.entries(method === 'POST' ? form : query))
    const key = method === 'POST' ? recorded.idempotencyKey : undefined
    if (key) {
      const endpoint = `${method} ${url.pathname}`
      const fingerprint = JSON.stringify(canonical(params))
      const earlier = idempotent.get(key)
      if (earlier && earlier.endpoint !== endpoint) {
        return answer(
          fail(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${earlier.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        )
      }
      if (earlier && earlier.fingerprint !== fingerprint) {
        return answer(
          fail(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        )
      }
      if (earlier) {
        recorded.replayed = true
        return answer(earlier.answer, { 'Idempotent-Replayed': 'true' })
      }
      const result = await route(method, url.pathname, params)
      // As at Stripe, a request refused before it began (bad parameters) saves no result, so it may be sent again corrected.
      if (result.status < 400 || result.status === 402) idempotent.set(key, { endpoint, fingerprint, answer: result })
      return answer(result)
    }
    return answer(await route(method, url.pathname, params))
  }

  function intentFor(ref: string): Stripe.PaymentIntent {
    const intent = intents.get(ref)
    if (!intent) throw new Error(`The Stripe stand-in has no payment intent ${ref}`)
    return intent
  }

  /** The customer paid: the intent succeeds with a charge on a card ending `last4`, and the webhook (if any) is sent. */
  async function succeed(ref: string, card: { last4?: string } = {}): Promise<void> {
    const intent = intentFor(ref)
    const charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      captured: true,
      created: now(),
      currency: intent.currency,
      paid: true,
      payment_intent: ref,
      payment_method: id('pm'),
      payment_method_details: {
        type: 'card',
        card: { brand: 'visa', country: 'GB', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit', last4: card.last4 ?? '4242' },
      },
      refunded: false,
      status: 'succeeded',
    } as unknown as Stripe.Charge
    charges.set(charge.id, charge)
    const succeeded = {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      payment_method: charge.payment_method,
      next_action: null,
      last_payment_error: null,
    } as Stripe.PaymentIntent
    intents.set(ref, succeeded)
    await post('payment_intent.succeeded', succeeded)
    await subscriptions.intentSucceeded(succeeded)
  }

  /** Posts a signed event to the webhook, when there is one. */
  async function post(type: string, object: { id: string }) {
    if (options.webhook) await deliver(options.webhook, type, object)
  }

  /** The card asked the customer to confirm (3-D Secure): the intent waits in requires_action. */
  function requireAction(ref: string): void {
    const intent = intentFor(ref)
    intents.set(ref, {
      ...intent,
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} },
    } as unknown as Stripe.PaymentIntent)
  }

  /** The card was declined: the intent goes back to requires_payment_method with the decline as its last error. */
  function decline(ref: string): void {
    const intent = intentFor(ref)
    intents.set(ref, {
      ...intent,
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    } as unknown as Stripe.PaymentIntent)
  }

  /** The next `times` API requests are answered with `status` (500 unless told), as during an outage at Stripe. */
  function failNext(times: number, status = 500): void {
    outages = { times, status }
  }

  async function deliver(webhook: { url: string; secret: string }, type: string, object: { id: string }) {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: requests.at(-1)?.stripeVersion ?? Stripe.API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    })
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhook.secret })
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
      body: payload,
    }).catch(() => undefined)
    await response?.arrayBuffer()
    webhookDeliveries.push({ type, intent: object.id, status: response?.status ?? 0 })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, fail(500, { type: 'api_error', message: `Stand-in failure: ${String(error)}` }))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const host = '127.0.0.1'

  return {
    url: `http://${host}:${port}`,
    host,
    port,
    protocol: 'http' as const,
    secretKey,
    requests,
    intents,
    charges,
    refunds,
    webhookDeliveries,
    /** The subscriptions' objects and test controls (stripe-stand-in-subscriptions.ts). */
    subscriptions,
    succeed,
    requireAction,
    decline,
    failNext,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    )
  }
  return value
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function send(res: ServerResponse, answer: Answer, extra: Record<string, string> = {}): void {
  res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': id('req', 14), ...extra })
  res.end(JSON.stringify(answer.body))
}

// Run on its own for a local end-to-end run against the stand-in instead of Stripe.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startStripeStandIn({
    port: Number(process.argv[2] ?? 12111),
    webhook: process.env.STRIPE_WEBHOOK_SECRET
      ? { url: process.env.STAND_IN_WEBHOOK_URL ?? 'http://127.0.0.1:3000/webhooks/stripe', secret: process.env.STRIPE_WEBHOOK_SECRET }
      : undefined,
  })
  console.log(`Stripe stand-in at ${standIn.url}: STRIPE_API_BASE_URL=${standIn.url} STRIPE_SECRET_KEY=${standIn.secretKey}`)
}
