import type { DaySheetBooking, DeskPaymentMethod } from '@salon/contracts/staff-day'
import { useEffect, useState } from 'react'
import { SegmentedControl } from '../../components/ui/segmented-control.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount, formatPence } from '../../lib/format.ts'
import { ConfirmDialog, StaffDialog, useStaff, useStaffAction } from '../staff/public.ts'
import { paidAtDesk } from './booking-card.tsx'
import { deskCalls } from './desk-calls.ts'

const METHODS: readonly { value: DeskPaymentMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card_terminal', label: 'Card terminal' },
  { value: 'balance', label: 'Balance' },
  { value: 'credit', label: 'Credit' },
]

/**
 * docs/product.md §10.2: taking payment at the desk for a session to be paid in the salon (cash, the card terminal,
 * the minutes on the customer's balance, or their gift voucher credit), once; the owner undoes a payment taken by
 * mistake, saying why.
 */
export function PaymentDialog({ booking, onClose }: { booking: DaySheetBooking | null; onClose: () => void }) {
  const { notify } = useStaff()
  const action = useStaffAction()
  const [method, setMethod] = useState<DeskPaymentMethod>('cash')
  const paid = booking ? paidAtDesk(booking) : null
  const credit = useCustomerCredit(booking && !paid ? booking.customer.sub : null)
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
    const how = { cash: 'in cash', card_terminal: 'on the card terminal', balance: 'from the balance', credit: 'with gift voucher credit' }[paid.method]
    return (
      <ConfirmDialog
        open
        title="Undo this payment?"
        message={
          <p>
            {booking.customer.name}'s session at {booking.time} was paid {how} by {paid.by}.{' '}
            {paid.method === 'balance'
              ? 'The minutes go back on their balance.'
              : paid.method === 'credit'
                ? 'The credit goes back on their account.'
                : 'The money shows as given back in today’s takings.'}{' '}
            The session is then to be paid again.
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
  const creditWords =
    credit === undefined
      ? 'It comes off their gift voucher credit.'
      : credit < price
        ? `Their gift voucher credit is ${formatAmount(credit)}: not enough for this session.`
        : `It comes off their gift voucher credit of ${formatAmount(credit)}, leaving ${formatAmount(credit - price)}. It is not in the takings: the voucher's sale was.`
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
              : method === 'credit'
                ? creditWords
                : method === 'cash'
                  ? 'Count the cash into the till: it is in today’s cash-up.'
                  : 'Take it on the card terminal first: it is in today’s card-terminal total.'}
          </p>
        </div>
      )}
    </StaffDialog>
  )
}

/** The customer's gift voucher credit in pence while the dialog is open for them; undefined until it is known. */
function useCustomerCredit(sub: string | null): number | undefined {
  const [credit, setCredit] = useState<{ sub: string; pence: number } | undefined>(undefined)
  useEffect(() => {
    if (!sub) return
    let current = true
    deskCalls
      .credit(sub)
      .then((answer) => current && setCredit({ sub, pence: answer.creditPence }))
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [sub])
  return credit && credit.sub === sub ? credit.pence : undefined
}
