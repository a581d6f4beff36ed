import type { Booking } from '@salon/contracts/booking'
import { bookRequestOf, clearAppointment, saveAppointment, type StoredAppointment } from './appointment-storage.ts'
import { classifyBookFailure, SIGN_IN_TO_BOOK, type BookFailure } from './book-failure.ts'
import type { BookingCalls } from './booking-api.ts'
import type { BookingAction } from './booking-state.ts'

export type BookOutcome = { kind: 'booked'; booking: Booking; next: string } | BookFailure

/** Where a booking is shown once it is made. */
export const confirmationPath = (booking: Pick<Booking, 'id'>) => `/confirmation/success/?id=${encodeURIComponent(booking.id)}`

/**
 * SPEC §4 booking: the request is stored first, then p_book is called. Without a session the request waits in
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
    return { kind: 'booked', booking, next: confirmationPath(booking) }
  } catch (error) {
    dispatch?.({ type: 'bookingFailure' })
    const failure = classifyBookFailure(error)
    if (failure.kind !== 'sign-in') clearAppointment()
    return failure
  }
}

export { SIGN_IN_TO_BOOK }
