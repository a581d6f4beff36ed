import type { DaySheetBed, DaySheetBooking, StaffMoveRequest } from '@salon/contracts/staff-day'
import { useId, useState, type FormEvent } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatPence } from '../../lib/format.ts'
import { StaffDialog, useStaff, useStaffAction } from '../staff/public.ts'
import { paymentText } from './booking-card.tsx'
import { deskCalls } from './desk-calls.ts'
import { RefusalBox, refusalOf, useOverride, type Refusal } from './rule-override.tsx'

/** Where a cancelled session's minutes or money go, said before staff confirm (docs/product.md §10.2). */
export function cancelConsequence(booking: DaySheetBooking): string {
  const first = booking.customer.firstName ?? booking.customer.name
  const { payment } = booking
  if (payment.method === 'balance') return `The ${payment.minutes} minutes go back to ${first}'s balance.`
  if (payment.method === 'membership') return `It no longer counts against ${first}'s membership.`
  if (payment.method === 'card' && payment.state === 'paid') return `The ${formatPence(payment.pricePence)} paid by card goes back to ${first}'s card.`
  if (payment.method === 'card' && payment.state === 'pending') return 'The card payment under way is stopped: nothing is taken.'
  if (payment.method === 'in_salon' && payment.paidAtDesk) {
    return `It was paid at the desk (${payment.paidAtDesk.method === 'cash' ? 'cash' : 'card terminal'}): give the ${formatPence(payment.pricePence)} back to ${first}, and ask the owner to undo the payment.`
  }
  return 'Nothing was paid, so nothing is given back.'
}

type Mode = 'menu' | 'move' | 'cancel'

/** A session's move (bed, day, time) or cancellation on the customer's behalf. */
export function MoveCancelDialog({
  booking,
  beds,
  onClose,
}: {
  booking: DaySheetBooking | null
  beds: DaySheetBed[]
  /** Closes the dialog; after a change the page's data has been loaded again already. */
  onClose: () => void
}) {
  const [mode, setMode] = useState<Mode>('menu')
  const close = () => {
    setMode('menu')
    onClose()
  }
  const title = !booking
    ? ''
    : mode === 'move'
      ? `Move ${booking.customer.name}'s session`
      : mode === 'cancel'
        ? 'Cancel this session?'
        : `${booking.time} ${booking.customer.name}`
  return (
    <StaffDialog open={booking !== null} title={title} onClose={close}>
      {booking && mode === 'menu' && (
        <div className="flex flex-col gap-3">
          <p className="text-cocoa-700">
            {booking.bed.name}, {booking.time}–{booking.endTime}, {booking.minutes} min. {paymentText(booking.payment)}.
          </p>
          <button type="button" className="btn-outline w-full" onClick={() => setMode('move')}>
            Move to another bed or time
          </button>
          <button type="button" className="btn w-full border border-red-300 bg-white text-red-800 hover:bg-red-50" onClick={() => setMode('cancel')}>
            Cancel on the customer's behalf
          </button>
        </div>
      )}
      {booking && mode === 'move' && <MoveForm booking={booking} beds={beds} onDone={close} />}
      {booking && mode === 'cancel' && <CancelForm booking={booking} onBack={() => setMode('menu')} onDone={close} />}
    </StaffDialog>
  )
}

function CancelForm({ booking, onBack, onDone }: { booking: DaySheetBooking; onBack: () => void; onDone: () => void }) {
  const { notify } = useStaff()
  const action = useStaffAction()
  const [reason, setReason] = useState('')
  async function cancel(event: FormEvent) {
    event.preventDefault()
    const answer = await action.run(() => deskCalls.cancel(booking.id, reason.trim() ? { reason: reason.trim() } : {}))
    if (answer) {
      onDone()
      // The server's own sentence says what happened to the minutes or money.
      notify({ kind: 'success', message: answer.message })
    }
  }
  return (
    <form onSubmit={(event) => void cancel(event)} className="flex flex-col gap-4" aria-label="Cancel the session">
      <p className="text-base text-cocoa-800">
        {booking.customer.name}'s session at {booking.time} on {booking.bed.name} will be cancelled. {cancelConsequence(booking)}
      </p>
      <label className="flex flex-col gap-1.5">
        <span className="text-sm font-semibold text-cocoa-800">Note (optional)</span>
        <input
          className="field-input"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="For example: rang to say she is ill"
        />
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-outline" onClick={onBack}>
          Keep it
        </button>
        <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={action.busy}>
          {action.busy && <Spinner label="Cancelling" />}
          Cancel the session
        </button>
      </div>
    </form>
  )
}

function MoveForm({ booking, beds, onDone }: { booking: DaySheetBooking; beds: DaySheetBed[]; onDone: () => void }) {
  const { isOwner, notify } = useStaff()
  const action = useStaffAction()
  const override = useOverride()
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const ids = { bed: useId(), date: useId(), time: useId(), minutes: useId() }
  const inSalon = booking.payment.method === 'in_salon'
  const choices = beds.filter((bed) => bed.active && (inSalon || bed.type === booking.bed.type))
  async function move(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body: StaffMoveRequest = {
      bedId: String(form.get('bedId')),
      date: String(form.get('date')),
      time: String(form.get('time')),
      ...(inSalon ? { minutes: Number(form.get('minutes')) } : {}),
      ...override.body(),
    }
    try {
      const answer = await action.run(() => deskCalls.move(booking.id, body), { rethrow: true })
      if (answer) {
        onDone()
        notify({ kind: 'success', message: answer.message })
      }
    } catch (error) {
      setRefusal(refusalOf(error))
    }
  }
  return (
    <form onSubmit={(event) => void move(event)} className="flex flex-col gap-4" aria-label="Move the session">
      {refusal && <RefusalBox refusal={refusal} isOwner={isOwner} override={override} />}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.bed} className="text-sm font-semibold text-cocoa-800">
          Sunbed
        </label>
        <select id={ids.bed} name="bedId" className="field-input" defaultValue={booking.bed.id}>
          {choices.map((bed) => (
            <option key={bed.id} value={bed.id}>
              {bed.name}
            </option>
          ))}
        </select>
        {!inSalon && <p className="text-sm text-cocoa-600">Paid from the balance or by card: the same kind of sunbed, and the same minutes.</p>}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.date} className="text-sm font-semibold text-cocoa-800">
            Day
          </label>
          <input id={ids.date} name="date" type="date" className="field-input" defaultValue={booking.date} required />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.time} className="text-sm font-semibold text-cocoa-800">
            Time
          </label>
          <input id={ids.time} name="time" type="time" step={300} className="field-input" defaultValue={booking.time} required />
        </div>
      </div>
      {inSalon && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.minutes} className="text-sm font-semibold text-cocoa-800">
            Minutes
          </label>
          <input
            id={ids.minutes}
            name="minutes"
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            className="field-input"
            defaultValue={booking.minutes}
            required
          />
        </div>
      )}
      <button type="submit" className="btn-primary" disabled={action.busy}>
        {action.busy && <Spinner label="Moving" />}
        {override.chosen ? 'Move it, overriding the rule' : 'Move the session'}
      </button>
    </form>
  )
}
