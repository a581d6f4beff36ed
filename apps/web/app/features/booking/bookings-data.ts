import type { BookingsResponse } from '@salon/contracts/booking'
import { browserBookingCalls } from './booking-api.ts'

/** The page whose loader answers with the customer's sessions; the bookings menu of /book/ loads it with a fetcher. */
export const BOOKINGS_PATH = '/upcoming-booking/'

export type BookingsResult = { status: 'ready'; bookings: BookingsResponse } | { status: 'error'; message: string }

/** The customer's sessions (GET p_bookings), loaded in the browser where the identity token is. */
export async function loadBookings(): Promise<BookingsResult> {
  try {
    return { status: 'ready', bookings: await browserBookingCalls.bookings() }
  } catch (error) {
    return { status: 'error', message: error instanceof Error ? error.message : 'We could not load your bookings.' }
  }
}
