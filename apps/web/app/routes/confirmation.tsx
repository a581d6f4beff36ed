import { Link, useOutlet, useSearchParams } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { useAuth } from '../features/auth/auth-context.tsx'
import { BookingView } from '../features/booking/booking-confirmation.tsx'
import { pageMeta } from '../lib/meta.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/confirmation'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Confirmation', 'Confirmation of your booking.', { private: true })

export default function Confirmation() {
  const child = useOutlet()
  const [params] = useSearchParams()
  const salon = useSalon()
  const signedIn = useAuth().state.user !== null
  if (child) return child
  return (
    <>
      <PageHeader eyebrow="Booking" title="Confirmation" />
      <div className="container-page py-8 sm:py-10">
        {params.get('id') ? (
          <BookingView salon={salon.shop} signedIn={signedIn} />
        ) : (
          <section className="card mx-auto flex max-w-xl flex-col items-start gap-4 p-6">
            <h2 className="text-2xl font-semibold">Nothing to confirm here</h2>
            <p className="text-cocoa-700">Once you book a session, its confirmation is shown straight away. Your sessions are all in your bookings.</p>
            <div className="flex flex-wrap gap-3">
              <Link to="/book/" className="btn-primary">
                Book a session
              </Link>
              <Link to="/upcoming-booking/" className="btn-outline">
                Your bookings
              </Link>
            </div>
          </section>
        )}
      </div>
    </>
  )
}
