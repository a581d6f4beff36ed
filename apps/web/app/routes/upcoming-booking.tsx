import type { ReactNode } from 'react'
import { PageFrame } from '../components/ui/page-header.tsx'
import { loadBookings } from '../features/booking/bookings-data.ts'
import { LoadingBookings, UpcomingBookings } from '../features/booking/upcoming-bookings.tsx'
import { pageMeta } from '../lib/meta.ts'
import { loadWaitlist } from '../features/waitlist/waitlist-api.ts'
import { WaitingEntries } from '../features/waitlist/waiting-entries.tsx'
import type { Route } from './+types/upcoming-booking'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Upcoming bookings', 'Your upcoming sunbed sessions.', { private: true })

/** The sessions come from the API in the browser, where the identity token is; cancelling revalidates them. */
/** The customer's waiting entries come with them (docs/product.md "Waitlist"); the bookings menu of /book/ reads the sessions alone. */
export const clientLoader = async () => {
  const [bookings, waitlist] = await Promise.all([loadBookings(), loadWaitlist()])
  return { ...bookings, waitlist }
}

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
      <div className="flex flex-col gap-8">
        <WaitingEntries result={loaderData.waitlist} />
        <UpcomingBookings view={loaderData} />
      </div>
    </Page>
  )
}
