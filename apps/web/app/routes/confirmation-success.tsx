import { useAuth } from '../features/auth/auth-context.tsx'
import { BookingSuccess } from '../features/booking/booking-confirmation.tsx'
import { pageMeta } from '../lib/meta.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/confirmation-success'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Booking confirmed', 'Your booking is confirmed.', { private: true })

export default function ConfirmationSuccess() {
  const salon = useSalon()
  const signedIn = useAuth().state.user !== null
  return (
    <div className="flex flex-1 bg-gradient-to-b from-cocoa-50 to-cream">
      <div className="container-page py-10 sm:py-14">
        <BookingSuccess salon={salon.shop} signedIn={signedIn} />
      </div>
    </div>
  )
}
