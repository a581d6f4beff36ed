import type { DaySheetBooking, DeskPaymentMethod } from '@salon/contracts/staff-day'
import { useState } from 'react'
import { SegmentedControl } from '../../components/ui/segmented-control.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatPence } from '../../lib/format.ts'
import { ConfirmDialog, StaffDialog, useStaff, useStaffAction } from '../staff/public.ts'
import { paidAtDesk } from './booking-card.tsx'
import { deskCalls } from './desk-calls.ts'

const METHODS: readonly { value: DeskPaymentMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card_terminal', label: 'Card terminal' },
  { value: 'balance', label: 'Balance' },
]

/**
 * docs/product.md §10.2: taking payment at the desk for a session to be paid in the salon (cash, the card terminal, or
 * the minutes on the customer's balance), once; the owner undoes a payment taken by mistake, saying why.
 */
export function PaymentDialog({ booking, onClose }: { booking: DaySheetBooking | null; onClose: () => void }) {
  const { notify } = useStaff()
  const action = useStaffAction()
  const [method, setMethod] = useState<DeskPaymentMethod>('cash')
  const paid = booking ? paidAtDesk(booking) : null
  const close = () => {
    setMethod('cash')
    onClose()
  }
  async function take() {
    if (!booking) return
    const answer = await action.run(() => deskCalls.takePayment(booking.id, { method }))
    if (answer) {
      notify({ kind: 'success', message: answer.message })
      close()
    }
  }
  async function undo(reason: string) {
    if (!booking) return
    const answer = await action.run(() => deskCalls.undoPayment(booking.id, { reason }))
    if (answer) {
      notify({ kind: 'success', message: answer.message })
      close()
    }
  }
  if (booking && paid) {
    const how = paid.method === 'cash' ? 'in cash' : paid.method === 'card_terminal' ? 'on the card terminal' : 'from the balance'
    return (
      <ConfirmDialog
        open
        title="Undo this payment?"
        message={
          <p>
            {booking.customer.name}'s session at {booking.time} was paid {how} by {paid.by}.{' '}
            {paid.method === 'balance' ? 'The minutes go back on their balance.' : 'The money shows as given back in today’s takings.'} The session is then to
            be paid again.
          </p>
        }
        confirmLabel="Undo the payment"
        danger
        reasonLabel="Why (kept in the audit log)"
        busy={action.busy}
        onConfirm={(reason) => void undo(reason)}
        onClose={close}
      />
    )
  }
  const price = booking?.payment.method === 'in_salon' ? booking.payment.pricePence : 0
  return (
    <StaffDialog
      open={booking !== null}
      title="Take payment"
      onClose={close}
      footer={
        <>
          <button type="button" className="btn-outline" onClick={close}>
            Not now
          </button>
          <button type="button" className="btn-primary" disabled={action.busy} onClick={() => void take()}>
            {action.busy && <Spinner label="Taking payment" />}
            {method === 'balance' ? `Take ${booking?.minutes ?? 0} minutes` : `Take ${formatPence(price)}`}
          </button>
        </>
      }
    >
      {booking && (
        <div className="flex flex-col gap-4">
          <p className="text-cocoa-800">
            {booking.customer.name}, {booking.time} on {booking.bed.name}: {booking.minutes} minutes, <strong>{formatPence(price)}</strong>.
          </p>
          <SegmentedControl label="Paid by" segments={METHODS} value={method} onChange={setMethod} wide />
          <p className="text-sm text-cocoa-700">
            {method === 'balance'
              ? `${booking.minutes} minutes come off their balance, from minutes that fit ${booking.bed.type} sunbeds.`
              : method === 'cash'
                ? 'Count the cash into the till: it is in today’s cash-up.'
                : 'Take it on the card terminal first: it is in today’s card-terminal total.'}
          </p>
        </div>
      )}
    </StaffDialog>
  )
}
