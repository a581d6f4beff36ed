export interface AfterSignInOptions {
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>
  /** Makes the pending booking and says where to go next; by default the booking feature's. */
  finishPendingBooking?: (request: unknown) => Promise<string>
}

/**
 * SPEC §4: after signing in (or confirming the phone), a pending booking is made first; otherwise home.
 * The booking feature's part loads only now, so the sign-in pages do not carry it.
 */
export async function afterSignIn({ navigate, finishPendingBooking }: AfterSignInOptions): Promise<void> {
  const booking = await import('../booking/public.ts')
  const request = booking.pendingAppointmentRequest()
  if (request) {
    await navigate(await (finishPendingBooking ?? booking.finishPendingBooking)(request), { replace: true })
    return
  }
  await navigate('/', { replace: true })
}
