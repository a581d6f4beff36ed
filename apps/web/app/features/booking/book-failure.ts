import { ApiError } from '../../lib/api.ts'

/** docs/product.md §8, copied as written. */
export const DUPLICATE_BOOKING_ALERT = 'You already have a booking on this day. Please select another day!'

export type BookFailure =
  /** A second booking on one day (the message starts with 'duplicate'): the alert, and the customer stays. */
  | { kind: 'duplicate'; message: string }
  /** The salon refused it by its rules (bed taken, too soon, first-session maximum, age, balance): its message is shown. */
  | { kind: 'refused'; message: string }
  /** The health questions are due (docs/product.md §4.15): the request waits while the customer answers them. */
  | { kind: 'health'; message: string }
  /** The call itself failed (no or expired session, no connection, a server fault): docs/product.md §4 sends the customer to sign in. */
  | { kind: 'sign-in' }

/** Where a failed p_book leaves the customer (docs/decisions/007-booking-failures.md). */
export function classifyBookFailure(error: unknown): BookFailure {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  if (message.trim().toLowerCase().startsWith('duplicate')) return { kind: 'duplicate', message: DUPLICATE_BOOKING_ALERT }
  const rule = error instanceof ApiError && error.body && typeof error.body === 'object' ? (error.body as { rule?: unknown }).rule : undefined
  if (rule === 'health-questions') return { kind: 'health', message }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && message) {
    return { kind: 'refused', message }
  }
  return { kind: 'sign-in' }
}

export const SIGN_IN_TO_BOOK = '/sign-in/?source=booking'

/** Where the health questions are answered before a first session; a booking waiting for them comes back to /book/. */
export const HEALTH_QUESTIONS_PATH = '/book/health/'
