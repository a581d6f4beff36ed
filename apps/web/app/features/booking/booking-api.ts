import type {
  AppointmentRequest,
  BookingResponse,
  BookingsResponse,
  BookRequest,
  PreloadTimesResponse,
  PriceRequest,
  PriceResponse,
  SessionChangeResponse,
  SessionsResponse,
} from '@salon/contracts/booking'
import { ApiError, type ApiClient } from '../../lib/api.ts'
import { browserApi } from '../../lib/browser-api.ts'

/**
 * docs/product.md §7 booking calls. `p_bookings` and `session/` carry the identity token by the client's rule. The price
 * call falls outside that rule, but the salon prices a signed-in customer's session from their balance, so the
 * token goes with it when there is one; a token the salon no longer accepts should not hide the price, so a 401
 * asks again as a visitor.
 */
export function bookingCalls(api: ApiClient) {
  return {
    preloadTimes: () => api.get<PreloadTimesResponse>('p_preload_times'),
    sessions: (request: AppointmentRequest) => api.post<SessionsResponse>('p_sessions', request),
    price: (request: PriceRequest) =>
      api
        .post<PriceResponse>('booking/get_price_for_booking', request, { identityIfSignedIn: true })
        .catch((error: unknown) =>
          error instanceof ApiError && error.status === 401 ? api.post<PriceResponse>('booking/get_price_for_booking', request) : Promise.reject(error),
        ),
    book: (request: BookRequest) => api.post<BookingResponse>('p_book', request),
    bookings: () => api.get<BookingsResponse>('p_bookings'),
    booking: (id: string) => api.get<BookingResponse>(`p_bookings/${encodeURIComponent(id)}`),
    cancel: (id: string) => api.post<SessionChangeResponse>(`session/${encodeURIComponent(id)}`),
    /** What stops the customer booking now (docs/product.md §4.15): checked before a saved booking is confirmed. */
    safetyHold: () => api.get<{ hold: { rule: string; message: string } | null }>('p_account/health').then((answer) => answer.hold),
  }
}
export type BookingCalls = ReturnType<typeof bookingCalls>

/** The booking calls of the browser, through its one API client. */
export const browserBookingCalls: BookingCalls = bookingCalls(browserApi)
