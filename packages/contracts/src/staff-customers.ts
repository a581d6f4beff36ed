import { NOTE_MAX_LENGTH } from './rules/note.ts'
import { z } from 'zod'
import { strictBody, unknownFieldsMessage } from './account.ts'
import { LedgerKind, LotSource } from './commerce.ts'
import { LocalDate } from './local-date.ts'
import { EMAIL_MAX_LENGTH } from './rules/email.ts'
import { PersonName, SkinTypeNumber, SunbedRule } from './staff-day.ts'

/**
 * The salon's customers as staff see them (docs/product.md §10.5): search, the customer's record, putting them on
 * hold, their data and erasing them. Instants are ISO 8601 with the shop's offset; money is integer pence.
 */

/** The most customers one search answers. */
export const CUSTOMER_SEARCH_LIMIT = 50

/** The staff's calls about one customer answer this (404) for another salon's customer, an erased one or none. */
export const NO_SUCH_CUSTOMER = 'There is no such customer at this salon.'

/** docs/product.md §8.5, §8.6: the refusal a customer on hold gets when booking or buying online. */
export const ACCOUNT_ON_HOLD_MESSAGE = 'Your account is on hold. Please contact the salon.'

/** GET /api/staff/customers?query= : part of a name, a mobile number however written, or part of an email address. */
export const CustomerSearchQuery = z.strictObject({
  query: z
    .string({ message: 'is required: type at least 2 characters of a name, a mobile number or an email address' })
    .trim()
    .min(2, { message: 'must be at least 2 characters of a name, a mobile number or an email address' })
    .max(100, { message: 'must be at most 100 characters' }),
})

/** online: the customer has an account on the website; in_salon: signed up at the salon only. */
export const CustomerAccountKind = z.enum(['online', 'in_salon'])
export type CustomerAccountKind = z.infer<typeof CustomerAccountKind>

export const CustomerSummary = z.object({
  sub: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** "Jo Bloggs"; "(no name)" when neither is known. */
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  skinType: z.number().int().nullable(),
  account: CustomerAccountKind,
  blocked: z.boolean(),
})
export type CustomerSummary = z.infer<typeof CustomerSummary>

export const CustomerSearchResponse = z.object({
  /** At most CUSTOMER_SEARCH_LIMIT, by last name then first name. */
  customers: z.array(CustomerSummary),
  /** True when more customers matched than are shown: type more of the name or number. */
  more: z.boolean(),
})
export type CustomerSearchResponse = z.infer<typeof CustomerSearchResponse>

export const StaffLot = z.object({
  id: z.string(),
  source: LotSource,
  label: z.string(),
  minutes: z.number().int(),
  remaining: z.number().int(),
  bedTypes: z.array(z.string()),
  /** The last local date the minutes can be used on. */
  lastDay: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
  at: z.string(),
})
export type StaffLot = z.infer<typeof StaffLot>

export const StaffCustomerBooking = z.object({
  id: z.string(),
  bed: z.string(),
  bedType: z.string(),
  date: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  minutes: z.number().int(),
  pricePence: z.number().int(),
  paidWith: z.string(),
  status: z.string(),
})
export type StaffCustomerBooking = z.infer<typeof StaffCustomerBooking>

export const StaffCustomerPurchase = z.object({
  paymentId: z.string(),
  /** offline or stripe (online card), cash or card_terminal (at the counter) */
  provider: z.string(),
  /** creating, pending, succeeded, refused, refunded, failed or cancelled */
  status: z.string(),
  /** package, session or minutes */
  purpose: z.string(),
  description: z.string(),
  amountPence: z.number().int(),
  discountPence: z.number().int(),
  promoCode: z.string().nullable(),
  at: z.string(),
  succeededAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** The member of staff who took a counter sale. */
  recordedBy: z.string().nullable(),
})
export type StaffCustomerPurchase = z.infer<typeof StaffCustomerPurchase>

export const StaffLedgerEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: LedgerKind,
  minutes: z.number().int(),
  description: z.string(),
  bookingId: z.string().nullable(),
  /** Why a member of staff made the change (a correction, a refund). */
  reason: z.string().nullable(),
  /** The member of staff who made it; null when the customer or the system did. */
  recordedBy: z.string().nullable(),
})
export type StaffLedgerEntry = z.infer<typeof StaffLedgerEntry>

/** GET /api/staff/customers/{sub} */
export const StaffCustomerResponse = z.object({
  customer: CustomerSummary.extend({
    dob: z.string().nullable(),
    createdAt: z.string(),
    /** The salon's own note about the customer, as its previous system kept it (an import, docs/product.md §10.5); null when none. */
    note: z.string().nullable(),
  }),
  /** The notes staff kept about the customer, newest first. */
  notes: z.array(z.lazy(() => CustomerNote)),
  /** The customer's marketing choices, read only: staff never change them. */
  consents: z.object({
    appMarketing: z.boolean(),
    appTimestamp: z.string().nullable(),
    masterMarketing: z.boolean(),
    masterTimestamp: z.string().nullable(),
  }),
  /** null unless the salon has put the customer on hold. */
  blocked: z.object({ at: z.string(), reason: z.string().nullable() }).nullable(),
  /** Minutes usable now: the ledger's sum. */
  balance: z.number().int(),
  /** Every lot, newest first. */
  lots: z.array(StaffLot),
  /** Upcoming soonest first; past (and cancelled) newest first. */
  bookings: z.object({ upcoming: z.array(StaffCustomerBooking), past: z.array(StaffCustomerBooking) }),
  /** Payments, newest first. */
  purchases: z.array(StaffCustomerPurchase),
  /** The ledger, newest first. */
  ledger: z.array(StaffLedgerEntry),
})
export type StaffCustomerResponse = z.infer<typeof StaffCustomerResponse>

/** POST /api/staff/customers: a customer signed up at the desk (the request is a walk-in's newcomer: NewInSalonCustomer). */
export const AddCustomerResponse = z.object({ message: z.string(), customer: CustomerSummary })
export type AddCustomerResponse = z.infer<typeof AddCustomerResponse>

/** A note a member of staff kept about the customer (docs/product.md §10.5): who wrote it, and when. */
export const CustomerNote = z.object({ id: z.string(), text: z.string(), by: z.string(), at: z.string() })
export type CustomerNote = z.infer<typeof CustomerNote>

/** POST /api/staff/customers/{sub}/notes: a note kept with the customer's record. */
export const CustomerNoteRequest = strictBody({
  text: z
    .string({ message: 'is required: the note' })
    .trim()
    .min(1, { message: 'is required: the note' })
    .max(NOTE_MAX_LENGTH, { message: `must be at most ${NOTE_MAX_LENGTH} characters` }),
})
export type CustomerNoteRequest = z.infer<typeof CustomerNoteRequest>

export const CustomerNoteResponse = z.object({ message: z.string(), note: CustomerNote })
export type CustomerNoteResponse = z.infer<typeof CustomerNoteResponse>

const Reason = z
  .string({ message: 'is required: say why, in a few words' })
  .trim()
  .min(1, { message: 'is required: say why, in a few words' })
  .max(500, { message: 'must be at most 500 characters' })

/** PUT /api/staff/customers/{sub}/block (owner only) */
export const BlockRequest = strictBody({ reason: Reason })
export type BlockRequest = z.infer<typeof BlockRequest>

export const BlockResponse = z.object({ sub: z.string(), blocked: z.object({ at: z.string(), reason: z.string().nullable() }).nullable() })
export type BlockResponse = z.infer<typeof BlockResponse>

/** DELETE /api/staff/customers/{sub} (owner only) */
export const EraseRequest = strictBody({ reason: Reason })
export type EraseRequest = z.infer<typeof EraseRequest>

export const EraseResponse = z.object({
  sub: z.string(),
  /** Whether the customer's online account went too (it stays while another salon still holds them). */
  accountDeleted: z.boolean(),
  message: z.string(),
})
export type EraseResponse = z.infer<typeof EraseResponse>

/** The details staff may correct at the desk (docs/product.md §10.5); consents stay the customer's own. */
export const CUSTOMER_DETAIL_FIELDS = ['firstName', 'lastName', 'phone', 'email', 'dob', 'skinType'] as const
export const CustomerDetailField = z.enum(CUSTOMER_DETAIL_FIELDS)
export type CustomerDetailField = z.infer<typeof CustomerDetailField>

/** The customer's own choices, which a correction at the desk refuses to touch. */
export const CONSENT_FIELDS = ['appMarketing', 'appTimestamp', 'masterMarketing', 'masterTimestamp', 'marketing', 'bookingTexts', 'bookingTextsChangedAt']

/** The refusals of a correction of a customer's details, word for word (docs/product.md §10.5). */
export const CUSTOMER_DETAILS_MESSAGES = {
  consents: "Marketing choices and booking texts are the customer's own: they change them in their account, never the salon.",
  nothing: 'Please send at least one detail to change: firstName, lastName, phone, email, dob or skinType.',
  phone: 'Please check the mobile number: it must be a mobile number, for example 07700 900123.',
  email: 'Please check the email address: it must be a valid email address, or empty to remove it.',
  dob: 'Please check the date of birth: it must be a real date in the past and no earlier than 1900.',
  phoneTaken: 'This mobile number belongs to another customer of the salon.',
  phoneTakenOnline: 'This mobile number is the sign-in of another online account, so it cannot be given to this customer.',
  emailNeeded: 'This customer has an online account, which needs an email address: please give the right one instead of removing it.',
  ownAccount:
    'This customer has an online account, so they change their name, mobile number, email, date of birth and skin type themselves, in their account. Please ask them to.',
} as const

/**
 * PUT /api/staff/customers/{sub}: a correction of the customer's details at the desk, any of them; a field left out
 * stays as it is, an email of "" or null is removed. By the sign-up's rules: names of 1 to 100 characters, a mobile
 * number, a real date of birth of someone 18 or over today, a skin type from 1 to 6.
 */
export const CustomerDetailsRequest = z
  .strictObject(
    {
      firstName: PersonName.optional(),
      lastName: PersonName.optional(),
      phone: z
        .string({ message: 'must be a mobile number, for example 07700 900123' })
        .max(40, { message: 'must be a mobile number, for example 07700 900123' })
        .optional(),
      email: z
        .string({ message: 'must be an email address, or empty to remove it' })
        .max(EMAIL_MAX_LENGTH, { message: `must be at most ${EMAIL_MAX_LENGTH} characters` })
        .nullable()
        .optional(),
      dob: LocalDate.optional(),
      skinType: SkinTypeNumber.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.some((key) => CONSENT_FIELDS.includes(key))
            ? CUSTOMER_DETAILS_MESSAGES.consents
            : unknownFieldsMessage(issue.keys)
          : undefined,
    },
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: CUSTOMER_DETAILS_MESSAGES.nothing })
export type CustomerDetailsRequest = z.infer<typeof CustomerDetailsRequest>

/** An upcoming session of the customer's that a corrected date of birth or skin type now breaks a rule of. */
export const BookingNowBreakingRules = z.object({
  id: z.string(),
  /** The session's local date (YYYY-MM-DD) and start (HH:MM). */
  date: z.string(),
  time: z.string(),
  bed: z.string(),
  problems: z.array(z.object({ rule: SunbedRule, message: z.string() })),
})
export type BookingNowBreakingRules = z.infer<typeof BookingNowBreakingRules>

export const CustomerDetailsResponse = z.object({
  message: z.string(),
  /** The fields whose values changed; none when the details were already so. */
  changed: z.array(CustomerDetailField),
  customer: CustomerSummary.extend({ dob: z.string().nullable() }),
  /** Upcoming sessions that now break a rule: staff move or cancel them; nothing is cancelled by itself. */
  bookingsBreakingRules: z.array(BookingNowBreakingRules),
})
export type CustomerDetailsResponse = z.infer<typeof CustomerDetailsResponse>
