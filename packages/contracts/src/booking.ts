import { z } from 'zod'
import { LocalDate } from './local-date.ts'

/**
 * The booking calls (docs/product.md §7). Dates and wall-clock times are the shop's
 * local ones; instants are ISO 8601 with the offset in force in the shop's time zone.
 */

/** docs/product.md §8: the web app recognises this refusal by its first word. */
export const DUPLICATE_BOOKING_MESSAGE = 'duplicate booking: you already have a session on this day.'

export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time written HH:MM (24-hour clock)' })

/** Session length in whole minutes; each bed has its own minimum and maximum within this. */
export const SessionMinutes = z.number({ message: 'must be a whole number of minutes' }).int({ message: 'must be a whole number of minutes' }).min(1).max(60)

/** appointmentRequest (docs/product.md §3): client state, and the body of p_sessions. */
export const AppointmentRequest = z.object({
  date: LocalDate,
  minutes: SessionMinutes,
  bedType: z.string().min(1).max(64).optional(),
  bedId: z.string().min(1).max(64).optional(),
})
export type AppointmentRequest = z.infer<typeof AppointmentRequest>

export const SlotBed = z.object({ id: z.string(), name: z.string(), type: z.string() })
export type SlotBed = z.infer<typeof SlotBed>

/**
 * A start time and the ids of the beds free for the asked minutes from it (cleaning buffer included), in the
 * order of the answer's `beds`, where each bed is described once.
 */
export const TimeSlot = z.object({
  /** HH:MM, local */
  time: z.string(),
  /** ISO 8601 with offset */
  startsAt: z.string(),
  bedIds: z.array(z.string()),
})
export type TimeSlot = z.infer<typeof TimeSlot>

/** GET p_preload_times: the coming days' slots, keyed by local date, for a session of `minutes`. */
export const PreloadTimesResponse = z.object({
  /** The beds the slots name, each once: the active beds that take a session of `minutes`, in the salon's order. */
  beds: z.array(SlotBed),
  times: z.record(z.string(), z.array(TimeSlot)),
  /** The session length the slots were worked out for: the shop's first-session maximum, which anyone may book. */
  minutes: z.number().int(),
})
export type PreloadTimesResponse = z.infer<typeof PreloadTimesResponse>

/** POST p_sessions: the day's slots, and the beds they name (those of the request that take its minutes). */
export const SessionsResponse = z.object({ date: z.string(), beds: z.array(SlotBed), times: z.array(TimeSlot) })
export type SessionsResponse = z.infer<typeof SessionsResponse>

/**
 * balance: from the customer's minutes; in_salon: paid on the day; card: paid online when booked (the shop asks for
 * payment up front); membership: with the customer's membership; credit: with their gift voucher credit.
 */
export const PaidWith = z.enum(['balance', 'in_salon', 'card', 'membership', 'credit'])
export type PaidWith = z.infer<typeof PaidWith>

/** pending: held for 10 minutes while its card payment is made, then booked or (unpaid) cancelled; no_show: the salon marked it missed. */
export const BookingStatus = z.enum(['pending', 'booked', 'attended', 'no_show', 'cancelled'])
export type BookingStatus = z.infer<typeof BookingStatus>

export const Booking = z.object({
  id: z.string(),
  /** Local date and start time, as the customer chose them. */
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  minutes: z.number().int(),
  bed: SlotBed,
  status: BookingStatus,
  paidWith: PaidWith,
  /** The session's price; nothing more is due in the salon when paidWith is balance. */
  pricePence: z.number().int(),
  /** Until when the customer may cancel it and get balance minutes back (ISO 8601 with offset). */
  cancellableUntil: z.string(),
  /** For a pending session: until when its bed is held for the card payment (ISO 8601 with offset); otherwise null. */
  holdUntil: z.string().nullable(),
})
export type Booking = z.infer<typeof Booking>

/** POST p_book */
export const BookRequest = z.object({
  date: LocalDate,
  time: LocalTime,
  minutes: SessionMinutes,
  bedId: z.string().min(1).max(64),
  /**
   * Pay with the customer's membership (docs/product.md "Memberships") or their gift voucher credit ("Gift vouchers")
   * rather than as the salon's rules say.
   */
  payWith: z.enum(['membership', 'credit'], { message: 'must be membership or credit, or left out' }).optional(),
})
export type BookRequest = z.infer<typeof BookRequest>

export const BookingResponse = z.object({ booking: Booking })
export type BookingResponse = z.infer<typeof BookingResponse>

/** GET p_bookings: upcoming sessions soonest first; past and cancelled ones newest first. */
export const BookingsResponse = z.object({ upcoming: z.array(Booking), past: z.array(Booking) })
export type BookingsResponse = z.infer<typeof BookingsResponse>

/** POST booking/get_price_for_booking: a bed or a bed type says which price applies. */
export const PriceRequest = z
  .object({
    date: LocalDate,
    time: LocalTime,
    minutes: SessionMinutes,
    bedId: z.string().min(1).max(64).optional(),
    bedType: z.string().min(1).max(64).optional(),
  })
  .refine((v) => v.bedId !== undefined || v.bedType !== undefined, { message: 'Send bedId or bedType.', path: ['bedId'] })
export type PriceRequest = z.infer<typeof PriceRequest>

export const PriceResponse = z.object({
  minutes: z.number().int(),
  bedType: z.string(),
  perMinutePence: z.number().int(),
  pricePence: z.number().int(),
  /** How the session would be paid; null when the balance is short and the salon takes no payment on the day. */
  paidWith: PaidWith.nullable(),
  /** The signed-in customer's minutes that fit this bed type, before and after this session; null for a visitor. */
  balance: z.object({ before: z.number().int(), after: z.number().int() }).nullable(),
  /** One sentence saying how the session would be paid. */
  message: z.string(),
})
export type PriceResponse = z.infer<typeof PriceResponse>

/** POST session/{id} and PUT session/status */
export const SessionChangeResponse = z.object({ message: z.string(), booking: Booking })
export type SessionChangeResponse = z.infer<typeof SessionChangeResponse>

export const SessionStatusRequest = z.object({
  id: z.uuid({ message: 'must be a booking id' }),
  status: z.enum(['attended', 'cancelled'], { message: "must be 'attended' or 'cancelled'" }),
})
export type SessionStatusRequest = z.infer<typeof SessionStatusRequest>
