import { z } from 'zod'
import { strictBody } from './account.ts'
import { LocalDate } from './local-date.ts'
import { IdempotencyKey, MinuteLot, PromoCodeText } from './commerce.ts'
import { PhotoIdCheckInput } from './staff-photo-id.ts'

/**
 * The counter (docs/product.md §10.3): packages and loose minutes sold for cash or on the salon's card terminal,
 * the owner's refunds of counter sales and corrections of a balance, and the day's takings. Money is integer pence;
 * instants are ISO 8601 with the shop's offset.
 */

/** How a customer paid at the counter. */
export const CounterMethod = z.enum(['cash', 'card_terminal'], { message: 'must be cash or card_terminal' })
export type CounterMethod = z.infer<typeof CounterMethod>

/** The most minutes one counter sale or one correction may move. */
export const COUNTER_MAX_MINUTES = 1000
/** The most one sale of loose minutes may cost: £1,000. */
export const COUNTER_MAX_PENCE = 100_000
/** A counter sale may not cost less than a card payment may: 30p. */
export const COUNTER_MIN_PENCE = 30
/** How long minutes sold loose or added by a correction last when the salon does not say: a year. */
export const COUNTER_DEFAULT_VALIDITY_DAYS = 365
export const COUNTER_MAX_VALIDITY_DAYS = 3650

const CustomerSub = z.uuid({ message: 'must be a customer id' })
const BedTypeCodes = z
  .array(z.string().min(1).max(64), { message: 'must be a list of bed types' })
  .min(1, { message: 'must name at least one bed type' })
  .max(20, { message: 'must name at most 20 bed types' })
const ValidityDays = z
  .number({ message: `must be a whole number of days from 1 to ${COUNTER_MAX_VALIDITY_DAYS}` })
  .int({ message: `must be a whole number of days from 1 to ${COUNTER_MAX_VALIDITY_DAYS}` })
  .min(1, { message: `must be a whole number of days from 1 to ${COUNTER_MAX_VALIDITY_DAYS}` })
  .max(COUNTER_MAX_VALIDITY_DAYS, { message: `must be a whole number of days from 1 to ${COUNTER_MAX_VALIDITY_DAYS}` })
const Reason = z
  .string({ message: 'is required: say why, in a few words' })
  .trim()
  .min(1, { message: 'is required: say why, in a few words' })
  .max(500, { message: 'must be at most 500 characters' })

/** An amount of money a person counted: whole pence from 0 to £100,000. */
const Pence = (what: string) =>
  z
    .number({ message: `must be ${what} in whole pence, from 0 to 10000000` })
    .int({ message: `must be ${what} in whole pence, from 0 to 10000000` })
    .min(0, { message: `must be ${what} in whole pence, from 0 to 10000000` })
    .max(10_000_000, { message: `must be ${what} in whole pence, from 0 to 10000000` })

/* Products sold at the counter: staff-retail.ts has the rest. */

/** The most of one product one sale may take, and the most products one sale may list. */
export const MAX_ITEM_QUANTITY = 100
export const MAX_SALE_LINES = 20

const quantityMessage = `must be a whole number from 1 to ${MAX_ITEM_QUANTITY}`

/** A product and how many of it: one line of a sale. */
export const SaleItemRequest = strictBody({
  extraId: z.string({ message: 'is required: the product sold' }).regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be the id of a product on the price list' }),
  quantity: z
    .number({ message: quantityMessage })
    .int({ message: quantityMessage })
    .min(1, { message: quantityMessage })
    .max(MAX_ITEM_QUANTITY, { message: quantityMessage }),
})
export type SaleItemRequest = z.infer<typeof SaleItemRequest>

/** The products of a sale: each product once, at most MAX_SALE_LINES of them. */
export const SaleItems = z
  .array(SaleItemRequest, { message: 'must be a list of products and quantities' })
  .min(1, { message: 'must name at least one product' })
  .max(MAX_SALE_LINES, { message: `must name at most ${MAX_SALE_LINES} products` })
  .refine((items) => new Set(items.map((item) => item.extraId)).size === items.length, { message: 'must name each product once, with its quantity' })

/** One line of a sale as it was sold. */
export const SaleLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPricePence: z.number().int(),
  totalPence: z.number().int(),
  vatRateBps: z.number().int(),
})
export type SaleLine = z.infer<typeof SaleLine>

/** POST /api/staff/counter/sales: a package sold at the counter. The same key answers the same sale. */
export const CounterSaleRequest = strictBody({
  sub: CustomerSub,
  packageId: z.string({ message: 'is required: the package sold' }).min(1, { message: 'is required: the package sold' }).max(64),
  method: CounterMethod,
  promoCode: PromoCodeText.optional(),
  idempotencyKey: IdempotencyKey,
  /** The photo ID checked at the desk: needed while no check has confirmed the customer's date of birth. */
  idCheck: PhotoIdCheckInput.optional(),
  /** Products sold with the package, on the same payment. */
  items: SaleItems.optional(),
})
export type CounterSaleRequest = z.infer<typeof CounterSaleRequest>

/** POST /api/staff/counter/minutes: minutes sold loose, at a price the member of staff names. */
export const CounterMinutesRequest = strictBody({
  sub: CustomerSub,
  minutes: z
    .number({ message: `must be a whole number of minutes from 1 to ${COUNTER_MAX_MINUTES}` })
    .int({ message: `must be a whole number of minutes from 1 to ${COUNTER_MAX_MINUTES}` })
    .min(1, { message: `must be a whole number of minutes from 1 to ${COUNTER_MAX_MINUTES}` })
    .max(COUNTER_MAX_MINUTES, { message: `must be a whole number of minutes from 1 to ${COUNTER_MAX_MINUTES}` }),
  pricePence: z
    .number({ message: `must be a whole number of pence from ${COUNTER_MIN_PENCE} to ${COUNTER_MAX_PENCE}` })
    .int({ message: `must be a whole number of pence from ${COUNTER_MIN_PENCE} to ${COUNTER_MAX_PENCE}` })
    .min(COUNTER_MIN_PENCE, { message: `must be a whole number of pence from ${COUNTER_MIN_PENCE} to ${COUNTER_MAX_PENCE}` })
    .max(COUNTER_MAX_PENCE, { message: `must be a whole number of pence from ${COUNTER_MIN_PENCE} to ${COUNTER_MAX_PENCE}` }),
  /** By default every bed type of the salon. */
  bedTypes: BedTypeCodes.optional(),
  /** By default COUNTER_DEFAULT_VALIDITY_DAYS. */
  validityDays: ValidityDays.optional(),
  method: CounterMethod,
  idempotencyKey: IdempotencyKey,
  /** As for a package. */
  idCheck: PhotoIdCheckInput.optional(),
})
export type CounterMinutesRequest = z.infer<typeof CounterMinutesRequest>

/** A sale made at the counter, as the answer and the customer's purchases show it. */
export const CounterSale = z.object({
  paymentId: z.string(),
  sub: z.string(),
  method: CounterMethod,
  status: z.enum(['succeeded', 'refunded']),
  /** The package's name, or "12 minutes from the counter". */
  description: z.string(),
  packageId: z.string().nullable(),
  promoCode: z.string().nullable(),
  pricePence: z.number().int(),
  discountPence: z.number().int(),
  amountPence: z.number().int(),
  recordedBy: z.string(),
  at: z.string(),
  /** Products sold with the package, each at its price then. */
  lines: z.array(SaleLine),
  /** The lot the sale put on the balance. */
  lot: MinuteLot,
  /** The customer's balance after the sale. */
  balance: z.number().int(),
  /** What to tell the customer, for example "60 minutes of Course of 60 are on Jo's balance, to use by Friday 26 February 2027." */
  message: z.string(),
})
export type CounterSale = z.infer<typeof CounterSale>

/** POST /api/staff/counter/refunds (owner only): a counter sale given back. */
export const CounterRefundRequest = strictBody({
  paymentId: z.uuid({ message: 'must be the id of a sale' }),
  reason: Reason,
  /**
   * whole (the default): all that was paid; unused: only the share of the price of the minutes not yet used (a
   * package or minutes, sold without products), so a customer who used some is refunded the rest.
   */
  part: z.enum(['whole', 'unused'], { message: 'must be whole or unused' }).default('whole'),
})
export type CounterRefundRequest = z.input<typeof CounterRefundRequest>
/** The refund as the server takes it, `part` filled in. */
export type CounterRefundOrder = z.output<typeof CounterRefundRequest>

export const CounterRefundResponse = z.object({
  paymentId: z.string(),
  /**
   * online_card: a package bought online, going back to the card through the job queue; credit: a package paid with
   * gift voucher credit, given back as credit.
   */
  method: z.enum(['cash', 'card_terminal', 'online_card', 'credit']),
  /** What is given back: all that was paid, or the unused minutes' share of it. */
  part: z.enum(['whole', 'unused']),
  amountPence: z.number().int(),
  /** The lot's minutes taken off the balance: those not yet used. */
  minutesRemoved: z.number().int(),
  /** Minutes of the lot already used (or expired) before the refund: they cannot be taken back. */
  minutesAlreadyUsed: z.number().int(),
  /** The customer's balance after it; null for products sold to someone with no record. */
  balance: z.number().int().nullable(),
  message: z.string(),
})
export type CounterRefundResponse = z.infer<typeof CounterRefundResponse>

/** POST /api/staff/customers/{sub}/adjustments (owner only): a correction of the balance, with the reason. */
export const AdjustmentRequest = strictBody({
  minutes: z
    .number({ message: `must be a whole number of minutes, from -${COUNTER_MAX_MINUTES} to ${COUNTER_MAX_MINUTES}, not 0` })
    .int({ message: `must be a whole number of minutes, from -${COUNTER_MAX_MINUTES} to ${COUNTER_MAX_MINUTES}, not 0` })
    .min(-COUNTER_MAX_MINUTES, { message: `must be a whole number of minutes, from -${COUNTER_MAX_MINUTES} to ${COUNTER_MAX_MINUTES}, not 0` })
    .max(COUNTER_MAX_MINUTES, { message: `must be a whole number of minutes, from -${COUNTER_MAX_MINUTES} to ${COUNTER_MAX_MINUTES}, not 0` })
    .refine((n) => n !== 0, { message: `must be a whole number of minutes, from -${COUNTER_MAX_MINUTES} to ${COUNTER_MAX_MINUTES}, not 0` }),
  reason: Reason,
  /** Minutes added: the bed types they fit (by default every one). Minutes taken off: only from lots that fit one of these. */
  bedTypes: BedTypeCodes.optional(),
  /** Minutes added only: how long they last (by default COUNTER_DEFAULT_VALIDITY_DAYS). */
  validityDays: ValidityDays.optional(),
})
export type AdjustmentRequest = z.infer<typeof AdjustmentRequest>

export const AdjustmentResponse = z.object({
  /** Minutes added (positive) or taken off (negative). */
  minutes: z.number().int(),
  balanceBefore: z.number().int(),
  balanceAfter: z.number().int(),
  /** The new lot, when minutes were added. */
  lot: MinuteLot.nullable(),
  message: z.string(),
})
export type AdjustmentResponse = z.infer<typeof AdjustmentResponse>

/** How far below the price list staff may sell when the owner has not said: 20%. */
export const COUNTER_DEFAULT_MAX_DISCOUNT_PERCENT = 20

/**
 * GET (staff) and PUT (owner) /api/staff/counter-rules: how far below the salon's price list, in whole percent, a
 * member of staff may sell at the counter; past it, only the owner (docs/product.md §10.3).
 */
export const CounterRules = strictBody({
  maxDiscountPercent: z
    .number({ message: 'must be a whole number of percent from 0 to 100' })
    .int({ message: 'must be a whole number of percent from 0 to 100' })
    .min(0, { message: 'must be a whole number of percent from 0 to 100' })
    .max(100, { message: 'must be a whole number of percent from 0 to 100' }),
})
export type CounterRules = z.infer<typeof CounterRules>

/** GET /api/staff/counter/takings?date=YYYY-MM-DD (today by default, in the shop's local day). */
/** The most days one takings query may span: a year and a day. */
export const TAKINGS_MAX_DAYS = 366

/** One day (`date`), or the local days `from` to `to` inclusive; today without either. */
export const TakingsQuery = z
  .strictObject({ date: LocalDate.optional(), from: LocalDate.optional(), to: LocalDate.optional() })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'from and to go together: the first and the last day', path: ['to'] })
  .refine((q) => q.date === undefined || q.from === undefined, { message: 'give a date, or from and to, not both', path: ['date'] })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'must be on or after from', path: ['to'] })

export const TakingsMethod = z.enum(['cash', 'card_terminal', 'online_card'])
export type TakingsMethod = z.infer<typeof TakingsMethod>

export const TakingsLine = z.object({
  method: TakingsMethod,
  /** Payments taken that day. */
  sales: z.number().int(),
  salesPence: z.number().int(),
  /** Payments given back that day (whenever they were taken). */
  refunds: z.number().int(),
  refundsPence: z.number().int(),
  /** salesPence less refundsPence. */
  netPence: z.number().int(),
  /** Of the sales, sessions paid at the desk (to be paid in the salon), and what they came to. */
  sessions: z.number().int(),
  sessionsPence: z.number().int(),
})
export type TakingsLine = z.infer<typeof TakingsLine>

export const TakingsResponse = z.object({
  /** The first day (the one day asked for, or `from`). */
  date: z.string(),
  from: z.string(),
  to: z.string(),
  /** Sessions of these days to be paid in the salon, not cancelled, and not yet paid: what is still to take. */
  unpaidSessions: z.object({ count: z.number().int(), pence: z.number().int() }),
  /** The days' cash-ups, by date. */
  cashUps: z.array(z.lazy(() => CashUp)),
  /** Always the three methods, in this order: cash, card_terminal, online_card. */
  methods: z.array(TakingsLine),
  totalPence: z.number().int(),
})
export type TakingsResponse = z.infer<typeof TakingsResponse>

/** POST /api/staff/counter/cash-up: the day closed at the desk, with the float and what was counted (integer pence). */
export const CashUpRequest = z.strictObject({
  /** The local day closed: today when not given. */
  date: LocalDate.optional(),
  floatPence: Pence('the float'),
  countedCashPence: Pence('the cash counted'),
  countedCardPence: Pence("the card terminal's total"),
  note: z.string({ message: 'must be a text' }).trim().max(500, { message: 'must be at most 500 characters' }).optional(),
})
export type CashUpRequest = z.infer<typeof CashUpRequest>

/** A day's cash-up: expected is the float and the day's net cash takings, and the day's net card-terminal takings, when it was closed. */
export const CashUp = z.object({
  date: z.string(),
  floatPence: z.number().int(),
  cash: z.object({ countedPence: z.number().int(), expectedPence: z.number().int(), differencePence: z.number().int() }),
  card: z.object({ countedPence: z.number().int(), expectedPence: z.number().int(), differencePence: z.number().int() }),
  note: z.string().nullable(),
  closedAt: z.string(),
  closedBy: z.string(),
  /** Net takings at the desk (cash and card terminal) of that day after it was closed. */
  afterPence: z.number().int(),
})
export type CashUp = z.infer<typeof CashUp>

export const CashUpResponse = z.object({ message: z.string(), cashUp: CashUp })
export type CashUpResponse = z.infer<typeof CashUpResponse>
