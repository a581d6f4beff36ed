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
import { useContext, useMemo } from 'react'
import { ApiError, createApiClient, type ApiClient } from '../../lib/api.ts'
import { IdentityTokenContext } from '../../lib/identity-token.ts'
import { useRootData } from '../../root.tsx'

/** SPEC §7 booking calls. `p_bookings` and `session/` carry the identity token by the client's rule. */
export function bookingCalls(api: ApiClient, priceApi: ApiClient = api) {
  return {
    preloadTimes: () => api.get<PreloadTimesResponse>('p_preload_times'),
    sessions: (request: AppointmentRequest) => api.post<SessionsResponse>('p_sessions', request),
    price: (request: PriceRequest) => priceApi.post<PriceResponse>('booking/get_price_for_booking', request),
    book: (request: BookRequest) => api.post<BookingResponse>('p_book', request),
    bookings: () => api.get<BookingsResponse>('p_bookings'),
    booking: (id: string) => api.get<BookingResponse>(`p_bookings/${encodeURIComponent(id)}`),
    cancel: (id: string) => api.post<SessionChangeResponse>(`session/${encodeURIComponent(id)}`),
  }
}
export type BookingCalls = ReturnType<typeof bookingCalls>

/**
 * The booking calls for the browser. The price call falls outside SPEC §7's token rule, but the salon
 * prices a signed-in customer's session from their balance, so the token goes with it when there is one.
 */
export function useBookingCalls(): BookingCalls {
  const { config } = useRootData()
  const getIdToken = useContext(IdentityTokenContext)
  return useMemo(() => {
    const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin
    const api = createApiClient({ config, origin, getIdToken })
    const priceApi = createApiClient({
      config,
      origin,
      fetch: async (request) => {
        const token = await getIdToken().catch(() => null)
        if (token) request.headers.set('authorization', token)
        return fetch(request)
      },
    })
    const calls = bookingCalls(api, priceApi)
    const withoutToken = bookingCalls(api)
    return {
      ...calls,
      // A token the salon no longer accepts should not hide the price: ask again as a visitor.
      price: (request) =>
        calls
          .price(request)
          .catch((error: unknown) => (error instanceof ApiError && error.status === 401 ? withoutToken.price(request) : Promise.reject(error))),
    }
  }, [config, getIdToken])
}
