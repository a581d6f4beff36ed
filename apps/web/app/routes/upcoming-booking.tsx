import { PageHeader } from '../components/ui/page-header.tsx'
import { UpcomingBookings } from '../features/booking/upcoming-bookings.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/upcoming-booking'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Upcoming bookings', 'Your upcoming sunbed sessions.')

export default function UpcomingBooking() {
  return (
    <>
      <PageHeader eyebrow="Bookings" title="Upcoming bookings">
        Your next sessions, and the ones you have had. Cancel online up to the cut-off and your minutes come back.
      </PageHeader>
      <div className="container-page py-8 sm:py-10">
        <UpcomingBookings />
      </div>
    </>
  )
}
