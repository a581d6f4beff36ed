import type { JobQueue } from '../../lib/job-queue.ts'
import { outsideQuietHours } from '../../lib/local-time.ts'

/**
 * The work a booking asks for later (docs/product.md §4.14), done by the messages module's handlers. The database
 * asks for the confirmation, the reminder of a moved booking and the cancellation itself, in the transaction that
 * changes the booking (migration 0017); the confirmation's handler asks for the reminder.
 */
export const BOOKING_JOBS = {
  confirmed: 'booking.confirmed',
  reminder: 'booking.reminder',
  moved: 'booking.moved',
  cancelled: 'booking.cancelled',
} as const

/** A customer's report of a skin reaction, asked for in its transaction: the messages module emails the salon (docs/product.md §4.15). */
export const SKIN_REACTION_JOB = 'salon.skin-reaction'

const reminderKey = (bookingId: string, startsAt: Date) => `reminder:${bookingId}:${startsAt.toISOString()}`

/** Asks for a booking's reminder; its key names the booking and its start, so asking again adds nothing. */
export function bookingJobs(queue: JobQueue, now: () => number) {
  return {
    /**
     * The reminder, `hoursBefore` the start and outside the quiet hours; none when that time has passed already
     * (a booking made inside it) or the shop sends none (0).
     */
    async reminder(booking: { id: string; startsAt: Date }, hoursBefore: number, timeZone: string) {
      if (hoursBefore <= 0) return false
      const due = booking.startsAt.getTime() - hoursBefore * 3600_000
      if (due <= now()) return false
      const runAt = outsideQuietHours(due, timeZone)
      if (runAt >= booking.startsAt.getTime()) return false
      return queue.enqueue({
        kind: BOOKING_JOBS.reminder,
        key: reminderKey(booking.id, booking.startsAt),
        runAt: new Date(runAt),
        payload: { bookingId: booking.id, startsAt: booking.startsAt.toISOString() },
      })
    },
  }
}
export type BookingJobs = ReturnType<typeof bookingJobs>

/**
 * The waitlist's work (docs/decisions/044): a freed time looked for a waiting customer (asked for by the database
 * when a time frees up, migration 0031), the offer's text (done by the messages module), and the sweep that ends
 * lapsed holds and entries.
 */
export const WAITLIST_JOBS = {
  freed: 'waitlist.freed',
  offerText: 'waitlist.offer-text',
  sweep: 'sweep.waitlist',
} as const
