import { useEffect } from 'react'
import { Link, useFetcher } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { BookingRow } from './bookings-list.tsx'
import { BOOKINGS_PATH, type BookingsResult } from './bookings-data.ts'

/** The menu section of /book/ (id "menu", docs/decisions/001): the next sessions, or a prompt to sign in. */
export function BookingsMenu({ signedIn }: { signedIn: boolean }) {
  return (
    <section id="menu" aria-labelledby="menu-title" className="border-t border-cocoa-100 bg-white py-12">
      <div className="container-page flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="eyebrow">Upcoming Bookings</p>
            <h2 id="menu-title" className="section-title mt-1">
              Your bookings
            </h2>
          </div>
          {signedIn && (
            <Link to="/upcoming-booking/" className="btn-outline">
              All bookings and cancelling
            </Link>
          )}
        </div>
        {signedIn ? (
          <NextSessions />
        ) : (
          <div className="card flex flex-col items-start gap-3 p-5">
            <p className="text-cocoa-700">Sign in to see your upcoming sessions and cancel one if your plans change.</p>
            <div className="flex flex-wrap gap-3">
              <Link to="/sign-in/" className="btn-primary">
                Sign in
              </Link>
              <Link to="/sign-up/" className="btn-outline">
                Create an account
              </Link>
            </div>
          </div>
        )}
      </div>
    </section>
  )
}

function NextSessions() {
  const fetcher = useFetcher<BookingsResult>()
  const view = fetcher.data
  const { load } = fetcher
  const reload = () => void load(BOOKINGS_PATH)
  // Once, as the menu appears; React Router revalidates it after any booking or cancellation on this page.
  const loaded = view !== undefined || fetcher.state !== 'idle'
  useEffect(() => {
    if (!loaded) void load(BOOKINGS_PATH)
  }, [loaded, load])
  if (!view) {
    return (
      <p className="flex items-center gap-2 text-cocoa-700">
        <Spinner label="Loading your bookings" /> Loading your bookings…
      </p>
    )
  }
  if (view.status === 'error') {
    return (
      <p className="text-cocoa-700">
        {view.message}{' '}
        <button type="button" onClick={reload} className="font-semibold text-brand-teal underline underline-offset-2">
          Try again
        </button>
      </p>
    )
  }
  const next = view.bookings.upcoming.slice(0, 3)
  if (next.length === 0) return <p className="text-cocoa-700">You have no sessions booked yet. Choose a day above to book one.</p>
  return (
    <ul className="flex flex-col gap-3" aria-label="Upcoming sessions">
      {next.map((booking) => (
        <BookingRow key={booking.id} booking={booking} />
      ))}
    </ul>
  )
}
