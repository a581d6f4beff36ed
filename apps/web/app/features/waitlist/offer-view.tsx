import type { Booking } from '@salon/contracts/booking'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatPence } from '../../lib/format.ts'
import { awaitingCardPayment, sessionPaymentPath } from '../booking/public.ts'
import type { OfferResult } from './waitlist-api.ts'
import { browserWaitlistCalls } from './waitlist-api.ts'
import { rememberOffer } from './offer-return.ts'

const PAID_WORDS = {
  balance: 'from your balance',
  in_salon: 'paid in the salon',
  card: 'paid by card',
  membership: 'with your membership',
  credit: 'paid with your gift voucher credit',
} as const

/** The page a waitlist text's link opens: the held time and "Book this time", or that the offer has gone. */
export function OfferView({ token, result }: { token: string; result: OfferResult }) {
  const [busy, setBusy] = useState(false)
  const [booked, setBooked] = useState<Booking | null>(null)
  const [error, setError] = useState<string | null>(null)
  const navigate = useNavigate()
  if (result.status === 'error') {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{result.message}</p>
        <Link to="/book/" className="btn-outline">
          Go to the booking page
        </Link>
      </div>
    )
  }
  if (result.status === 'sign-in') {
    return (
      <div className="card flex flex-col items-start gap-3 p-6">
        <p className="text-lg font-semibold">A sunbed time is held for you. Sign in to book it.</p>
        <p className="text-cocoa-700">Sign in with the account the text was sent to, and you'll come straight back here.</p>
        <Link to="/sign-in/" className="btn-primary" onClick={() => rememberOffer(token)}>
          Sign in to book
        </Link>
      </div>
    )
  }
  const { offer } = result
  if (booked) {
    return (
      <div role="status" className="flex flex-col items-start gap-3">
        <p className="text-lg font-semibold">You're booked for {booked.time}: see it among your bookings.</p>
        <Link to="/upcoming-booking/" className="btn-primary">
          See your bookings
        </Link>
      </div>
    )
  }
  if (!offer.held || error?.startsWith('This offer has gone')) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p>{error ?? offer.message}</p>
        <Link to="/book/" className="btn-primary">
          Go to the booking page
        </Link>
      </div>
    )
  }
  async function onBook() {
    setBusy(true)
    setError(null)
    try {
      const { booking } = await browserWaitlistCalls.bookOffer(token)
      // A salon that takes the card payment up front: the held session is paid for as any booking is.
      if (awaitingCardPayment(booking)) await navigate(sessionPaymentPath(booking))
      else setBooked(booking)
    } catch (e) {
      setError(e instanceof Error ? e.message : 'We could not book this time.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="card flex flex-col items-start gap-3 p-6">
      <p className="text-lg font-semibold">{offer.message}</p>
      <p className="text-cocoa-700">
        {offer.bed.name} · {offer.minutes} minutes ·{' '}
        {offer.paidWith === 'balance' ? PAID_WORDS.balance : `${formatPence(offer.pricePence)} ${offer.paidWith ? PAID_WORDS[offer.paidWith] : ''}`}
      </p>
      {error && (
        <p role="alert" className="font-medium text-coral-700">
          {error}
        </p>
      )}
      <button type="button" className="btn-primary" disabled={busy} onClick={() => void onBook()}>
        {busy ? 'Booking…' : 'Book this time'}
      </button>
    </div>
  )
}
