import { forgetSavedBooking } from '../../lib/saved-booking.ts'
import type { AmplifyAuth } from './amplify.ts'

/**
 * Signs the session out on this browser, on every path that does it (the customer's sign-out, a session found
 * revoked or expired, a new sign-in over a stale one). What the last person chose goes first: a sign-out through
 * the hosted sign-in leaves the page, and one that fails offline still ends the session here.
 */
export async function endSession(auth: Pick<AmplifyAuth, 'signOut'>): Promise<void> {
  forgetSavedBooking()
  await auth.signOut()
}
