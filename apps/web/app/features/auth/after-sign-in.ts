import { finishPendingBooking as bookingFeatureFinish } from '../booking/pending-booking.ts'

/** SPEC §3: the appointment request a visitor started before signing in waits here. */
export const APPOINTMENT_REQUEST_KEY = 'APPOINTMENT_REQUEST'

export function pendingAppointmentRequest(): unknown {
  try {
    const stored = window.localStorage.getItem(APPOINTMENT_REQUEST_KEY)
    return stored ? (JSON.parse(stored) as unknown) : null
  } catch {
    return null
  }
}

export interface AfterSignInOptions {
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>
  /** Makes the pending booking and says where to go next; by default the booking feature's. */
  finishPendingBooking?: (request: unknown) => Promise<string>
}

/** SPEC §4: after signing in (or confirming the phone), a pending booking is made first; otherwise home. */
export async function afterSignIn({ navigate, finishPendingBooking = bookingFeatureFinish }: AfterSignInOptions): Promise<void> {
  const request = pendingAppointmentRequest()
  if (request && finishPendingBooking) {
    await navigate(await finishPendingBooking(request), { replace: true })
    return
  }
  await navigate('/', { replace: true })
}
