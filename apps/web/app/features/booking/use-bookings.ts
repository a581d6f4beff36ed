import type { BookingsResponse } from '@salon/contracts/booking'
import { useCallback, useEffect, useState } from 'react'
import type { BookingCalls } from './booking-api.ts'

export type BookingsView = { status: 'loading' } | { status: 'ready'; bookings: BookingsResponse } | { status: 'error'; message: string }

/** The customer's sessions (GET p_bookings), loaded in the browser where the identity token is. */
export function useBookings(calls: Pick<BookingCalls, 'bookings'>, enabled: boolean) {
  const [view, setView] = useState<BookingsView>({ status: 'loading' })
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  useEffect(() => {
    if (!enabled) return
    let current = true
    calls
      .bookings()
      .then((bookings) => current && setView({ status: 'ready', bookings }))
      .catch((error: unknown) => current && setView({ status: 'error', message: error instanceof Error ? error.message : 'We could not load your bookings.' }))
    return () => {
      current = false
    }
  }, [calls, enabled, version])
  return { view, reload }
}
