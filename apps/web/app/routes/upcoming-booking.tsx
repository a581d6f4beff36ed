import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/upcoming-booking'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Upcoming bookings', 'Your upcoming sunbed sessions.')

export default function UpcomingBooking() {
  return (
    <ComingSoon
      eyebrow="Bookings"
      title="Upcoming bookings"
      intro="Your next sessions, and the ones you have had."
      points={[
          'Your upcoming sessions with bed, time and minutes.',
          'Cancel a session before the cut-off and get your minutes back.',
          'Your past sessions below.',
      ]}
    />
  )
}
