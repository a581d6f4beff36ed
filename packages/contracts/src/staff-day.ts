import { z } from 'zod'
import { LocalTime, SessionMinutes } from './booking.ts'
import { LocalDate } from './local-date.ts'
import { EMAIL_MAX_LENGTH } from './rules/email.ts'
import { NAME_MAX_LENGTH } from './rules/name.ts'
import { PhotoIdCheckInput } from './staff-photo-id.ts'
import { HealthAnswersRequest } from './sunbed-safety.ts'

/**
 * The day sheet and walk-ins (docs/product.md §10.2): the staff calls under /api/staff/ that show a day's sessions,
 * mark them attended or no-show, cancel and move them on a customer's behalf, and book a walk-in or phone customer.
 * Dates and wall-clock times are the shop's local ones; instants are ISO 8601 with the shop's offset.
 */

/** GET /api/staff/day?date=YYYY-MM-DD; without a date, today in the shop's time zone. */
export const DaySheetQuery = z.object({ date: LocalDate.optional() })
export type DaySheetQuery = z.infer<typeof DaySheetQuery>

/** pending: held while its card payment is made; no_show: the customer did not come. */
export const DaySheetStatus = z.enum(['pending', 'booked', 'attended', 'no_show', 'cancelled'])
export type DaySheetStatus = z.infer<typeof DaySheetStatus>

/**
 * How a session is paid. balance: from the customer's minutes (nothing is due). in_salon: the price is taken at the
 * desk. card: paid online when booked; `state` says whether the money came (paid), is awaited while the bed is held
 * (pending), went back to the card or is on its way back after a cancellation (refunded), or never came (unpaid: a hold
 * let go).
 */
/** How a session to be paid in the salon was paid at the desk (docs/product.md §10.2). */
export const DeskPaymentMethod = z.enum(['cash', 'card_terminal', 'balance', 'credit'], { message: 'must be cash, card_terminal, balance or credit' })
export type DeskPaymentMethod = z.infer<typeof DeskPaymentMethod>

/** A payment taken at the desk: how, when (ISO 8601 with offset) and by whom. */
export const DeskPaid = z.object({ method: DeskPaymentMethod, at: z.string(), by: z.string() })
export type DeskPaid = z.infer<typeof DeskPaid>

export const DaySheetPayment = z.discriminatedUnion('method', [
  /** `paidAtDesk`: a session to be paid in the salon, paid from the balance at the desk; null when booked on the balance. */
  z.object({ method: z.literal('balance'), minutes: z.number().int(), paidAtDesk: DeskPaid.nullable() }),
  /** `paidAtDesk`: null while it is still to be paid. */
  z.object({ method: z.literal('in_salon'), pricePence: z.number().int(), paidAtDesk: DeskPaid.nullable() }),
  z.object({ method: z.literal('membership'), minutes: z.number().int() }),
  /** Paid with gift voucher credit: `paidAtDesk` when the desk took it, null when the customer paid so online. */
  z.object({ method: z.literal('credit'), pricePence: z.number().int(), paidAtDesk: DeskPaid.nullable() }),
  z.object({ method: z.literal('card'), pricePence: z.number().int(), state: z.enum(['paid', 'pending', 'refunded', 'unpaid']) }),
])
export type DaySheetPayment = z.infer<typeof DaySheetPayment>

export const DaySheetCustomer = z.object({
  sub: z.string(),
  /** First and last name as the salon holds them; "Deleted account" when the customer erased their details. */
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** E.164, or null when unknown or erased. */
  phone: z.string().nullable(),
  /** Fitzpatrick type 1–6, or null when not recorded. */
  skinType: z.number().int().nullable(),
  /** Whether the customer can sign in online: false for a customer signed up at the salon who has not yet made their account. */
  onlineAccount: z.boolean(),
})
export type DaySheetCustomer = z.infer<typeof DaySheetCustomer>

export const DaySheetBooking = z.object({
  id: z.string(),
  bed: z.object({ id: z.string(), name: z.string(), type: z.string() }),
  date: z.string(),
  /** HH:MM, local */
  time: z.string(),
  /** HH:MM, local */
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  minutes: z.number().int(),
  status: DaySheetStatus,
  customer: DaySheetCustomer,
  payment: DaySheetPayment,
  /** The member of staff who booked it at the salon; null when the customer booked online. */
  bookedBy: z.object({ sub: z.string(), name: z.string() }).nullable(),
  /** Why the owner let it past a sunbed rule; null when no rule was overridden. */
  overrideReason: z.string().nullable(),
  /** For a cancelled session: when (ISO 8601 with offset); otherwise null. */
  cancelledAt: z.string().nullable(),
})
export type DaySheetBooking = z.infer<typeof DaySheetBooking>

export const DaySheetBed = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  active: z.boolean(),
  /** Its times out of service that meet the day, soonest first: from and until with the shop's offset, and why. */
  outOfService: z.array(z.object({ id: z.string(), from: z.string(), until: z.string(), reason: z.string() })),
})
export type DaySheetBed = z.infer<typeof DaySheetBed>

export const DaySheetResponse = z.object({
  date: z.string(),
  /** The day's opening hours (its special hours when it has some, else the weekday's); null when the salon does not open on that weekday. */
  hours: z.object({ opensAt: z.string(), closesAt: z.string() }).nullable(),
  /** Set when the salon is shut that day (a bank holiday, a refit). */
  closure: z.object({ reason: z.string() }).nullable(),
  /** Set when `hours` are the date's special opening hours, with the owner's reason (docs/decisions/039). */
  special: z.object({ reason: z.string() }).nullable(),
  /** Every bed of the salon, in its order, the inactive ones too (marked). */
  beds: z.array(DaySheetBed),
  /** The day's sessions that are not cancelled, by start time then bed. */
  bookings: z.array(DaySheetBooking),
  /** The day's cancelled sessions, by start time. */
  cancelled: z.array(DaySheetBooking),
})
export type DaySheetResponse = z.infer<typeof DaySheetResponse>

export const StaffBookingResponse = z.object({ booking: DaySheetBooking })
export type StaffBookingResponse = z.infer<typeof StaffBookingResponse>

/** A change with a sentence for the staff member saying what happened (minutes back, card refunded, customer texted). */
export const StaffBookingChangeResponse = z.object({ message: z.string(), booking: DaySheetBooking })
export type StaffBookingChangeResponse = z.infer<typeof StaffBookingChangeResponse>

/** PUT /api/staff/bookings/{id}/status: booked undoes a mark made by mistake. */
export const BookingMarkRequest = z.strictObject({
  status: z.enum(['attended', 'no_show', 'booked'], { message: "must be 'attended', 'no_show' or 'booked'" }),
})
export type BookingMarkRequest = z.infer<typeof BookingMarkRequest>

/** The longest reason or note staff may write. */
export const REASON_MAX_LENGTH = 500
const Reason = z.string({ message: 'must be a text' }).max(REASON_MAX_LENGTH, { message: `must be at most ${REASON_MAX_LENGTH} characters` })

/** POST /api/staff/bookings/{id}/cancel: cancelled on the customer's behalf, whatever the cut-off. */
export const StaffCancelRequest = z.strictObject({ reason: Reason.optional() })
export type StaffCancelRequest = z.infer<typeof StaffCancelRequest>

/** POST /api/staff/bookings/{id}/payment: a session to be paid in the salon, paid at the desk. */
export const TakePaymentRequest = z.strictObject({ method: DeskPaymentMethod })
export type TakePaymentRequest = z.infer<typeof TakePaymentRequest>

/** POST /api/staff/bookings/{id}/payment/undo: the owner undoes a payment taken by mistake, saying why. */
export const UndoPaymentRequest = z.strictObject({
  reason: Reason.refine((value) => value.trim().length > 0, { message: 'must say why the payment is undone' }),
})
export type UndoPaymentRequest = z.infer<typeof UndoPaymentRequest>

/** The owner's permission to let a booking past a sunbed rule (never the age rule), with the reason recorded. */
export const Override = z.strictObject({
  reason: Reason.refine((value) => value.trim().length > 0, { message: 'must say why the rule is overridden' }),
})
export type Override = z.infer<typeof Override>

const BedId = z.string().min(1, { message: 'must name a sunbed' }).max(64, { message: 'must be at most 64 characters' })

/**
 * POST /api/staff/bookings/{id}/move: the same customer and payment at a new bed, day or time. `minutes` may change
 * only for a session paid in the salon (its price follows); a balance- or card-paid one keeps its minutes and its
 * bed type.
 */
export const StaffMoveRequest = z.strictObject({
  bedId: BedId,
  date: LocalDate,
  time: LocalTime,
  minutes: SessionMinutes.optional(),
  override: Override.optional(),
})
export type StaffMoveRequest = z.infer<typeof StaffMoveRequest>

/** A first or last name as the desk takes it: 1 to 100 characters once trimmed. */
export const PersonName = z
  .string({ message: 'is required' })
  .trim()
  .min(1, { message: 'is required' })
  .max(NAME_MAX_LENGTH, { message: `must be at most ${NAME_MAX_LENGTH} characters` })

/** A Fitzpatrick skin type, 1 to 6. */
export const SkinTypeNumber = z
  .number({ message: 'must be a skin type from 1 to 6' })
  .int({ message: 'must be a skin type from 1 to 6' })
  .min(1, { message: 'must be a skin type from 1 to 6' })
  .max(6, { message: 'must be a skin type from 1 to 6' })

/** A customer new to the salon, signed up at the desk: they make their online account later with the same number. */
export const NewInSalonCustomer = z.strictObject({
  firstName: PersonName,
  lastName: PersonName,
  phone: z.string({ message: 'is required' }).max(40, { message: 'must be a mobile number, for example 07700 900123' }),
  dob: LocalDate,
  skinType: SkinTypeNumber,
  email: z
    .string()
    .max(EMAIL_MAX_LENGTH, { message: `must be at most ${EMAIL_MAX_LENGTH} characters` })
    .optional(),
  /** The health questions gone through with the customer at the desk (docs/product.md §4.15): without them the booking is refused. */
  health: HealthAnswersRequest.optional(),
})
export type NewInSalonCustomer = z.infer<typeof NewInSalonCustomer>

/** POST /api/staff/bookings: a walk-in or phone booking, for a customer of the salon or a new one. */
export const WalkInRequest = z.strictObject({
  customer: z.union([z.strictObject({ sub: z.uuid({ message: 'must be a customer id' }) }), z.strictObject({ new: NewInSalonCustomer })], {
    message: 'must be { sub } for a customer of the salon or { new: { firstName, lastName, phone, dob, skinType, email? } }',
  }),
  bedId: BedId,
  date: LocalDate,
  time: LocalTime,
  minutes: SessionMinutes,
  paidWith: z.enum(['balance', 'in_salon'], { message: "must be 'balance' or 'in_salon'" }),
  override: Override.optional(),
  /** The photo ID checked at the desk: needed while no check has confirmed the customer's date of birth (a new customer's always). */
  idCheck: PhotoIdCheckInput.optional(),
})
export type WalkInRequest = z.infer<typeof WalkInRequest>

/**
 * The rules a staff booking or move may be refused by (the refusal's `rule`); `overridable` says whether the owner
 * may let it past with a reason. The age rule and one session a day never are.
 */
export const SunbedRule = z.enum([
  'under-18',
  'no-date-of-birth',
  'no-skin-type',
  'skin-type-1',
  'one-a-day',
  'too-close',
  'first-session',
  'bed-minutes',
  'opening-hours',
  // Sunbed safety (docs/product.md §4.15): the health questions and a reaction awaiting clearance are never overridden.
  'health-questions',
  'health-answer-yes',
  'reaction-clearance',
  'skin-reaction',
  'reaction-cap',
  'yearly-limit',
])
export type SunbedRule = z.infer<typeof SunbedRule>
