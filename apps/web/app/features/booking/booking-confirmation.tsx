import type { Booking } from '@salon/contracts/booking'
import { useEffect, useRef } from 'react'
import { Link, useFetcher, useLocation, useSearchParams } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { AddToCalendar, BookingDetails } from './booking-details.tsx'
import { bookingDetailsUrl, type BookingLookup } from './booking-lookup.ts'
import type { CalendarSalon } from './ics.ts'
import { SuccessMark } from '../../components/ui/success-mark.tsx'

type View = { status: 'loading'; text: string } | { status: 'ready'; booking: Booking } | { status: 'missing' } | { status: 'error'; message: string }

/** Navigation state a page hands over with a booking it just made, so the confirmation needs no second call. */
export interface ConfirmationState {
  booking?: Booking
}
/** Navigation state for /book/: why the booking did not go through. */
export interface BookPageState {
  notice?: string
}

/** The booking of the page's ?id=…: the one handed over with the navigation, or one a fetcher loads. */
function useBookingById(id: string | null, given: Booking | undefined, signedIn: boolean): View {
  const fetcher = useFetcher<BookingLookup>()
  const handedOver = given !== undefined && given.id === id
  const wanted = id && !handedOver && signedIn ? id : null
  const { load } = fetcher
  useEffect(() => {
    if (wanted) void load(bookingDetailsUrl(wanted))
  }, [wanted, load])
  if (handedOver) return { status: 'ready', booking: given }
  if (fetcher.data && fetcher.data.id === id) return fetcher.data
  return { status: 'loading', text: 'Loading your booking…' }
}

/**
 * /confirmation/success/: shows the booking just made (?id=…). It makes none itself: a booking waiting in storage
 * is confirmed by the customer on /book/ first (docs/decisions/022).
 */
export function BookingSuccess({ salon, signedIn }: { salon: CalendarSalon; signedIn: boolean }) {
  const [params] = useSearchParams()
  const id = params.get('id')
  const location = useLocation()
  const given = (location.state as ConfirmationState | null)?.booking
  const view = useBookingById(id, given, signedIn)
  const headingRef = useRef<HTMLHeadingElement>(null)

  const ready = view.status === 'ready'
  useEffect(() => {
    if (ready) headingRef.current?.focus()
  }, [ready])

  if (id === null) {
    return (
      <SuccessFrame title="Booking confirmed">
        <p className="text-cocoa-700">When you book a session online, its confirmation shows here straight away. Your sessions are all in your bookings.</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/book/" className="btn-primary flex-1">
            Book a session
          </Link>
          <Link to="/upcoming-booking/" className="btn-outline flex-1">
            Upcoming bookings
          </Link>
        </div>
      </SuccessFrame>
    )
  }
  if (!signedIn) return <SuccessFrame title="Booking confirmed">{<SignInPrompt bare />}</SuccessFrame>
  if (view.status !== 'ready') return <SuccessFrame title="Booking confirmed">{<BookingStatus view={view} bare />}</SuccessFrame>
  const { booking } = view
  return (
    <section className="card mx-auto flex w-full max-w-xl flex-col gap-6 p-6 sm:p-8" aria-labelledby="booked-title">
      <div className="flex flex-col items-center gap-3 text-center">
        <SuccessMark />
        <h1 id="booked-title" ref={headingRef} tabIndex={-1} className="text-3xl font-semibold focus:outline-none">
          Booking confirmed
        </h1>
        <p className="text-cocoa-700">You are booked in: see you soon. Please arrive five minutes early; goggles are free.</p>
      </div>
      <BookingDetails booking={booking} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <AddToCalendar booking={booking} salon={salon} className="btn-primary flex-1" />
        <Link to="/upcoming-booking/" className="btn-outline flex-1">
          Upcoming bookings
        </Link>
      </div>
    </section>
  )
}

function SuccessFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card mx-auto flex w-full max-w-xl flex-col gap-5 p-6 sm:p-8" aria-labelledby="success-title">
      <h1 id="success-title" className="text-3xl font-semibold">
        {title}
      </h1>
      {children}
    </section>
  )
}

/** /booking/?id=… (and /confirmation/?id=…): one booking, to its owner. */
export function BookingView({ salon, signedIn }: { salon: CalendarSalon; signedIn: boolean }) {
  const [params] = useSearchParams()
  const id = params.get('id')
  const view = useBookingById(id, undefined, signedIn)
  if (!signedIn) return <SignInPrompt />
  if (!id) return <BookingStatus view={{ status: 'missing' }} />
  if (view.status !== 'ready') return <BookingStatus view={view} />
  const { booking } = view
  return (
    <section className="card mx-auto flex w-full max-w-xl flex-col gap-6 p-6 sm:p-8" aria-labelledby="booking-title">
      <h2 id="booking-title" className="text-2xl font-semibold">
        {booking.status === 'cancelled' ? 'Cancelled session' : booking.status === 'attended' ? 'Past session' : 'Your session'}
      </h2>
      <BookingDetails booking={booking} />
      <div className="flex flex-col gap-3 sm:flex-row">
        {booking.status === 'booked' && <AddToCalendar booking={booking} salon={salon} className="btn-primary flex-1" />}
        <Link to="/upcoming-booking/" className="btn-outline flex-1">
          All your bookings
        </Link>
      </div>
    </section>
  )
}

function Loading({ text }: { text: string }) {
  return (
    <p className="flex items-center justify-center gap-2 py-10 text-lg text-cocoa-700" aria-live="polite">
      <Spinner label={text} /> {text}
    </p>
  )
}

const framed = (bare: boolean) => (bare ? 'flex flex-col items-start gap-4' : 'card mx-auto flex w-full max-w-xl flex-col items-start gap-4 p-6')

function BookingStatus({ view, bare = false }: { view: Exclude<View, { status: 'ready' }>; bare?: boolean }) {
  if (view.status === 'loading') return <Loading text={view.text} />
  return (
    <section role={view.status === 'error' ? 'alert' : undefined} className={framed(bare)}>
      <h2 className="text-2xl font-semibold">{view.status === 'missing' ? 'We could not find that booking' : 'The booking did not load'}</h2>
      <p className="text-cocoa-700">
        {view.status === 'missing'
          ? 'The link may be old or mistyped, or the booking belongs to another account. Your own sessions are all in your bookings.'
          : view.message}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/upcoming-booking/" className="btn-primary">
          Your bookings
        </Link>
        <Link to="/book/" className="btn-outline">
          Book a session
        </Link>
      </div>
    </section>
  )
}

function SignInPrompt({ bare = false }: { bare?: boolean }) {
  return (
    <section className={framed(bare)}>
      <h2 className="text-2xl font-semibold">Please sign in to see your booking</h2>
      <p className="text-cocoa-700">Bookings are shown to the account that made them.</p>
      <Link to="/sign-in/" className="btn-primary">
        Sign in
      </Link>
    </section>
  )
}
