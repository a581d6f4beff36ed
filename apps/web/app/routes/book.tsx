import type { PreloadTimesResponse } from '@salon/contracts/booking'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { useAuth } from '../features/auth/auth-context.tsx'
import { loadAppointment, type StoredAppointment } from '../features/booking/appointment-storage.ts'
import { BookPlanner } from '../features/booking/book-planner.tsx'
import type { BookPageState } from '../features/booking/booking-confirmation.tsx'
import { BookingsMenu } from '../features/booking/bookings-menu.tsx'
import { plannerPreload } from '../features/booking/planner-data.ts'
import { SavedBooking } from '../features/booking/saved-booking.tsx'
import { serverApi } from '../lib/api.server.ts'
import { pageMeta } from '../lib/meta.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/book'

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Book a session', 'Book a sunbed session online: pick a day, a sunbed, minutes and a free time.')

/** The coming days' free times come with the page, so the day strip shows at once. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { preload: plannerPreload(await serverApi(context, request).get<PreloadTimesResponse>('p_preload_times')) }
  } catch {
    // The page still works: each day's times are asked for when it is chosen.
    return { preload: null }
  }
}

/**
 * In the browser, a booking left waiting in storage (chosen in the last two hours) comes with the page: a signed-in
 * customer is asked to confirm it, a visitor's planner starts from it. On a page the server sent, it is read once the
 * page has hydrated (below), not by a loader run after hydration: that would render the whole page again for every
 * visitor to change anything only for the few with a booking waiting.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { ...(await serverLoader()), stored: loadAppointment() }
}

export default function Book({ loaderData }: Route.ComponentProps) {
  const [dropped, setDropped] = useState(false)
  // The page as the server sent it knows nothing of this browser's storage.
  const [storedOnLoad, setStoredOnLoad] = useState<StoredAppointment | null>(null)
  const fromServer = useRef(!('stored' in loaderData))
  useEffect(() => {
    if (fromServer.current) setStoredOnLoad(loadAppointment())
  }, [])
  const stored = dropped ? null : 'stored' in loaderData ? loaderData.stored : storedOnLoad
  const salon = useSalon()
  const signedIn = useAuth().state.user !== null
  const notice = (useLocation().state as BookPageState | null)?.notice ?? null
  return (
    <>
      <PageHeader eyebrow="Book" title="Book a sunbed session">
        Pick a day, a sunbed and how many minutes, then a free time. Pay with your package minutes or in the salon.
      </PageHeader>
      <div className="container-page py-8 sm:py-10">
        {stored && signedIn ? (
          <SavedBooking saved={stored} salon={salon} onDrop={() => setDropped(true)} />
        ) : (
          // A restored booking starts the planner afresh from it.
          <BookPlanner key={stored ? 'restored' : 'new'} salon={salon} preload={loaderData.preload} stored={stored} signedIn={signedIn} notice={notice} />
        )}
      </div>
      <BookingsMenu signedIn={signedIn} />
    </>
  )
}
