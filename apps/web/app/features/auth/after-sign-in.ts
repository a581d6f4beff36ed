import { rememberMarketingChoice } from '../../lib/marketing-choice.ts'

export interface AfterSignInOptions {
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>
  /** Makes the pending booking and says where to go next; by default the booking feature's. */
  finishPendingBooking?: (request: unknown) => Promise<string>
}

/**
 * SPEC §4: after signing in (or confirming the phone), a pending booking is made first; then a package chosen
 * before signing in is paid for (/payment/); otherwise home. The booking and packages features' parts load
 * only now, so the sign-in pages do not carry them. A customer chose their marketing consent at sign-up, so
 * this browser's offer popup no longer asks them, signed in or not.
 */
export async function afterSignIn({ navigate, finishPendingBooking }: AfterSignInOptions): Promise<void> {
  rememberMarketingChoice()
  const [booking, packages] = await Promise.all([import('../booking/public.ts'), import('../packages/public.ts')])
  const request = booking.pendingAppointmentRequest()
  if (request) {
    await navigate(await (finishPendingBooking ?? booking.finishPendingBooking)(request), { replace: true })
    return
  }
  await navigate(packages.packageWaitingPath() ?? '/', { replace: true })
}
