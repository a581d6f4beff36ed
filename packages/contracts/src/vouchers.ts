import { z } from 'zod'
import { strictBody } from './account.ts'
import { Payment } from './commerce.ts'
import { LocalDate } from './local-date.ts'
import { isEmailAddress } from './rules/email.ts'
import { checkPhone } from './rules/phone.ts'
import { VOUCHER_MAX_AMOUNTS, VOUCHER_MAX_EXPIRY_MONTHS, VOUCHER_MAX_POUNDS, VOUCHER_MIN_EXPIRY_MONTHS, VOUCHER_MIN_POUNDS } from './rules/vouchers.ts'

/** Gift vouchers' calls (docs/decisions/042-gift-vouchers.md). Money is integer pence; dates the shop's local dates. */

const WholePounds = z
  .number()
  .int()
  .min(VOUCHER_MIN_POUNDS * 100, { message: `must be at least £${VOUCHER_MIN_POUNDS}` })
  .max(VOUCHER_MAX_POUNDS * 100, { message: `must be at most £${VOUCHER_MAX_POUNDS}` })
  .refine((pence) => pence % 100 === 0, { message: 'must be a whole number of pounds' })

/** The owner's voucher settings. */
export const VoucherSettings = z.object({
  amountsPence: z
    .array(WholePounds)
    .min(1, { message: 'must offer at least one amount' })
    .max(VOUCHER_MAX_AMOUNTS, { message: `must offer at most ${VOUCHER_MAX_AMOUNTS} amounts` }),
  packagesAsGifts: z.boolean(),
  expiryMonths: z
    .number()
    .int()
    .min(VOUCHER_MIN_EXPIRY_MONTHS, { message: `must be at least ${VOUCHER_MIN_EXPIRY_MONTHS} months` })
    .max(VOUCHER_MAX_EXPIRY_MONTHS, { message: `must be at most ${VOUCHER_MAX_EXPIRY_MONTHS} months` }),
})
export type VoucherSettings = z.infer<typeof VoucherSettings>
export const VoucherSettingsRequest = strictBody(VoucherSettings.shape)

/** GET gift_vouchers: what a voucher may be bought for. */
export const VoucherOptions = VoucherSettings.extend({
  packages: z.array(z.object({ id: z.string(), name: z.string(), pricePence: z.number().int() })),
})
export type VoucherOptions = z.infer<typeof VoucherOptions>

const Name = z.string().trim().min(1, { message: 'is required' }).max(60, { message: 'must be at most 60 characters' })

/** POST gift_vouchers: a voucher for an amount (or a package as a gift), to be paid by card and sent on its day. */
export const VoucherCheckoutRequest = strictBody({
  amountPence: z.number().int().optional(),
  packageId: z.string().min(1).max(64).optional(),
  fromName: Name,
  recipientName: Name,
  recipientPhone: z
    .string()
    .max(40)
    .refine((v) => checkPhone(v).ok, { message: 'must be a mobile number' })
    .optional(),
  recipientEmail: z
    .string()
    .trim()
    .max(254)
    .refine((v) => isEmailAddress(v), { message: 'must be an email address' })
    .optional(),
  message: z.string().trim().max(300, { message: 'must be at most 300 characters' }).optional(),
  sendOn: LocalDate,
})
  .refine((v) => (v.amountPence === undefined) !== (v.packageId === undefined), { message: 'Choose an amount or a package, not both.' })
  .refine((v) => v.recipientPhone !== undefined || v.recipientEmail !== undefined, {
    message: 'Please give the mobile number or the email address to send the voucher to.',
  })
export type VoucherCheckoutRequest = z.input<typeof VoucherCheckoutRequest>

export const VoucherStatus = z.enum(['awaiting_payment', 'issued', 'void'])

/** A voucher as its buyer sees it after paying: no code (the recipient gets it). */
export const BoughtVoucher = z.object({
  id: z.string(),
  status: VoucherStatus,
  valuePence: z.number().int(),
  recipientName: z.string(),
  sendOn: z.string().nullable(),
  /** The last day it can be used on, once issued. */
  lastDay: z.string().nullable(),
  message: z.string(),
})
export type BoughtVoucher = z.infer<typeof BoughtVoucher>

export const VoucherCheckoutResponse = z.object({ payment: Payment, voucher: BoughtVoucher })
export type VoucherCheckoutResponse = z.infer<typeof VoucherCheckoutResponse>

export const VoucherCodeText = z.string().max(40, { message: 'must be a voucher code' })
export const RedeemVoucherRequest = strictBody({ code: VoucherCodeText })

/** Credit in pounds from redeemed vouchers, with each part's last day. */
export const CreditResponse = z.object({
  creditPence: z.number().int(),
  lots: z.array(z.object({ id: z.string(), amountPence: z.number().int(), remainingPence: z.number().int(), lastDay: z.string() })),
})
export type CreditResponse = z.infer<typeof CreditResponse>

export const RedeemVoucherResponse = CreditResponse.extend({ message: z.string() })
export type RedeemVoucherResponse = z.infer<typeof RedeemVoucherResponse>

/** POST p_account/credit/purchase: a package paid for wholly from credit. */
export const CreditPurchaseRequest = strictBody({ packageId: z.string().min(1).max(64) })
export const CreditPurchaseResponse = CreditResponse.extend({ message: z.string(), created: z.boolean() })
export type CreditPurchaseResponse = z.infer<typeof CreditPurchaseResponse>

/** POST staff/customers/{sub}/credit/purchase: the desk buys a package for a customer with their credit, as they can online. */
export const DeskCreditPurchaseRequest = strictBody({
  packageId: z.string().min(1).max(64),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, { message: 'must be 16 to 100 letters, digits, dashes or underscores' }),
})
export type DeskCreditPurchaseRequest = z.infer<typeof DeskCreditPurchaseRequest>

/** POST staff/vouchers/sales: a voucher sold at the desk, for cash or on the card terminal. */
export const DeskVoucherSaleRequest = strictBody({
  method: z.enum(['cash', 'card_terminal'], { message: 'must be cash or card_terminal' }),
  amountPence: WholePounds.optional(),
  packageId: z.string().min(1).max(64).optional(),
  recipientName: z.string().trim().max(60).optional(),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, { message: 'must be 16 to 100 letters, digits, dashes or underscores' }),
}).refine((v) => (v.amountPence === undefined) !== (v.packageId === undefined), { message: 'Choose an amount or a package, not both.' })

/** A voucher sold at the desk, to print: the code is answered once, by the sale that made it. */
export const DeskVoucherSale = z.object({
  paymentId: z.string(),
  voucherId: z.string(),
  /** ABCD-EFGH-JKMN-PQRS; null when this answers a repeat of the sale's key (the code is kept only as its hash). */
  code: z.string().nullable(),
  valuePence: z.number().int(),
  lastDay: z.string(),
  recipientName: z.string(),
  message: z.string(),
})
export type DeskVoucherSale = z.infer<typeof DeskVoucherSale>

/** A voucher as the desk sees it when a customer hands one over. */
export const DeskVoucher = z.object({
  voucherId: z.string(),
  codeEnd: z.string(),
  status: z.enum(['awaiting_payment', 'issued', 'void', 'expired', 'used']),
  valuePence: z.number().int(),
  remainingPence: z.number().int(),
  lastDay: z.string().nullable(),
})
export type DeskVoucher = z.infer<typeof DeskVoucher>

export const DeskVoucherLookupRequest = strictBody({ code: VoucherCodeText })
/** POST staff/vouchers/redemptions: part or all of a voucher's value taken against a sale at the desk. */
export const DeskVoucherRedeemRequest = strictBody({
  code: VoucherCodeText,
  amountPence: z.number().int().min(1, { message: 'must be at least 1p' }),
  /** The customer the sale is for, when they have a record. */
  sub: z.uuid({ message: 'must be a customer id' }).optional(),
})
export const DeskVoucherRedeemResponse = DeskVoucher.extend({ message: z.string() })
export type DeskVoucherRedeemResponse = z.infer<typeof DeskVoucherRedeemResponse>

/** A voucher in the owner's list: never its code, only its last four characters to tell it apart. */
export const StaffVoucher = z.object({
  id: z.string(),
  codeEnd: z.string(),
  /** online (bought by card on the site) or desk (sold at the counter). */
  soldAt: z.enum(['online', 'desk']),
  /** When it was issued: paid for online, or sold at the desk. */
  issuedAt: z.string(),
  valuePence: z.number().int(),
  remainingPence: z.number().int(),
  lastDay: z.string().nullable(),
  status: DeskVoucher.shape.status,
  recipientName: z.string(),
})
export type StaffVoucher = z.infer<typeof StaffVoucher>
/** GET staff/vouchers: the vouchers issued, the newest first (at most `limit`). */
export const StaffVouchersResponse = z.object({ vouchers: z.array(StaffVoucher), limit: z.number().int() })
export type StaffVouchersResponse = z.infer<typeof StaffVouchersResponse>

/** A month of the shop's local calendar, YYYY-MM. */
const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month as YYYY-MM' })
export const VoucherReportQuery = strictBody({ from: Month, to: Month }).refine((q) => q.from <= q.to, {
  message: 'from must not be after to',
  path: ['from'],
})
export type VoucherReportQuery = z.infer<typeof VoucherReportQuery>

/** One month of the vouchers report, in pence: what the salon owes on vouchers, and how it moved. */
export const VoucherReportMonth = z.object({
  month: z.string(),
  /** Vouchers issued in the month (paid for online, or sold at the desk): how many, and their value. */
  soldCount: z.number().int(),
  soldPence: z.number().int(),
  /** Taken from vouchers in the month: into customers' credit, or at the desk. */
  redeemedPence: z.number().int(),
  /** Left unspent on vouchers whose last day ended in the month. */
  expiredPence: z.number().int(),
  /** Left on vouchers refunded in the month, given back. */
  refundedPence: z.number().int(),
  /** Owed on vouchers at the month's end (or now, for the month under way): the liability. */
  outstandingPence: z.number().int(),
})
export const VoucherReport = z.object({ months: z.array(VoucherReportMonth) })
export type VoucherReport = z.infer<typeof VoucherReport>
