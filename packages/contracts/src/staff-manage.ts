import { z } from 'zod'
import { normaliseVatNumber, VAT_NUMBER_MESSAGE } from './rules/vat.ts'
import { LocalTime } from './booking.ts'
import { LocalDate, localDateProblem } from './local-date.ts'
import { addDays, isCalendarDate } from './dates.ts'
import { isEmailAddress } from './rules/email.ts'
import { isPictureAddress, PICTURE_ADDRESS_MESSAGE } from './rules/picture-address.ts'

/**
 * The owner's management of the salon's schedule under /api/staff/ (docs/product.md §10.4): its details and opening
 * hours, closures, sunbeds and their times out of service, and the booking rules. Dates and wall-clock times are the
 * shop's local ones; instants are ISO 8601 with the offset in force in the shop's time zone.
 */

const text = (min: number, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .max(max * 4, { message: `must be at most ${max} characters` })
    .trim()
    .min(min, { message: min === 1 ? 'is required' : `must be at least ${min} characters` })
    .max(max, { message: `must be at most ${max} characters` })

/** A whole number in a range, with one message for every way of missing it. */
const whole = (min: number, max: number, unit: string) => {
  const message = `must be a whole number of ${unit} from ${min} to ${max}`
  return z.number({ message }).int({ message }).min(min, { message }).max(max, { message })
}

/* ---------- The salon's details and opening hours (shop module) ---------- */

/** A UK postcode's shape: outward code (area, district) and inward code (sector, unit), e.g. SK10 1AB, M1 1AE, EC1A 1BB. */
const POSTCODE = /^([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][A-Z]{2})$/

/** A postcode as Royal Mail writes it: capitals, one space before the inward code. */
export function normalisePostcode(value: string): string | null {
  const match = POSTCODE.exec(value.trim().toUpperCase().replace(/\s+/g, ' '))
  return match ? `${match[1]} ${match[2]}` : null
}

export const SalonDetails = z.strictObject({
  name: text(1, 100),
  tagline: text(0, 200),
  addressLine1: text(1, 100),
  addressLine2: text(0, 100),
  town: text(1, 60),
  postcode: z
    .string({ message: 'must be text' })
    .max(20, { message: 'must be a UK postcode, for example SK10 1AB' })
    .refine((v) => normalisePostcode(v) !== null, { message: 'must be a UK postcode, for example SK10 1AB' })
    .transform((v) => normalisePostcode(v)!),
  /** The salon's number as customers call it: a landline is fine. */
  phone: text(1, 20).refine((v) => /^\+?[0-9 ()-]{10,20}$/.test(v) && v.replace(/\D/g, '').length >= 10, {
    message: 'must be a phone number, for example 01625 123456',
  }),
  email: text(1, 254).refine(isEmailAddress, { message: 'must be an email address, for example hello@example.co.uk' }),
  /**
   * The salon's VAT registration number: its receipts show VAT only when it is set. Empty or null: not registered;
   * left out: kept as it is.
   */
  vatNumber: z
    .union([z.string({ message: VAT_NUMBER_MESSAGE }).max(30, { message: VAT_NUMBER_MESSAGE }), z.null()], { message: VAT_NUMBER_MESSAGE })
    .optional()
    .refine((v) => v === undefined || v === null || v.trim() === '' || normaliseVatNumber(v) !== null, { message: VAT_NUMBER_MESSAGE })
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : normaliseVatNumber(v))),
})
export type SalonDetails = z.infer<typeof SalonDetails>

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** Opening and closing times fall on a five-minute grid (09:00, 09:05 …), so slots counted from opening line up. */
export const HOURS_GRID_MINUTES = 5

export const OpeningDay = z.strictObject({
  /** 0 = Sunday … 6 = Saturday */
  weekday: z
    .number({ message: 'must be a weekday from 0 (Sunday) to 6 (Saturday)' })
    .int({ message: 'must be a weekday from 0 (Sunday) to 6 (Saturday)' })
    .min(0, { message: 'must be a weekday from 0 (Sunday) to 6 (Saturday)' })
    .max(6, { message: 'must be a weekday from 0 (Sunday) to 6 (Saturday)' }),
  opensAt: LocalTime,
  closesAt: LocalTime,
})
export type OpeningDay = z.infer<typeof OpeningDay>

const isTime = (time: string) => LocalTime.safeParse(time).success
const onGrid = (time: string) => Number(time.slice(3, 5)) % HOURS_GRID_MINUTES === 0

/** A week's opening hours: one entry per open weekday, on the five-minute grid, each closing after it opens. */
export const OpeningWeek = z
  .array(OpeningDay, { message: 'must be a list of opening days' })
  .max(7, { message: 'must have at most one entry per weekday' })
  .superRefine((hours, ctx) => {
    const seen = new Set<number>()
    hours.forEach((day, i) => {
      const name = WEEKDAYS[day.weekday]
      // A weekday out of range has its own issue already.
      if (!name) return
      if (seen.has(day.weekday)) ctx.addIssue({ code: 'custom', path: [i, 'weekday'], message: `names ${name} twice` })
      seen.add(day.weekday)
      // A time not written HH:MM has its own issue already.
      if (!isTime(day.opensAt) || !isTime(day.closesAt)) return
      for (const key of ['opensAt', 'closesAt'] as const) {
        if (!onGrid(day[key])) {
          ctx.addIssue({ code: 'custom', path: [i, key], message: `must be on a ${HOURS_GRID_MINUTES}-minute mark (${name}: ${day[key]})` })
        }
      }
      if (day.opensAt >= day.closesAt) {
        ctx.addIssue({ code: 'custom', path: [i, 'closesAt'], message: `must be after the opening time (${name} opens at ${day.opensAt})` })
      }
    })
  })

/** PUT /api/staff/salon/hours: the whole week at once; a weekday left out is closed. */
export const OpeningHoursRequest = z.strictObject({ hours: OpeningWeek })
export type OpeningHoursRequest = z.infer<typeof OpeningHoursRequest>

/** GET /api/staff/salon: what the owner edits, as it is now. */
export const SalonSettings = z.object({
  details: SalonDetails,
  timeZone: z.string(),
  /** The days the salon opens, Sunday first; a weekday missing is closed. */
  openingHours: z.array(OpeningDay),
})
export type SalonSettings = z.infer<typeof SalonSettings>

/* ---------- Bookings a change hits (booking module) ---------- */

/**
 * A session still to come that a closure, a retired bed or a time out of service falls on: it is not cancelled, so
 * the salon can call the customer to move it.
 */
export const HitBooking = z.object({
  id: z.string(),
  date: z.string(),
  /** HH:MM, local */
  time: z.string(),
  minutes: z.number().int(),
  status: z.string(),
  customerName: z.string(),
  phone: z.string().nullable(),
  bed: z.object({ id: z.string(), name: z.string() }),
})
export type HitBooking = z.infer<typeof HitBooking>

/* ---------- Closures ---------- */

/** The longest closure made at once: a year and a day. */
export const CLOSURE_MAX_DAYS = 366

const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1

/** POST /api/staff/closures: one day (`from` alone) or the days from `from` to `to`, inclusive. */
export const ClosureRequest = z.strictObject({ from: LocalDate, to: LocalDate.optional(), reason: text(1, 200) }).superRefine((value, ctx) => {
  if (!value.to || !isCalendarDate(value.from) || !isCalendarDate(value.to)) return
  if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' })
  else if (dayCount(value.from, value.to) > CLOSURE_MAX_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `must be at most ${CLOSURE_MAX_DAYS} days after from, counting both (at most ${addDays(value.from, CLOSURE_MAX_DAYS - 1)})`,
    })
  }
})
export type ClosureRequest = z.infer<typeof ClosureRequest>

export const Closure = z.object({ date: z.string(), reason: z.string() })
export type Closure = z.infer<typeof Closure>

/** GET /api/staff/closures: today's and later closures, soonest first. */
export const ClosuresResponse = z.object({ closures: z.array(Closure) })
export type ClosuresResponse = z.infer<typeof ClosuresResponse>

/** POST /api/staff/closures: the days closed, and the sessions on them for the salon to move (none is cancelled). */
export const ClosureResponse = z.object({ closures: z.array(Closure), hit: z.array(HitBooking) })
export type ClosureResponse = z.infer<typeof ClosureResponse>

/* ---------- Special opening hours for a date ---------- */

/**
 * PUT /api/staff/special-hours/{date}: the salon opens at these hours on the date instead of its weekday's (a late
 * night before Christmas, a short Christmas Eve), on the five-minute grid, closing after it opens. A closure of the
 * date is replaced by them (docs/decisions/039).
 */
export const SpecialHoursRequest = z.strictObject({ opensAt: LocalTime, closesAt: LocalTime, reason: text(1, 200) }).superRefine((value, ctx) => {
  // A time not written HH:MM has its own issue already.
  if (!isTime(value.opensAt) || !isTime(value.closesAt)) return
  for (const key of ['opensAt', 'closesAt'] as const) {
    if (!onGrid(value[key])) ctx.addIssue({ code: 'custom', path: [key], message: `must be on a ${HOURS_GRID_MINUTES}-minute mark (${value[key]})` })
  }
  if (value.opensAt >= value.closesAt) {
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: `must be after the opening time (${value.opensAt})` })
  }
})
export type SpecialHoursRequest = z.infer<typeof SpecialHoursRequest>

/** A date's special opening hours, local. */
export const SpecialHours = z.object({ date: z.string(), opensAt: z.string(), closesAt: z.string(), reason: z.string() })
export type SpecialHours = z.infer<typeof SpecialHours>

/** GET /api/staff/special-hours: today's and later special hours, soonest first. */
export const SpecialHoursListResponse = z.object({ specialHours: z.array(SpecialHours) })
export type SpecialHoursListResponse = z.infer<typeof SpecialHoursListResponse>

/**
 * PUT /api/staff/special-hours/{date}: the date's hours as saved, the closure they replaced (null when the date was
 * not closed), and the sessions on the date that fall outside them, for the salon to move (none is cancelled).
 */
export const SpecialHoursResponse = z.object({ specialHours: SpecialHours, replacedClosure: Closure.nullable(), hit: z.array(HitBooking) })
export type SpecialHoursResponse = z.infer<typeof SpecialHoursResponse>

/* ---------- Sunbeds ---------- */

/** The sunbed pictures the web app has; a bed shows one of them. */
export const BED_PICTURES = [
  '/images/beds/bed-solara-classic-24.svg',
  '/images/beds/bed-aurelia-x9.svg',
  '/images/beds/bed-vertica-44.svg',
  '/images/beds/bed-skyline-v360.svg',
  '/images/beds/bed-helios-hp12.svg',
] as const

export const BedRequest = z
  .strictObject({
    name: text(1, 60),
    /** The code of one of the salon's bed types (its price per minute comes from the type). */
    type: text(1, 64),
    description: text(0, 500),
    features: z.array(text(1, 80), { message: 'must be a list of short texts' }).max(12, { message: 'must have at most 12 entries' }),
    // Where any picture may come from first (rules/picture-address.ts), then the sunbed pictures the web app has.
    picture: z
      .string({ message: PICTURE_ADDRESS_MESSAGE })
      .refine(isPictureAddress, { message: PICTURE_ADDRESS_MESSAGE, abort: true })
      .pipe(z.enum(BED_PICTURES, { message: `must be one of the sunbed pictures: ${BED_PICTURES.join(', ')}` })),
    minMinutes: whole(1, 60, 'minutes'),
    maxMinutes: whole(1, 60, 'minutes'),
    cleaningBufferMinutes: whole(0, 60, 'minutes'),
  })
  .refine((bed) => bed.minMinutes <= bed.maxMinutes, { path: ['maxMinutes'], message: 'must be at least minMinutes' })
export type BedRequest = z.infer<typeof BedRequest>

/** A time a bed is out of service, from and until as instants in the shop's zone. */
export const OutOfServicePeriod = z.object({ id: z.string(), from: z.string(), until: z.string(), reason: z.string() })
export type OutOfServicePeriod = z.infer<typeof OutOfServicePeriod>

export const StaffBed = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  picture: z.string(),
  minMinutes: z.number().int(),
  maxMinutes: z.number().int(),
  cleaningBufferMinutes: z.number().int(),
  /** false once retired: kept for its past sessions, taking no new ones. */
  active: z.boolean(),
  /** Periods out of service that have not ended yet, soonest first. */
  outOfService: z.array(OutOfServicePeriod),
})
export type StaffBed = z.infer<typeof StaffBed>

/** GET /api/staff/beds: every bed (retired ones too), the bed types a bed may have, and the pictures it may show. */
export const BedsResponse = z.object({
  beds: z.array(StaffBed),
  bedTypes: z.array(z.object({ code: z.string(), name: z.string() })),
  pictures: z.array(z.string()),
})
export type BedsResponse = z.infer<typeof BedsResponse>

/** A bed added, changed or retired, or given a time out of service, and the sessions still to come that it hits. */
export const BedChangeResponse = z.object({ bed: StaffBed, hit: z.array(HitBooking) })
export type BedChangeResponse = z.infer<typeof BedChangeResponse>

/** A local date and time in the shop's zone, as a datetime-local field gives it. */
export const LocalDateTime = z
  .string({ message: 'must be a date and time written YYYY-MM-DDTHH:MM' })
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a date and time written YYYY-MM-DDTHH:MM' })
  // Its date is held to the one rule for local dates (local-date.ts).
  .superRefine((v, ctx) => {
    const problem = /^\d{4}-\d{2}-\d{2}T/.test(v) ? localDateProblem(v.slice(0, 10)) : null
    if (problem) ctx.addIssue({ code: 'custom', message: `${problem} and time` })
  })

/** POST /api/staff/beds/{id}/out-of-service: from and until in the salon's local time. */
export const OutOfServiceRequest = z
  .strictObject({ from: LocalDateTime, until: LocalDateTime, reason: text(1, 200) })
  .refine((v) => v.until > v.from, { path: ['until'], message: 'must be after from' })
export type OutOfServiceRequest = z.infer<typeof OutOfServiceRequest>

/* ---------- Booking rules ---------- */

/** The booking rules as the owner edits them; the ranges mirror the booking_rules table's checks (plus sane tops). */
export const BookingRulesBody = z.strictObject({
  slotStepMinutes: whole(1, 240, 'minutes'),
  leadTimeMinutes: whole(0, 10_080, 'minutes'),
  horizonDays: whole(0, 366, 'days'),
  cancellationCutoffMinutes: whole(0, 10_080, 'minutes'),
  firstSessionMaxMinutes: whole(1, 60, 'minutes'),
  minHoursBetweenSessions: whole(0, 720, 'hours'),
  payInSalon: z.boolean({ message: 'must be true or false' }),
  /** A session the balance does not cover is paid by card when booked, its bed held meanwhile. */
  payUpFront: z.boolean({ message: 'must be true or false' }),
  /** How long before a session its reminder is sent (docs/product.md §4.14); 0 sends none. Left out: unchanged (24 at first). */
  reminderHoursBefore: whole(0, 168, 'hours').optional(),
})
export type BookingRulesBody = z.infer<typeof BookingRulesBody>

/** GET/PUT /api/staff/booking-rules; rules is null while the salon takes no bookings online (PUT starts them). */
export const BookingRulesResponse = z.object({ rules: BookingRulesBody.nullable() })
export type BookingRulesResponse = z.infer<typeof BookingRulesResponse>
