import type { Booking } from '@salon/contracts/booking'
import { useId } from 'react'
import { useModalDialog } from '../../components/ui/use-modal-dialog.ts'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount } from '../../lib/format.ts'
import { clockOf, formatDay } from './dates.ts'

const cutoffText = (booking: Booking) => {
  const until = booking.cancellableUntil
  return until.slice(0, 10) === booking.date ? `${clockOf(until)} that day` : `${clockOf(until)} on ${formatDay(until.slice(0, 10))}`
}

/** Where what was paid for the session goes when it is cancelled: minutes to the balance, a card payment back to the card. */
export function cancelOutcomeText(booking: Pick<Booking, 'paidWith' | 'status' | 'minutes' | 'pricePence'>): string {
  if (booking.paidWith === 'balance') return `The ${booking.minutes} minutes go back on your balance.`
  if (booking.paidWith === 'membership') return 'It no longer counts against your membership.'
  if (booking.paidWith === 'credit') return `The ${formatAmount(booking.pricePence)} goes back on your account as gift voucher credit.`
  if (booking.paidWith === 'card' && booking.status === 'booked') return `The card payment of ${formatAmount(booking.pricePence)} goes back to your card.`
  return 'Nothing has been paid for it yet.'
}

/** Asks before cancelling, and says the rule: online until the cut-off, balance minutes go back. */
export function CancelDialog({ booking, busy, onConfirm, onClose }: { booking: Booking | null; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const ref = useModalDialog(booking !== null)
  const titleId = useId()
  const textId = useId()
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onClose()
      }}
      className="m-auto w-[min(92vw,28rem)] rounded-3xl bg-white p-0 text-cocoa-900 shadow-2xl backdrop:bg-cocoa-950/60 backdrop:backdrop-blur-sm"
    >
      {booking && (
        <div className="flex flex-col gap-4 p-6">
          <h2 id={titleId} className="text-2xl font-semibold">
            Cancel this session?
          </h2>
          <div id={textId} className="flex flex-col gap-3 text-cocoa-700">
            <p>
              <strong className="text-cocoa-900">
                {formatDay(booking.date)} at {booking.time}
              </strong>
              , {booking.minutes} minutes on {booking.bed.name}.
            </p>
            <p>
              Sessions can be cancelled online until {cutoffText(booking)}. {cancelOutcomeText(booking)} The time becomes free for others to book.
            </p>
          </div>
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" onClick={onClose} disabled={busy} autoFocus>
              Keep it
            </button>
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={onConfirm} disabled={busy}>
              {busy && <Spinner label="Cancelling" />}
              Cancel session
            </button>
          </div>
        </div>
      )}
    </dialog>
  )
}
