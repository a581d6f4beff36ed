import type { ReactNode } from 'react'
import { PageFrame } from '../components/ui/page-header.tsx'
import { loadBookings } from '../features/booking/bookings-data.ts'
import { LoadingBookings, UpcomingBookings } from '../features/booking/upcoming-bookings.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/upcoming-booking'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Upcoming bookings', 'Your upcoming sunbed sessions.', { private: true })

/** The sessions come from the API in the browser, where the identity token is; cancelling revalidates them. */
export const clientLoader = () => loadBookings()

function Page({ children }: { children: ReactNode }) {
  return (
    <PageFrame
      eyebrow="Bookings"
      title="Upcoming bookings"
      intro="Your next sessions, and the ones you have had. Cancel online up to the cut-off and your minutes come back."
    >
      {children}
    </PageFrame>
  )
}

export function HydrateFallback() {
  return (
    <Page>
      <LoadingBookings />
    </Page>
  )
}

export default function UpcomingBooking({ loaderData }: Route.ComponentProps) {
  return (
    <Page>
      <UpcomingBookings view={loaderData} />
    </Page>
  )
}
