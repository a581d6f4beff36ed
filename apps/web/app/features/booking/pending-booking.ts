import { asStoredAppointment, clearAppointment } from './appointment-storage.ts'

/** The page that makes a booking left waiting while the customer signed in, and then shows it. */
export const PENDING_BOOKING_PATH = '/confirmation/success/'

/**
 * For afterSignIn (SPEC §4): with a complete appointment waiting in storage, the customer goes to the
 * confirmation page, which makes the booking with the new session and shows it. A request that cannot be
 * read is dropped and the customer goes home, as when nothing waits.
 */
export async function finishPendingBooking(request: unknown): Promise<string> {
  if (asStoredAppointment(request)) return PENDING_BOOKING_PATH
  clearAppointment()
  return '/'
}
