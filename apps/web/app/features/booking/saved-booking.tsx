import type { SalonResponse } from '@salon/contracts/shop'
import { useEffect, useRef, useState } from 'react'
import { useFetcher, useNavigate } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { clearAppointment, type StoredAppointment } from './appointment-storage.ts'
import { DUPLICATE_BOOKING_ALERT, HEALTH_QUESTIONS_PATH } from './book-failure.ts'
import { bookAppointment, SIGN_IN_TO_BOOK } from './book-flow.ts'
import { PriceLine } from './book-planner.tsx'
import { browserBookingCalls } from './booking-api.ts'
import type { BookPageState, ConfirmationState } from './booking-confirmation.tsx'
import { formatDay } from './dates.ts'
import { forgetFreeTimes, PRICE_PATH, priceQuery, type PriceAnswer } from './planner-data.ts'

interface SavedBookingProps {
  saved: StoredAppointment
  salon: Pick<SalonResponse, 'beds'>
  /** The customer would rather choose again: the saved booking is gone, and the planner takes its place. */
  onDrop: () => void
}

/**
 * The booking a customer chose before signing in, shown on /book/ for them to confirm: nothing is booked until they
 * do, since whoever signed in may not be whoever chose it (docs/decisions/022). Confirming books it as the Book
 * button does: the confirmation (or the card payment it waits for), the duplicate-day alert or the salon's refusal
 * back on /book/, and a failed call to sign in again with the booking still saved.
 */
export function SavedBooking({ saved, salon, onDrop }: SavedBookingProps) {
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])

  const priceFetcher = useFetcher<PriceAnswer>()
  const query = priceQuery({ date: saved.date, time: saved.time, minutes: saved.minutes, bedId: saved.bedId }, true)
  const { load: loadPrice } = priceFetcher
  useEffect(() => void loadPrice(`${PRICE_PATH}${query}`), [query, loadPrice])
  const price = priceFetcher.data?.query === query ? priceFetcher.data : undefined

  async function confirm() {
    if (busy) return
    setBusy(true)
    // A new customer answers the health questions first; the saved booking waits for them (docs/product.md §4.15).
    const hold = await browserBookingCalls.safetyHold().catch(() => null)
    if (hold?.rule === 'health-questions') return navigate(HEALTH_QUESTIONS_PATH)
    const outcome = await bookAppointment({ request: saved, signedIn: true, calls: browserBookingCalls })
    if (outcome.kind !== 'sign-in') forgetFreeTimes()
    if (outcome.kind === 'booked') return navigate(outcome.next, { replace: true, state: { booking: outcome.booking } satisfies ConfirmationState })
    if (outcome.kind === 'sign-in') return navigate(SIGN_IN_TO_BOOK, { replace: true })
    if (outcome.kind === 'health') return navigate(HEALTH_QUESTIONS_PATH)
    const notice = outcome.kind === 'duplicate' ? DUPLICATE_BOOKING_ALERT : outcome.message
    return navigate('/book/', { replace: true, state: { notice } satisfies BookPageState })
  }

  function drop() {
    clearAppointment()
    onDrop()
  }

  const bed = salon.beds.find((b) => b.id === saved.bedId)
  return (
    <section className="card mx-auto flex w-full max-w-xl flex-col gap-5 p-6 sm:p-8" aria-labelledby="saved-booking-title">
      <div className="flex flex-col gap-2">
        <h2 id="saved-booking-title" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
          Confirm your booking
        </h2>
        <p className="text-cocoa-700">You chose this session before signing in. It is not booked until you confirm it.</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-base">
        <dt className="text-cocoa-600">Day</dt>
        <dd className="font-semibold">{formatDay(saved.date)}</dd>
        <dt className="text-cocoa-600">Time</dt>
        <dd className="font-semibold">{saved.time}</dd>
        <dt className="text-cocoa-600">Sunbed</dt>
        <dd className="font-semibold">{bed?.name ?? 'Any free sunbed'}</dd>
        <dt className="text-cocoa-600">Minutes</dt>
        <dd className="font-semibold">{saved.minutes}</dd>
      </dl>
      <div aria-live="polite" className="min-h-12 rounded-xl bg-cocoa-50 p-3 text-sm text-cocoa-800">
        {!price ? (
          <span className="flex items-center gap-2">
            <Spinner label="Working out the price" /> Working out the price…
          </span>
        ) : 'price' in price ? (
          <PriceLine price={price.price} />
        ) : (
          price.error
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="button" className="btn-primary flex-1 text-lg" disabled={busy} onClick={() => void confirm()}>
          {busy && <Spinner label="Booking" />}
          Confirm booking
        </button>
        <button type="button" className="btn-outline flex-1" disabled={busy} onClick={drop}>
          Choose another time
        </button>
      </div>
    </section>
  )
}
