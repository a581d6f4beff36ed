import { z } from 'zod'
import { Booking, LocalTime, PaidWith, SessionMinutes, SlotBed } from './booking.ts'
import { LocalDate } from './local-date.ts'

/**
 * The waitlist for full times (docs/product.md "Waitlist", docs/decisions/044): a customer waits for a session of
 * some minutes (on a type of bed, or any) starting between two times of one day; a freed time is held for the first
 * who may book it, for 15 minutes, and offered by a text whose link opens the offer.
 */

/** How long a freed time is held for the customer it is offered to. */
export const OFFER_HOLD_MINUTES = 15

/** POST p_account/waitlist */
export const JoinWaitlistRequest = z.object({
  date: LocalDate,
  from: LocalTime,
  to: LocalTime,
  minutes: SessionMinutes,
  bedType: z.string().min(1).max(64).optional(),
})
export type JoinWaitlistRequest = z.infer<typeof JoinWaitlistRequest>

export const WaitlistEntryStatus = z.enum(['waiting', 'offered', 'booked', 'left', 'lapsed', 'missed'])

export const WaitlistEntry = z.object({
  id: z.string(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  minutes: z.number().int(),
  bedType: z.string().nullable(),
  status: WaitlistEntryStatus,
  /** The entry in words, as the customer's pages show it. */
  description: z.string(),
})
export type WaitlistEntry = z.infer<typeof WaitlistEntry>

/** GET p_account/waitlist: the customer's live entries, soonest first. */
export const WaitlistResponse = z.object({ entries: z.array(WaitlistEntry) })
export type WaitlistResponse = z.infer<typeof WaitlistResponse>

export const JoinWaitlistResponse = z.object({ message: z.string(), entry: WaitlistEntry })
export type JoinWaitlistResponse = z.infer<typeof JoinWaitlistResponse>

export const LeaveWaitlistResponse = z.object({ message: z.string() })
export type LeaveWaitlistResponse = z.infer<typeof LeaveWaitlistResponse>

/** GET p_account/waitlist/offers/{token}: the held time, while it is held; `held` false once it has gone. */
export const WaitlistOffer = z.object({
  held: z.boolean(),
  date: z.string(),
  time: z.string(),
  minutes: z.number().int(),
  bed: SlotBed,
  pricePence: z.number().int(),
  /** Until when the time is held (ISO 8601 with offset). */
  holdUntil: z.string(),
  /** How it would be paid if booked now: null when the balance does not cover it and the salon takes no payment on the day. */
  paidWith: PaidWith.nullable(),
  message: z.string(),
})
export type WaitlistOffer = z.infer<typeof WaitlistOffer>

export const WaitlistOfferResponse = z.object({ offer: WaitlistOffer })
export type WaitlistOfferResponse = z.infer<typeof WaitlistOfferResponse>

/** POST p_account/waitlist/offers/{token}/book: the booking (pending when the salon asks for the card payment up front). */
export const BookOfferResponse = z.object({ booking: Booking })
export type BookOfferResponse = z.infer<typeof BookOfferResponse>

/** GET /api/staff/waitlist?date=: who waits that day, first joined first, and any time held for them. */
export const StaffWaitlistQuery = z.object({ date: LocalDate })

export const StaffWaitlistEntry = WaitlistEntry.extend({
  sub: z.string(),
  customerName: z.string(),
  /** The time held for them while it is held: the bed, its start and until when. */
  held: z.object({ bedName: z.string(), time: z.string(), until: z.string() }).nullable(),
})
export type StaffWaitlistEntry = z.infer<typeof StaffWaitlistEntry>

export const StaffWaitlistResponse = z.object({ entries: z.array(StaffWaitlistEntry) })
export type StaffWaitlistResponse = z.infer<typeof StaffWaitlistResponse>

/** POST /api/staff/waitlist: a customer put on the waitlist at the desk, under the same rules. */
export const StaffJoinWaitlistRequest = JoinWaitlistRequest.extend({ sub: z.uuid({ message: 'must be a customer id' }) }).strict()
export type StaffJoinWaitlistRequest = z.infer<typeof StaffJoinWaitlistRequest>
