import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/booking'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Your booking', 'Your booking details.')

export default function Booking() {
  return (
    <ComingSoon
      eyebrow="Bookings"
      title="Your booking"
      intro="The details of a booking you made online, ready to show at the desk."
      points={[
          'See the bed, day, time and minutes of your booking.',
          'Add it to your calendar.',
          'Cancel it before the cut-off if your plans change.',
      ]}
    />
  )
}
