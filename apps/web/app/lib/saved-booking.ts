import { browserStorage, type StorageLike } from './stored-json.ts'

/** docs/product.md §3: the booking a visitor chose before signing in waits in the browser's local storage under this key. */
export const APPOINTMENT_REQUEST = 'APPOINTMENT_REQUEST'

/**
 * Forgets the saved booking: whenever a session ends on this browser (signing out, a session found revoked or
 * expired, a deleted account), so the next person to sign in here never finds the last one's choice
 * (docs/decisions/022-saved-booking-confirmed-after-sign-in.md). Here rather than in the booking feature, so the
 * sign-out code every page carries needs nothing more.
 */
export function forgetSavedBooking(storage: Pick<StorageLike, 'removeItem'> | null = browserStorage('local')): void {
  try {
    storage?.removeItem(APPOINTMENT_REQUEST)
  } catch {
    // Storage switched off: nothing was kept.
  }
}
