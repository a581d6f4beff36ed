import { asStoredAppointment, clearAppointment, loadAppointment, type StoredAppointment } from './appointment-storage.ts'

/** docs/product.md §3: the booking waiting in storage, if one was chosen in the last two hours; anything else there is dropped. */
export function pendingAppointmentRequest(): StoredAppointment | null {
  return loadAppointment()
}

/**
 * Where a customer who just signed in sees the booking they chose before, and confirms it or chooses another
 * (docs/decisions/022-saved-booking-confirmed-after-sign-in.md): nothing is booked until they say so.
 */
export const PENDING_BOOKING_PATH = '/book/'

/**
 * For afterSignIn (docs/product.md §4): with a complete appointment waiting in storage, the customer goes to the booking page,
 * which shows it ready to confirm. A request that cannot be read is dropped and the customer goes home, as when
 * nothing waits.
 */
export async function finishPendingBooking(request: unknown): Promise<string> {
  if (asStoredAppointment(request)) return PENDING_BOOKING_PATH
  clearAppointment()
  return '/'
}
