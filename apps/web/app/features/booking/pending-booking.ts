import { APPOINTMENT_REQUEST, asStoredAppointment, clearAppointment } from './appointment-storage.ts'

/** SPEC §3: what waits in storage, read as it is, so that a request that cannot be used can be dropped. */
export function pendingAppointmentRequest(): unknown {
  try {
    const stored = window.localStorage.getItem(APPOINTMENT_REQUEST)
    return stored ? (JSON.parse(stored) as unknown) : null
  } catch {
    return null
  }
}

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
