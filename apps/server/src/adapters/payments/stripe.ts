import Stripe from 'stripe'
import { type IntentStatus, type PaymentProviderAdapter, type ProviderIntent, PaymentProviderError } from './payments.ts'
import { createStripeSubscriptions, isSetup, toSetup } from './stripe-subscriptions.ts'

/**
 * The API version every request names. Pinned so that a Stripe account upgraded in the dashboard cannot change
 * the shape of what we read; it is the version this SDK's types describe, so upgrading the SDK fails to compile
 * here until someone has read Stripe's changelog and moved it on.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const

/** What a customer may be shown when Stripe cannot be used; the details go to the log, not to the page. */
export const STRIPE_UNAVAILABLE = 'The card payment service did not answer. Please try again in a moment.'

/** How old a webhook's signed timestamp may be, in seconds: Stripe's own default, stated so it cannot drift. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

export interface StripePaymentsOptions {
  /** sk_… or rk_… (a restricted key needs write access to PaymentIntents, Refunds, Customers, Products and Subscriptions, and to read Invoices). */
  secretKey: string
  /** pk_…, handed to the browser for Stripe's Payment Element. */
  publishableKey: string
  /** Where the API is; api.stripe.com over https unless a test points the SDK at a local stand-in. */
  host?: string
  port?: number
  protocol?: 'http' | 'https'
  /**
   * How often the SDK sends a failed request again, after a growing pause (about half a second, then a second): 2.
   * A test of the job queue's own retries sets 0, so that each of its tries is one request, without the pauses.
   */
  networkRetries?: number
}

/** The host, port and protocol the SDK takes, from a base URL such as https://api.stripe.com or http://127.0.0.1:12111. */
export function stripeApiAddress(baseUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(baseUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol }
}

/**
 * What went wrong, for the log: Stripe's error type and code, the HTTP status and Stripe's request id (what its
 * support asks for). The message stays the one a customer may see; the secret key is in neither.
 */
export class StripeRequestError extends PaymentProviderError {
  constructor(
    readonly operation: 'createIntent' | 'retrieveIntent' | 'cancelIntent' | 'refund' | 'subscriptions',
    readonly stripeType: string,
    readonly stripeCode: string | undefined,
    readonly statusCode: number | undefined,
    readonly requestId: string | undefined,
    readonly detail: string,
  ) {
    super(STRIPE_UNAVAILABLE)
    this.name = 'StripeRequestError'
  }
}

const STATUSES: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null
  return {
    ref: intent.id,
    clientSecret: intent.client_secret ?? '',
    // A status added to the API after this was written is read as still under way: never as a success.
    status: STATUSES.includes(intent.status as IntentStatus) ? (intent.status as IntentStatus) : 'processing',
    amountPence: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    cardLast4: charge?.payment_method_details?.card?.last4 ?? null,
  }
}

/** Card payments through Stripe's PaymentIntents API, with the official SDK. */
export function createStripePayments(options: StripePaymentsOptions): PaymentProviderAdapter {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    // Retries of a POST reuse its idempotency key, so a retried create or refund cannot happen twice.
    maxNetworkRetries: options.networkRetries ?? 2,
    timeout: 10_000,
  })

  function failure(operation: StripeRequestError['operation'], error: unknown): StripeRequestError {
    const redact = (text: string) => text.split(options.secretKey).join('[redacted]')
    if (error instanceof Stripe.errors.StripeError) {
      // Stripe's own error type (api_error, idempotency_error, …) when it answered; the SDK's class name when it did not.
      const type = error.rawType ?? error.type
      return new StripeRequestError(
        operation,
        type,
        error.code,
        error.statusCode,
        error.requestId,
        redact(`${type}${error.code ? ` (${error.code})` : ''}: ${error.message}`),
      )
    }
    return new StripeRequestError(operation, 'unknown', undefined, undefined, undefined, redact(error instanceof Error ? error.message : String(error)))
  }

  async function retrieveIntent(ref: string) {
    try {
      // A membership's new card with nothing owed is saved by a SetupIntent, read back as an intent of £0.
      if (isSetup(ref)) return toSetup(await stripe.setupIntents.retrieve(ref))
      return toIntent(await stripe.paymentIntents.retrieve(ref, { expand: ['latest_charge'] }))
    } catch (error) {
      throw failure('retrieveIntent', error)
    }
  }

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,
    subscriptions: createStripeSubscriptions(stripe, (error) => failure('subscriptions', error), retrieveIntent),

    async createIntent(intent) {
      try {
        const created = await stripe.paymentIntents.create(
          {
            amount: intent.amountPence,
            currency: intent.currency,
            description: intent.description,
            metadata: intent.metadata,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: intent.idempotencyKey },
        )
        return toIntent(created)
      } catch (error) {
        throw failure('createIntent', error)
      }
    },

    retrieveIntent,

    async cancelIntent(ref) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(ref))
      } catch (error) {
        // Paid, processing or cancelled already: Stripe refuses, and the intent is read as it stands.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') return retrieveIntent(ref)
        throw failure('cancelIntent', error)
      }
    },

    async refund(ref, idempotencyKey, amountPence) {
      try {
        await stripe.refunds.create({ payment_intent: ref, ...(amountPence !== undefined && { amount: amountPence }) }, { idempotencyKey })
      } catch (error) {
        // Refunded already (by an earlier attempt under another key, or from the dashboard): the money is back.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return
        throw failure('refund', error)
      }
    },
  }
}

/** Why a webhook was refused; the route answers 400 with it, so Stripe shows it in the dashboard and retries. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WebhookSignatureError'
  }
}

/**
 * Checks that a webhook came from Stripe: the Stripe-Signature header must hold an HMAC of the exact raw body
 * under the endpoint's secret, made no more than 300 s ago (so a captured request cannot be replayed later).
 * Returns the event; throws WebhookSignatureError otherwise.
 */
export function verifyStripeWebhook(secret: string, rawBody: string, signatureHeader: string | undefined, nowSeconds?: number): Stripe.Event {
  if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.')
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      nowSeconds === undefined ? undefined : nowSeconds * 1000,
    )
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      const tooOld = /tolerance/i.test(error.message)
      throw new WebhookSignatureError(
        tooOld
          ? `The webhook's signature is older than ${WEBHOOK_TOLERANCE_SECONDS} s.`
          : "The webhook's signature does not match its body and this endpoint's secret.",
      )
    }
    // A correctly signed body that is not JSON: still nothing we can act on.
    throw new WebhookSignatureError('The webhook body is not a Stripe event.')
  }
}
