import type { AdjustmentRequest, CounterRefundRequest, CounterRefundResponse } from '@salon/contracts/staff-counter'
import { useId, useState, type FormEvent } from 'react'
import { SegmentedControl } from '../../components/ui/segmented-control.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount } from '../../lib/format.ts'
import { messageOf, StaffDialog, useStaff, useStaffAction } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'

/** The owner's refund of a counter sale, with the reason (docs/product.md §10.3): the unused minutes of its lot come off the balance. */
export function RefundDialog({
  sale,
  onClose,
  onRefunded,
}: {
  /** `minutes`: a sale of a package or loose minutes, which may be refunded by its unused minutes alone. */
  sale: { paymentId: string; description: string; amountPence: number; method: string; minutes?: boolean } | null
  onClose: () => void
  /** After the refund, once the page's data has been loaded again (the counter marks its last sale refunded). */
  onRefunded?: (answer: CounterRefundResponse) => void
}) {
  const { notify } = useStaff()
  const action = useStaffAction()
  const [reason, setReason] = useState('')
  const [part, setPart] = useState<'whole' | 'unused'>('whole')
  const [problem, setProblem] = useState<string | null>(null)
  const reasonId = useId()
  const close = () => {
    setReason('')
    setPart('whole')
    setProblem(null)
    onClose()
  }
  async function refund(event: FormEvent) {
    event.preventDefault()
    if (!sale) return
    if (!reason.trim()) return setProblem('Please say why the sale is refunded.')
    const body: CounterRefundRequest = { paymentId: sale.paymentId, reason: reason.trim(), part }
    try {
      const answer = await action.run(() => deskCalls.refundSale(body), { rethrow: true })
      if (answer) {
        notify({ kind: 'success', message: answer.message })
        onRefunded?.(answer)
        close()
      }
    } catch (error) {
      setProblem(messageOf(error))
    }
  }
  return (
    <StaffDialog open={sale !== null} title="Refund this sale?" onClose={close}>
      {sale && (
        <form onSubmit={(event) => void refund(event)} className="flex flex-col gap-4" aria-label="Refund the sale">
          <p className="text-cocoa-800">
            {sale.method === 'cash' || sale.method === 'card_terminal' ? (
              <>
                {sale.description}, {formatAmount(sale.amountPence)} by {sale.method === 'cash' ? 'cash' : 'card terminal'}. Give the money back{' '}
                {sale.method === 'cash' ? 'in cash' : 'on the card terminal'}. Any minutes of this sale not yet used come off the customer's balance, and any
                products sold go back in stock.
              </>
            ) : (
              <>
                {sale.description}, {formatAmount(sale.amountPence)} paid by card online. It goes back to the customer's card, and they are told once it has:
                the minutes of this purchase not yet used come off their balance.
              </>
            )}
          </p>
          {sale.minutes && (
            <div className="flex flex-col gap-1.5">
              <SegmentedControl
                label="How much to refund"
                wide
                segments={[
                  { value: 'whole', label: `All of it (${formatAmount(sale.amountPence)})` },
                  { value: 'unused', label: 'The unused minutes' },
                ]}
                value={part}
                onChange={setPart}
              />
              {part === 'unused' && (
                <p className="text-sm text-cocoa-600">
                  The share of the price for the minutes not yet used, rounded down to the penny: the answer says how much.
                </p>
              )}
            </div>
          )}
          {problem && (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
              {problem}
            </p>
          )}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={reasonId} className="text-sm font-semibold text-cocoa-800">
              Reason (kept in the audit log)
            </label>
            <textarea id={reasonId} className="field-input min-h-20" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" onClick={close}>
              Keep the sale
            </button>
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={action.busy}>
              {action.busy && <Spinner label="Refunding" />}
              {part === 'unused' ? 'Refund the unused minutes' : `Refund ${formatAmount(sale.amountPence)}`}
            </button>
          </div>
        </form>
      )}
    </StaffDialog>
  )
}

/** The owner's correction of a customer's balance, minutes added or taken off, with the reason (docs/product.md §10.3). */
export function AdjustDialog({ customer, onClose }: { customer: { sub: string; name: string } | null; onClose: () => void }) {
  const { notify } = useStaff()
  const action = useStaffAction()
  const [direction, setDirection] = useState<'add' | 'remove'>('add')
  const [problem, setProblem] = useState<string | null>(null)
  const ids = { minutes: useId(), reason: useId() }
  const close = () => {
    setProblem(null)
    onClose()
  }
  async function adjust(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!customer) return
    const form = new FormData(event.currentTarget)
    const minutes = Number(form.get('minutes'))
    const reason = String(form.get('reason') ?? '').trim()
    if (!Number.isInteger(minutes) || minutes < 1) return setProblem('Please give the minutes, a whole number above 0.')
    if (!reason) return setProblem('Please say why the balance is corrected.')
    const body: AdjustmentRequest = { minutes: direction === 'add' ? minutes : -minutes, reason }
    try {
      const answer = await action.run(() => deskCalls.adjust(customer.sub, body), { rethrow: true })
      if (answer) {
        notify({ kind: 'success', message: answer.message })
        close()
      }
    } catch (error) {
      setProblem(messageOf(error))
    }
  }
  return (
    <StaffDialog open={customer !== null} title={customer ? `Correct ${customer.name}'s balance` : ''} onClose={close}>
      {customer && (
        <form onSubmit={(event) => void adjust(event)} noValidate className="flex flex-col gap-4" aria-label="Correct the balance">
          {problem && (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
              {problem}
            </p>
          )}
          <SegmentedControl
            label="Add or take off"
            wide
            segments={[
              { value: 'add', label: 'Add minutes' },
              { value: 'remove', label: 'Take minutes off' },
            ]}
            value={direction}
            onChange={setDirection}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.minutes} className="text-sm font-semibold text-cocoa-800">
              Minutes
            </label>
            <input id={ids.minutes} name="minutes" type="number" inputMode="numeric" min={1} max={1000} className="field-input" required />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.reason} className="text-sm font-semibold text-cocoa-800">
              Reason (kept in the audit log)
            </label>
            <textarea id={ids.reason} name="reason" className="field-input min-h-20" maxLength={500} required />
          </div>
          <button type="submit" className="btn-primary" disabled={action.busy}>
            {action.busy && <Spinner label="Correcting" />}
            {direction === 'add' ? 'Add the minutes' : 'Take the minutes off'}
          </button>
        </form>
      )}
    </StaffDialog>
  )
}
