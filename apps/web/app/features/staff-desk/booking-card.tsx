import { todayInUk } from '@salon/contracts/dates'
import type { DaySheetBooking, DaySheetPayment, DaySheetStatus } from '@salon/contracts/staff-day'
import { formatPence } from '../../lib/format.ts'
import { Badge } from '../staff/public.ts'
import { skinTypeText } from './customer-picker.tsx'

const STATUS: Record<DaySheetStatus, { label: string; tone: 'neutral' | 'good' | 'warn' | 'bad' | 'info' }> = {
  pending: { label: 'Awaiting payment', tone: 'warn' },
  booked: { label: 'Booked', tone: 'info' },
  attended: { label: 'Attended', tone: 'good' },
  no_show: { label: 'No-show', tone: 'bad' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
}

/** How a session is paid, in a few words. */
export function paymentText(payment: DaySheetPayment): string {
  if (payment.method === 'balance') return `From balance (${payment.minutes} min)${payment.paidAtDesk ? ', taken at the desk' : ''}`
  if (payment.method === 'membership') return `Membership (${payment.minutes} min)`
  if (payment.method === 'credit') return `Gift voucher credit ${formatPence(payment.pricePence)}${payment.paidAtDesk ? ', taken at the desk' : ''}`
  if (payment.method === 'in_salon') {
    const paid = payment.paidAtDesk
    if (paid) return `Paid in salon ${formatPence(payment.pricePence)} (${paid.method === 'cash' ? 'cash' : 'card terminal'})`
    return `Pay in salon ${formatPence(payment.pricePence)}`
  }
  const state = { paid: 'paid', pending: 'payment pending', refunded: 'refunded', unpaid: 'not paid' }[payment.state]
  return `Card ${formatPence(payment.pricePence)}, ${state}`
}

export function StatusBadge({ status }: { status: DaySheetStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
}

export interface BookingCardActions {
  onMark: (booking: DaySheetBooking, status: 'attended' | 'no_show' | 'booked') => void
  onMore: (booking: DaySheetBooking) => void
  /** Take payment for a session to be paid in the salon, or (the owner) undo one taken at the desk. */
  onPay: (booking: DaySheetBooking) => void
  busy: boolean
}

/** Whether the desk may take payment for the session now: to be paid in the salon, not yet paid, booked or attended. */
export const canTakePayment = (booking: DaySheetBooking) =>
  booking.payment.method === 'in_salon' && !booking.payment.paidAtDesk && (booking.status === 'booked' || booking.status === 'attended')

const payLabel = (booking: DaySheetBooking) => `Take payment ${formatPence(booking.payment.method === 'in_salon' ? booking.payment.pricePence : 0)}`

/** A payment taken at the desk for the session, which the owner may undo. */
export const paidAtDesk = (booking: DaySheetBooking) =>
  booking.payment.method === 'in_salon' || booking.payment.method === 'balance' || booking.payment.method === 'credit' ? booking.payment.paidAtDesk : null

/**
 * One session on the day sheet: time, customer, skin type, minutes, how paid, status, and what staff may do with it.
 * Attended and No-show are offered as the server takes them (docs/product.md §10.2, §10.10): for a booked session
 * (not one still waiting for its card payment) on its day or after it, never for one on a day ahead.
 */
export function BookingCard({
  booking,
  actions,
  showBed,
  isOwner,
}: {
  booking: DaySheetBooking
  actions: BookingCardActions
  showBed?: boolean
  isOwner?: boolean
}) {
  const done = booking.status === 'attended' || booking.status === 'no_show'
  const open = booking.status === 'booked' && booking.date <= todayInUk()
  const toPay = canTakePayment(booking)
  const undoable = isOwner === true && paidAtDesk(booking) !== null
  return (
    <article
      className={`rounded-2xl border bg-white p-3 shadow-sm ${booking.status === 'no_show' ? 'border-red-200' : booking.status === 'attended' ? 'border-emerald-200' : 'border-cocoa-100'}`}
      data-testid="day-booking"
      aria-label={`${booking.time} ${booking.customer.name}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-cocoa-600 tabular-nums">
            <span className="whitespace-nowrap">
              {booking.time}–{booking.endTime}
            </span>
            {showBed && <span className="font-normal"> · {booking.bed.name}</span>}
          </p>
          <div className="mt-1">
            <StatusBadge status={booking.status} />
          </div>
        </div>
        {booking.status !== 'cancelled' && (
          <button
            type="button"
            className="-mt-1 -mr-1 flex size-10 shrink-0 items-center justify-center rounded-full text-cocoa-600 hover:bg-cocoa-50"
            onClick={() => actions.onMore(booking)}
            aria-label={`Move or cancel ${booking.customer.name}'s session`}
            title="Move or cancel"
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
              <circle cx="5" cy="12" r="1.8" />
              <circle cx="12" cy="12" r="1.8" />
              <circle cx="19" cy="12" r="1.8" />
            </svg>
          </button>
        )}
      </div>
      <p className="mt-1 text-base leading-snug font-semibold break-words text-cocoa-950">{booking.customer.name}</p>
      <p className="mt-1 text-sm text-cocoa-700">
        {skinTypeText(booking.customer.skinType)} · {booking.minutes} min
      </p>
      <p className="text-sm text-cocoa-700">{paymentText(booking.payment)}</p>
      {booking.overrideReason && <p className="mt-1 text-xs text-amber-800">Rule overridden: {booking.overrideReason}</p>}
      {(toPay || undoable) && (
        <button
          type="button"
          className={`${toPay ? 'btn-primary' : 'btn-outline'} mt-3 min-h-10 w-full px-2 text-sm`}
          disabled={actions.busy}
          onClick={() => actions.onPay(booking)}
          aria-label={toPay ? `${payLabel(booking)} for ${booking.customer.name}'s session` : `Undo payment for ${booking.customer.name}'s session`}
        >
          {toPay ? payLabel(booking) : 'Undo payment'}
        </button>
      )}
      {(open || done) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {open && (
            <>
              <button
                type="button"
                className="btn min-h-10 flex-1 basis-24 bg-emerald-700 px-2 text-sm whitespace-nowrap text-white hover:bg-emerald-800"
                disabled={actions.busy}
                onClick={() => actions.onMark(booking, 'attended')}
              >
                Attended
              </button>
              <button
                type="button"
                className="btn-outline min-h-10 flex-1 basis-24 px-2 text-sm whitespace-nowrap"
                disabled={actions.busy}
                onClick={() => actions.onMark(booking, 'no_show')}
              >
                No-show
              </button>
            </>
          )}
          {done && (
            <button
              type="button"
              className="btn-outline min-h-10 flex-1 px-2 text-sm"
              disabled={actions.busy}
              onClick={() => actions.onMark(booking, 'booked')}
            >
              Undo
            </button>
          )}
        </div>
      )}
    </article>
  )
}
