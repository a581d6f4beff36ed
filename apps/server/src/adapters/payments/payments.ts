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

export interface PaymentProviderAdapter {
  readonly kind: 'offline' | 'stripe'
  /** Stripe's publishable key for the browser; null for the offline processor. */
  readonly publishableKey: string | null
  createIntent(intent: NewIntent): Promise<ProviderIntent>
  /** The provider's own word on an intent: a purchase is credited only from this or from a verified webhook. */
  retrieveIntent(ref: string): Promise<ProviderIntent>
  /** Gives a succeeded intent back to the card: its whole amount, or `amountPence` of it. */
  refund(ref: string, idempotencyKey: string, amountPence?: number): Promise<void>
  /** Kept cards for memberships, where the adapter offers them. */
  readonly cards?: CardKeeping
}

/** The provider is unreachable or answered with an error that is not the customer's to fix. */
export class PaymentProviderError extends UpstreamError {
  override readonly failure = 'the card payment provider failed'
}
