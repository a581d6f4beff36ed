import { z } from 'zod'
import { strictBody } from './account.ts'

/**
 * The money calls: minute lots and the balance, promo codes, card payments, recording a purchase, and
 * refer-and-earn. Money is integer pence (GBP); durations are integer minutes; instants are ISO 8601 with the
 * offset in force in the shop's time zone.
 */

export const LotSource = z.enum(['purchase', 'referral', 'adjustment', 'import'])
export type LotSource = z.infer<typeof LotSource>

/** A lot of minutes: what one purchase, reward or adjustment gave, what is left, where it can be used and until when. */
export const MinuteLot = z.object({
  id: z.string(),
  source: LotSource,
  /** The package's name, "Referral reward", ... */
  label: z.string(),
  minutes: z.number().int(),
  remaining: z.number().int(),
  bedTypes: z.array(z.string()),
  /** The last local date the minutes can be used on (they expire at the start of the next day). */
  lastDay: z.string(),
  expiresAt: z.string(),
})
export type MinuteLot = z.infer<typeof MinuteLot>

export const LedgerKind = z.enum(['purchase', 'booking', 'refund', 'referral', 'expiry', 'adjustment'])
export type LedgerKind = z.infer<typeof LedgerKind>

/** One change to the balance, as the customer's history shows it. */
export const BalanceEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: LedgerKind,
  /** Positive adds minutes, negative takes them. */
  minutes: z.number().int(),
  description: z.string(),
  bookingId: z.string().nullable(),
})
export type BalanceEntry = z.infer<typeof BalanceEntry>

/** GET p_account/balance */
export const BalanceResponse = z.object({
  /** Minutes that can be used now: the ledger's sum. */
  balance: z.number().int(),
  /** Lots with minutes left, the soonest to expire first. */
  lots: z.array(MinuteLot),
  /** Minutes that expire within EXPIRING_SOON_DAYS days (rules/money.ts). */
  expiringSoon: z.number().int(),
  /** Newest first. */
  history: z.array(BalanceEntry),
})
export type BalanceResponse = z.infer<typeof BalanceResponse>

/** A promo code as customers type it: letters, digits and dashes, any case. */
export const PromoCodeText = z
  .string()
  .trim()
  .min(3, { message: 'must be at least 3 characters' })
  .max(32, { message: 'must be at most 32 characters' })
  .regex(/^[A-Za-z0-9-]+$/, { message: 'may contain only letters, digits and dashes' })
  .transform((code) => code.toUpperCase())

/** Why a promo code does not apply; each comes with a message a person can act on. */
export const PromoRefusal = z.enum(['unknown', 'expired', 'not_yet_valid', 'used_up', 'already_used', 'not_for_package'])
export type PromoRefusal = z.infer<typeof PromoRefusal>

const PACKAGE_ID_REQUIRED = 'is required: the id of the package the code is for'
export const PromoQuery = z.object({ packageId: z.string({ message: PACKAGE_ID_REQUIRED }).min(1, { message: PACKAGE_ID_REQUIRED }).max(64) })

/** GET apply/promocode/{code}?packageId=…: the code applies; refusals are 4xx { message, reason }. */
export const PromoResponse = z.object({
  code: z.string(),
  packageId: z.string(),
  /** "10% off" or "£5.00 off" */
  description: z.string(),
  pricePence: z.number().int(),
  discountPence: z.number().int(),
  totalPence: z.number().int(),
  message: z.string(),
})
export type PromoResponse = z.infer<typeof PromoResponse>

export const PromoRefusalResponse = z.object({ message: z.string(), reason: PromoRefusal })

/** Idempotency-Key header of POST stripe_payment_intent: one per checkout; the same key answers the same payment. */
export const IdempotencyKey = z
  .string({ message: 'is required: send a new random key (for example a UUID) for each checkout' })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, { message: 'must be 16 to 100 letters, digits, dashes or underscores (for example a UUID)' })

/**
 * POST stripe_payment_intent: a package (with an optional promo code), or a pending session. Never an amount: the
 * server works it out, and any other field (an amount a client made up) is ignored.
 */
export const PaymentIntentRequest = z
  .object({
    packageId: z.string().min(1).max(64).optional(),
    bookingId: z.uuid({ message: 'must be a booking id' }).optional(),
    promoCode: PromoCodeText.optional(),
    /**
     * A package: the customer's gift voucher credit pays as much as it can, leaving the card at least the smallest card
     * payment, and the card pays the rest (docs/decisions/053).
     */
    useCredit: z.boolean().optional(),
  })
  .refine((v) => (v.packageId === undefined) !== (v.bookingId === undefined), {
    message: 'Send packageId (a package to buy) or bookingId (a session to pay for), not both',
  })
export type PaymentIntentRequest = z.input<typeof PaymentIntentRequest>

export const PaymentProvider = z.enum(['offline', 'stripe'])
export type PaymentProvider = z.infer<typeof PaymentProvider>
export const PaymentStatus = z.enum(['pending', 'succeeded', 'failed', 'cancelled'])
export type PaymentStatus = z.infer<typeof PaymentStatus>

export const Payment = z.object({
  id: z.string(),
  provider: PaymentProvider,
  status: PaymentStatus,
  /** The secret the browser confirms the payment with, at the provider. */
  clientSecret: z.string(),
  /** The provider's id for the payment (a PaymentIntent id). */
  providerRef: z.string(),
  /** Stripe's publishable key, when the provider is Stripe. */
  publishableKey: z.string().nullable(),
  purpose: z.enum(['package', 'session', 'voucher']),
  packageId: z.string().nullable(),
  bookingId: z.string().nullable(),
  description: z.string(),
  pricePence: z.number().int(),
  discountPence: z.number().int(),
  /** What the card pays. */
  amountPence: z.number().int(),
  /** What the customer's gift voucher credit pays of it (held while the card is asked); 0 when none. */
  creditPence: z.number().int(),
  currency: z.literal('gbp'),
  promoCode: z.string().nullable(),
})
export type Payment = z.infer<typeof Payment>

export const PaymentResponse = z.object({ payment: Payment })
export type PaymentResponse = z.infer<typeof PaymentResponse>

/** PUT customer/package: record the purchase paid by this payment (credited once, only after the provider says it succeeded). */
export const PurchaseRequest = strictBody({ paymentId: z.uuid({ message: 'must be the id of your payment' }) })
export type PurchaseRequest = z.infer<typeof PurchaseRequest>

export const PurchaseResponse = z.object({
  lot: MinuteLot,
  balance: z.number().int(),
  message: z.string(),
})
export type PurchaseResponse = z.infer<typeof PurchaseResponse>

/** GET p_account/referrals */
export const ReferralsResponse = z.object({
  code: z.string(),
  /** Free minutes each side gets on the friend's first purchase; 0 when the salon gives none. */
  rewardMinutes: z.number().int(),
  rewardValidityDays: z.number().int(),
  friends: z.array(
    z.object({
      /** First name and initial only. */
      name: z.string(),
      joinedAt: z.string(),
      rewarded: z.boolean(),
    }),
  ),
  minutesEarned: z.number().int(),
})
export type ReferralsResponse = z.infer<typeof ReferralsResponse>

/**
 * The offline test processor (the default when no Stripe key is set) is a card processor of its own, at
 * TEST_PAYMENTS_PATH (rules/test-cards.ts): the browser confirms a payment there with the client secret, as it would at Stripe.
 */

/** POST {TEST_PAYMENTS_PATH}/{providerRef}/confirm */
export const TestConfirmRequest = strictBody({
  clientSecret: z.string().min(1).max(200),
  card: strictBody({ number: z.string().max(40), expiry: z.string().max(12), cvc: z.string().max(8) }),
})
export type TestConfirmRequest = z.infer<typeof TestConfirmRequest>

/** POST {TEST_PAYMENTS_PATH}/{providerRef}/authenticate: the customer's answer to the card's confirmation step (3-D Secure). */
export const TestAuthenticateRequest = strictBody({ clientSecret: z.string().min(1).max(200), approve: z.boolean() })
export type TestAuthenticateRequest = z.infer<typeof TestAuthenticateRequest>

/** Stripe's names for where a PaymentIntent stands. */
export const TestIntentStatus = z.enum(['requires_payment_method', 'requires_action', 'succeeded', 'canceled'])
export const TestIntentResponse = z.object({
  id: z.string(),
  status: TestIntentStatus,
  amountPence: z.number().int(),
  /** Why the last card was refused, in Stripe's words (card_declined, insufficient_funds). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
})
export type TestIntentResponse = z.infer<typeof TestIntentResponse>
