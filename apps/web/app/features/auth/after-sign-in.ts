import { rememberMarketingChoice } from '../../lib/marketing-choice.ts'

export interface AfterSignInOptions {
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>
  /** Says where a pending booking is shown to be confirmed; by default the booking feature's. */
  finishPendingBooking?: (request: unknown) => Promise<string>
}

/**
 * docs/product.md §4: after signing in (or confirming the phone), a booking chosen before comes first: the customer sees it and
 * confirms it (it is never made unseen, as it may not be theirs: docs/decisions/022); then a waitlist offer they
 * signed in to book; then a package chosen before signing in is paid for (/payment/); then a full day they signed in to wait for (/book/); otherwise home. The booking and packages features' parts load
 * only now, so the sign-in pages do not carry them. A customer chose their marketing consent at sign-up, so
 * this browser's offer popup no longer asks them, signed in or not.
 */
export async function afterSignIn({ navigate, finishPendingBooking }: AfterSignInOptions): Promise<void> {
  rememberMarketingChoice()
  const [booking, packages, waitlist] = await Promise.all([import('../booking/public.ts'), import('../packages/public.ts'), import('../waitlist/public.ts')])
  const request = booking.pendingAppointmentRequest()
  if (request) {
    await navigate(await (finishPendingBooking ?? booking.finishPendingBooking)(request), { replace: true })
    return
  }
  // A time held for them that they signed in to book; a full day they signed in to wait for: back to /book/, which
  // opens on it with the waitlist form.
  await navigate(waitlist.offerWaitingPath() ?? packages.packageWaitingPath() ?? (waitlist.waitlistDayWaiting() ? '/book/' : '/'), { replace: true })
}
