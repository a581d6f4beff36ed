import type { JobQueue } from '../../lib/job-queue.ts'
import { outsideQuietHours } from '../../lib/local-time.ts'

/** The work a booking asks for later (docs/product.md §4.14), done by the messages module's handlers. */
export const BOOKING_JOBS = {
  confirmed: 'booking.confirmed',
  reminder: 'booking.reminder',
  cancelled: 'booking.cancelled',
} as const

/** Where what was paid for a cancelled session went. */
export type Returned = { to: 'balance'; minutes: number } | { to: 'card'; pence: number } | { to: 'nothing' }

export interface CancelledPayload extends Record<string, unknown> {
  bookingId: string
  by: 'customer' | 'salon'
  returned: Returned
}

const reminderKey = (bookingId: string, startsAt: Date) => `reminder:${bookingId}:${startsAt.toISOString()}`

/**
 * Asks for a booking's messages, inside the transaction that makes the change, so the booking and its messages are
 * saved together or not at all. Each has a key: asking again adds nothing.
 */
export function bookingJobs(queue: JobQueue, now: () => number) {
  return {
    /** The confirmation, at once, when a booking is made (or its card payment succeeds). */
    confirmed: (bookingId: string) => queue.enqueue({ kind: BOOKING_JOBS.confirmed, key: `confirmation:${bookingId}`, payload: { bookingId } }),

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

    /** A cancelled or moved booking's reminder for the old time is not sent. */
    dropReminder: (booking: { id: string; startsAt: Date }) => queue.cancel(reminderKey(booking.id, booking.startsAt)),

    cancelled: (payload: CancelledPayload) => queue.enqueue({ kind: BOOKING_JOBS.cancelled, key: `cancellation:${payload.bookingId}`, payload }),
  }
}
export type BookingJobs = ReturnType<typeof bookingJobs>
