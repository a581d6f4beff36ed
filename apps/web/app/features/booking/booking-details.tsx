import type { Booking } from '@salon/contracts/booking'
import { formatPence } from '../../lib/format.ts'
import { clockOf, formatDayWithYear } from './dates.ts'
import { buildIcs, downloadIcs, type CalendarSalon } from './ics.ts'
import { STATUS_LABELS } from './status-labels.ts'

export function paidWithText(booking: Pick<Booking, 'paidWith' | 'minutes' | 'pricePence'>) {
  if (booking.paidWith === 'balance') return `${booking.minutes} minutes from your balance`
  if (booking.paidWith === 'card') return `${formatPence(booking.pricePence)}, by card`
  if (booking.paidWith === 'membership') return `${booking.minutes} minutes with your membership`
  if (booking.paidWith === 'credit') return `${formatPence(booking.pricePence)}, with your gift voucher credit`
  return `${formatPence(booking.pricePence)}, paid in the salon`
}

/** A booking's bed, day, time, minutes and how it is paid: what a customer shows at the desk. */
export function BookingDetails({ booking }: { booking: Booking }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
      <Row label="Sunbed">{booking.bed.name}</Row>
      <Row label="Day">{formatDayWithYear(booking.date)}</Row>
      <Row label="Time">
        {booking.time} to {clockOf(booking.endsAt)}
      </Row>
      <Row label="Minutes">{booking.minutes}</Row>
      <Row label="Payment">{paidWithText(booking)}</Row>
      {booking.status !== 'booked' && <Row label="Status">{STATUS_LABELS[booking.status]}</Row>}
    </dl>
  )
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-sm font-semibold text-cocoa-600 sm:text-base sm:font-normal">{label}</dt>
      <dd className="-mt-2 text-lg font-semibold sm:mt-0">{children}</dd>
    </div>
  )
}

/** "Add to calendar": an .ics file made in the browser. */
export function AddToCalendar({ booking, salon, className = 'btn-outline' }: { booking: Booking; salon: CalendarSalon; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => downloadIcs(buildIcs(booking, salon), `sunbed-session-${booking.date}.ics`)}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4M12 13v5M9.5 15.5h5" />
      </svg>
      Add to calendar
    </button>
  )
}
