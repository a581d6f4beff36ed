import { UpstreamError } from '../../lib/errors.ts'

/**
 * Card payments: the built-in offline test processor locally, Stripe in production. Both speak in Stripe's
 * terms (a PaymentIntent the browser confirms with its client secret), so the commerce rules do not care which.
 */

/** Where a PaymentIntent stands, in Stripe's words. */
export type IntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled'

export interface ProviderIntent {
  /** The provider's id (pi_…) */
  ref: string
  clientSecret: string
  status: IntentStatus
  amountPence: number
  currency: string
  /** What we attached when making it: paymentId, shopId and sub. */
  metadata: Record<string, string>
  /** The last four digits of the card that paid, when the provider tells. */
  cardLast4?: string | null
}

export interface NewIntent {
  amountPence: number
  currency: 'gbp'
  description: string
  metadata: { paymentId: string; shopId: string; sub: string; membershipId?: string }
  /** The same key always makes the same intent (our payment's id). */
  idempotencyKey: string
  /** Keep the card that pays it, to charge it again later without the customer (a membership's renewals). */
  keepCard?: boolean
}

/** A card the provider keeps for later charges (Stripe's PaymentMethod). */
export interface KeptCard {
  ref: string
  last4: string | null
}

/** A charge of a kept card made without the customer present: it either went through or was refused. */
export interface KeptCardCharge {
  ref: string
  status: 'succeeded' | 'failed'
  /** The provider's refusal in its words, when it failed. */
  error: string | null
}

/** Keeping a card and charging it later, for memberships (docs/decisions/043-memberships.md). */
export interface CardKeeping {
  /** The card an intent made with `keepCard` kept, once it succeeded; null before. */
  keptCardOf(intentRef: string): Promise<KeptCard | null>
  /** Charges a kept card; the same idempotency key always answers the same charge, so a retry never charges twice. */
  chargeKeptCard(charge: {
    cardRef: string
    amountPence: number
    currency: 'gbp'
    description: string
    metadata: Record<string, string>
    idempotencyKey: string
  }): Promise<KeptCardCharge>
}

/** A provider's Subscription, as far as a membership reads it. */
export interface ProviderSubscription {
  ref: string
  /** Stripe's words: incomplete, active, past_due, canceled, … */
  status: string
  /** The membership it charges, from the metadata we gave it. */
  membershipId: string | null
}

/** A provider's invoice of a subscription's month, as far as a membership reads it. */
export interface ProviderInvoice {
  ref: string
  subscriptionRef: string | null
  /** paid, open, void, … */
  status: string
  /** The invoice that started the subscription (its first month, paid in the browser), not a renewal. */
  first: boolean
  amountPence: number
  /** How many times the provider has tried to take it. */
  attemptCount: number
  /** When the provider tries again; null after its last try. */
  nextAttemptAt: Date | null
  /** The intent that pays it (which the browser confirms when a changed card pays it). */
  intentRef: string | null
}

/**
 * A membership's months billed by the provider itself (Stripe Subscriptions, docs/decisions/047): the first month's
 * invoice is paid in the browser like any intent; later months are the provider's, which tells us by webhook.
 */
export interface SubscriptionBilling {
  /**
   * The customer, the plan's product and the subscription, made once (keyed by our ids): answers the subscription
   * and the intent of its first invoice, which the browser confirms. With `ref`, the subscription made before.
   */
  start(subscription: {
    ref: string | null
    membershipId: string
    shopId: string
    sub: string
    paymentId: string
    planId: string
    planName: string
    amountPence: number
  }): Promise<{ ref: string; intent: ProviderIntent }>
  /**
   * A new subscription for the customer of one the provider ended (`endedRef`) with a month owed, at `amountPence` a
   * month: its first invoice is the month owed, which the browser pays. Made once per ended subscription (keyed by
   * it), so a second click or a retry answers the same one; with `endsAt` (a cancellation asked for), it ends then.
   * Null when `endedRef` has not ended.
   */
  restart(subscription: {
    endedRef: string
    endsAt: Date | null
    membershipId: string
    shopId: string
    planId: string
    planName: string
    amountPence: number
  }): Promise<{ ref: string; intent: ProviderIntent } | null>
  retrieve(ref: string): Promise<ProviderSubscription>
  retrieveInvoice(ref: string): Promise<ProviderInvoice>
  /**
   * The intent of the subscription's invoice still owed, while the subscription runs (or, for one made again for a
   * month owed, its first invoice while unpaid); null when none is.
   */
  owedIntent(ref: string): Promise<ProviderIntent | null>
  /** The card that paid an intent (or that a card setup saved), which the subscription keeps for its renewals; null before it succeeded. */
  keptCardOf(intentRef: string): Promise<KeptCard | null>
  /**
   * A new card for a running subscription with nothing owed: a card setup (a Stripe SetupIntent) for the browser to
   * confirm, made once per `paymentId`; its `amountPence` is 0. Null when the subscription has ended.
   */
  cardSetup(ref: string, paymentId: string): Promise<ProviderIntent | null>
  /** The subscription's renewals are taken from this card from now on. */
  useCard(ref: string, cardRef: string): Promise<void>
  /** No invoice at or after `at`: the subscription ends then (and a pause of its payments asked for before is dropped). */
  cancelAt(ref: string, at: Date): Promise<void>
  /** Ends the subscription at once (one never paid, or not owed). */
  cancelNow(ref: string): Promise<void>
  /** No payment is taken until `resumesAt`; invoices meanwhile are voided. */
  pauseUntil(ref: string, resumesAt: Date): Promise<void>
}

export interface PaymentProviderAdapter {
  readonly kind: 'offline' | 'stripe'
  /** Stripe's publishable key for the browser; null for the offline processor. */
  readonly publishableKey: string | null
  createIntent(intent: NewIntent): Promise<ProviderIntent>
  /** The provider's own word on an intent: a purchase is credited only from this or from a verified webhook. */
  retrieveIntent(ref: string): Promise<ProviderIntent>
  /**
   * Cancels an intent not paid, so it can never be paid; answers it as it then stands: canceled, or succeeded or
   * processing when it was too late to cancel it (the card was taken first).
   */
  cancelIntent(ref: string): Promise<ProviderIntent>
  /** Gives a succeeded intent back to the card: its whole amount, or `amountPence` of it. */
  refund(ref: string, idempotencyKey: string, amountPence?: number): Promise<void>
  /** Kept cards for memberships, where the adapter offers them. */
  readonly cards?: CardKeeping
  /** Subscriptions the provider charges each month, where the adapter offers them (Stripe). */
  readonly subscriptions?: SubscriptionBilling
}

/** The provider is unreachable or answered with an error that is not the customer's to fix. */
export class PaymentProviderError extends UpstreamError {
  override readonly failure = 'the card payment provider failed'
}
