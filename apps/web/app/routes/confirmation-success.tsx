import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/confirmation-success'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Booking confirmed', 'Your booking is confirmed.')

export default function ConfirmationSuccess() {
  return (
    <ComingSoon
      eyebrow="Confirmation"
      title="Booking confirmed"
      intro="When you book online, this page confirms your session straight away."
      points={['Your bed, day, time and minutes.', 'Add the session to your calendar.', 'See all your upcoming bookings.']}
    />
  )
}
