import { useOutlet } from 'react-router'
import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/confirmation'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Confirmation', 'Confirmation of your booking or purchase.')

export default function Confirmation() {
  const child = useOutlet()
  if (child) return child
  return (
    <ComingSoon
      eyebrow="Confirmation"
      title="Confirmation"
      intro="After you book a session or buy a package online, its confirmation is shown here."
      points={['The details of what you booked or bought.', 'A link to add a session to your calendar.', 'A link to your upcoming bookings.']}
    />
  )
}
