import type { Booking } from '@salon/contracts/booking'
import { useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { useAlert } from '../../components/ui/alert.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { browserBookingCalls } from './booking-api.ts'
import { BookingRow } from './bookings-list.tsx'
import type { BookingsResult } from './bookings-data.ts'
import { CancelDialog } from './cancel-dialog.tsx'
import { formatDay } from './dates.ts'

export function LoadingBookings() {
  return (
    <p className="flex items-center gap-2 text-cocoa-700" aria-live="polite">
      <Spinner label="Loading your bookings" /> Loading your bookings…
    </p>
  )
}

/** /upcoming-booking/: the sessions to come, each with Cancel, and the past ones below. */
export function UpcomingBookings({ view }: { view: BookingsResult }) {
  const { revalidate } = useRevalidator()
  const reload = () => void revalidate()
  const alert = useAlert()
  const [cancelling, setCancelling] = useState<Booking | null>(null)
  const [busy, setBusy] = useState(false)

  async function cancel() {
    if (!cancelling) return
    setBusy(true)
    try {
      const { message } = await browserBookingCalls.cancel(cancelling.id)
      setCancelling(null)
      alert.show({ kind: 'success', title: 'Session cancelled', message })
      await revalidate()
    } catch (error) {
      setCancelling(null)
      alert.show({ kind: 'error', message: error instanceof Error ? error.message : 'We could not cancel the session.' })
    } finally {
      setBusy(false)
    }
  }

  if (view.status === 'error') {
    return (
      <div role="alert" className="card flex flex-col items-start gap-3 p-5">
        <p>{view.message}</p>
        <button type="button" className="btn-outline" onClick={reload}>
          Try again
        </button>
      </div>
    )
  }
  const { upcoming, past } = view.bookings
  const now = Date.now()
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="upcoming-title" className="flex flex-col gap-4">
        <h2 id="upcoming-title" className="text-2xl font-semibold">
          Upcoming sessions
        </h2>
        {upcoming.length === 0 ? (
          <div className="card flex flex-col items-start gap-3 p-5">
            <p className="text-cocoa-700">You have no sessions booked.</p>
            <Link to="/book/" className="btn-primary">
              Book a session
            </Link>
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {upcoming.map((booking) => {
              const cancellable = Date.parse(booking.cancellableUntil) > now
              return (
                <BookingRow
                  key={booking.id}
                  booking={booking}
                  action={
                    cancellable ? (
                      <button
                        type="button"
                        className="btn-outline min-h-10 px-4 text-sm"
                        onClick={() => setCancelling(booking)}
                        aria-label={`Cancel the session on ${formatDay(booking.date)} at ${booking.time}`}
                      >
                        Cancel
                      </button>
                    ) : (
                      <span className="text-sm text-cocoa-600">Too late to cancel online</span>
                    )
                  }
                />
              )
            })}
          </ul>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past-title" className="flex flex-col gap-4">
          <h2 id="past-title" className="text-2xl font-semibold">
            Past and cancelled sessions
          </h2>
          <ul className="flex flex-col gap-3">
            {past.map((booking) => (
              <BookingRow
                key={booking.id}
                booking={booking}
                action={
                  // docs/product.md §4.15: a reaction after a session that took place is reported on its own page.
                  booking.status === 'booked' || booking.status === 'attended' ? (
                    <Link to={`/book/health/?reaction=${encodeURIComponent(booking.id)}`} className="btn-outline">
                      Report a skin reaction
                    </Link>
                  ) : undefined
                }
              />
            ))}
          </ul>
        </section>
      )}
      <CancelDialog booking={cancelling} busy={busy} onConfirm={() => void cancel()} onClose={() => setCancelling(null)} />
      {alert.element}
    </div>
  )
}
