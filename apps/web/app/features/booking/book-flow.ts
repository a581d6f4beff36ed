import type { Booking } from '@salon/contracts/booking'
import { bookRequestOf, clearAppointment, saveAppointment, type StoredAppointment } from './appointment-storage.ts'
import { classifyBookFailure, SIGN_IN_TO_BOOK, type BookFailure } from './book-failure.ts'
import type { BookingCalls } from './booking-api.ts'
import type { BookingAction } from './booking-state.ts'

export type BookOutcome = { kind: 'booked'; booking: Booking; next: string } | BookFailure

/** Where a booking is shown once it is made. */
export const confirmationPath = (booking: Pick<Booking, 'id'>) => `/confirmation/success/?id=${encodeURIComponent(booking.id)}`

/** Where a session waiting for its card payment is paid for. */
export const sessionPaymentPath = (booking: Pick<Booking, 'id'>) => `/payment/?${new URLSearchParams({ booking: booking.id })}`

/** A session the salon holds while it is paid for by card: p_book answered 'pending', to be paid with 'card'. */
export const awaitingCardPayment = (booking: Pick<Booking, 'status' | 'paidWith'>) => booking.status === 'pending' && booking.paidWith === 'card'

/** Where the customer goes once p_book has answered: the confirmation, or first the card payment it waits for. */
export const nextAfterBooking = (booking: Booking) => (awaitingCardPayment(booking) ? sessionPaymentPath(booking) : confirmationPath(booking))

/**
 * docs/product.md §4 booking: the request is stored first, then p_book is called. Without a session the request waits in
 * storage for the customer to sign in (afterSignIn makes it). A refusal clears it: the customer chooses again.
 */
export async function bookAppointment(options: {
  request: StoredAppointment
  signedIn: boolean
  calls: Pick<BookingCalls, 'book'>
  dispatch?: (action: BookingAction) => void
}): Promise<BookOutcome> {
  const { request, signedIn, calls, dispatch } = options
  saveAppointment(request)
  dispatch?.({ type: 'bookingStart', request })
  if (!signedIn) {
    dispatch?.({ type: 'bookingFailure' })
    return { kind: 'sign-in' }
  }
  try {
    const { booking } = await calls.book(bookRequestOf(request))
    clearAppointment()
    dispatch?.({ type: 'bookingSuccess', booking })
    return { kind: 'booked', booking, next: nextAfterBooking(booking) }
  } catch (error) {
    dispatch?.({ type: 'bookingFailure' })
    const failure = classifyBookFailure(error)
    // Kept while the customer signs in or answers the health questions; any other refusal means choosing again.
    if (failure.kind !== 'sign-in' && failure.kind !== 'health') clearAppointment()
    return failure
  }
}

export { SIGN_IN_TO_BOOK }
