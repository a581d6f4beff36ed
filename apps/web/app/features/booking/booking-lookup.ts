import type { Booking } from '@salon/contracts/booking'
import { ApiError } from '../../lib/api.ts'
import { browserBookingCalls } from './booking-api.ts'

/** Where the booking pages' fetcher loads one booking from (routes/booking-details.tsx, not a page). */
export const BOOKING_DETAILS_PATH = '/booking/details/'

/** One booking, or why it is not shown; `id` names the booking the answer is about. */
export type BookingLookup = { id: string } & ({ status: 'ready'; booking: Booking } | { status: 'missing' } | { status: 'error'; message: string })

export const bookingDetailsUrl = (id: string) => `${BOOKING_DETAILS_PATH}?${new URLSearchParams({ id })}`

export async function lookUpBooking(url: URL): Promise<BookingLookup> {
  const id = url.searchParams.get('id') ?? ''
  try {
    return { id, status: 'ready', booking: (await browserBookingCalls.booking(id)).booking }
  } catch (error) {
    // An id that is not a booking id, or not one of theirs: the same friendly answer.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { id, status: 'missing' }
    return { id, status: 'error', message: error instanceof Error ? error.message : 'We could not load the booking.' }
  }
}
