import { finishPendingBooking as bookingFeatureFinish, pendingAppointmentRequest } from '../booking/public.ts'

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
