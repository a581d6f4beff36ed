import type { Booking } from '@salon/contracts/booking'
import { Link } from 'react-router'
import { formatPence } from '../../lib/format.ts'
import { clockOf, dayParts, formatDay } from './dates.ts'
import { STATUS_LABELS } from './status-labels.ts'

/** How a session is paid, in a row. */
function paidText(booking: Booking) {
  if (booking.paidWith === 'balance') return 'from your balance'
  if (booking.paidWith === 'membership') return 'with your membership'
  if (booking.paidWith === 'credit') return `${formatPence(booking.pricePence)} with your gift voucher credit`
  return `${formatPence(booking.pricePence)} ${booking.paidWith === 'card' ? 'by card' : 'in the salon'}`
}

/** One session as a row: the day as a calendar leaf, then time, bed, minutes and payment, and an action. */
export function BookingRow({ booking, action }: { booking: Booking; action?: React.ReactNode }) {
  const parts = dayParts(booking.date)
  const past = booking.status !== 'booked'
  return (
    <li className={`card flex flex-wrap items-center gap-4 p-4 ${past ? 'bg-cocoa-50/60' : ''}`}>
      <div
        aria-hidden="true"
        className={`flex w-16 shrink-0 flex-col items-center rounded-xl py-1.5 ${past ? 'bg-cocoa-100 text-cocoa-700' : 'bg-cocoa-900 text-cream'}`}
      >
        <span className="text-xs font-semibold uppercase">{parts.weekday}</span>
        <span className="font-display text-2xl leading-none font-semibold">{parts.day}</span>
        <span className="text-xs">{parts.month}</span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          <Link
            to={`/booking/?id=${encodeURIComponent(booking.id)}`}
            className="hover:underline"
            aria-label={`${formatDay(booking.date)}, ${booking.time}–${clockOf(booking.endsAt)} · ${booking.bed.name}`}
          >
            {booking.time}–{clockOf(booking.endsAt)} · {booking.bed.name}
          </Link>
        </p>
        <p className="text-sm text-cocoa-700">
          {booking.minutes} minutes · {paidText(booking)}
          {past && ` · ${STATUS_LABELS[booking.status]}`}
        </p>
      </div>
      {action && <div className="ml-auto">{action}</div>}
    </li>
  )
}
