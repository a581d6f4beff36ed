import { PageHeader } from '../components/ui/page-header.tsx'
import { useAuth } from '../features/auth/auth-context.tsx'
import { BookingView } from '../features/booking/booking-confirmation.tsx'
import { pageMeta } from '../lib/meta.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/booking'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Your booking', 'Your booking details.', { private: true })

/** /booking/?id=…: one booking, shown to the customer who made it. */
export default function Booking() {
  const salon = useSalon()
  const signedIn = useAuth().state.user !== null
  return (
    <>
      <PageHeader eyebrow="Bookings" title="Your booking">
        Show this at the desk when you arrive.
      </PageHeader>
      <div className="container-page py-8 sm:py-10">
        <BookingView salon={salon.shop} signedIn={signedIn} />
      </div>
    </>
  )
}
