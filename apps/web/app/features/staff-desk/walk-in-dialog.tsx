import type { DaySheetBed, NewInSalonCustomer, WalkInRequest } from '@salon/contracts/staff-day'
import { useId, useState, type FormEvent } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import type { PhotoIdDocument } from '@salon/contracts/rules/photo-id'
import { StaffDialog, useStaff, useStaffAction } from '../staff/public.ts'
import { CustomerPicker, PickedCustomer, type CustomerHit } from './customer-picker.tsx'
import { deskCalls } from './desk-calls.ts'
import { ANSWER_EVERY_QUESTION, HealthAtDeskField, useHealthAtDesk } from './health-at-desk.tsx'
import { idCheckOf, PhotoIdField } from './photo-id.tsx'
import { RefusalBox, refusalOf, useOverride, type Refusal } from './rule-override.tsx'

type Chosen = { kind: 'existing'; customer: CustomerHit } | { kind: 'new'; customer: NewInSalonCustomer }

const SKIN_TYPES = [1, 2, 3, 4, 5, 6]

/**
 * A walk-in or phone booking (docs/product.md §10.2, POST /api/staff/bookings): a customer of the salon found by
 * mobile number or name, or a new one signed up at the desk; then bed, day, time, minutes and how it is paid.
 */
export function WalkInDialog({
  open,
  date,
  beds,
  onClose,
}: {
  open: boolean
  date: string
  beds: DaySheetBed[]
  /** Closes the dialog; after a booking the page's data has been loaded again already. */
  onClose: () => void
}) {
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [adding, setAdding] = useState(false)
  const close = () => {
    setChosen(null)
    setAdding(false)
    onClose()
  }
  return (
    <StaffDialog open={open} title="New booking" onClose={close} wide>
      <div className="flex flex-col gap-5">
        <section aria-label="Customer" className="flex flex-col gap-3">
          <h3 className="font-sans text-sm font-bold tracking-wide text-cocoa-600 uppercase">1. Customer</h3>
          {chosen?.kind === 'existing' && <PickedCustomer customer={chosen.customer} onChange={() => setChosen(null)} />}
          {chosen?.kind === 'new' && (
            <PickedCustomer
              customer={{
                name: `${chosen.customer.firstName} ${chosen.customer.lastName} (new)`,
                phone: chosen.customer.phone,
                skinType: chosen.customer.skinType,
              }}
              onChange={() => {
                setChosen(null)
                setAdding(true)
              }}
            />
          )}
          {!chosen && !adding && (
            <>
              <CustomerPicker onPick={(customer) => setChosen({ kind: 'existing', customer })} autoFocus />
              <button
                type="button"
                className="self-start text-sm font-semibold text-brand-teal underline-offset-2 hover:underline"
                onClick={() => setAdding(true)}
              >
                + A new customer, not yet on the system
              </button>
            </>
          )}
          {!chosen && adding && (
            <NewCustomerForm
              onCancel={() => setAdding(false)}
              onDone={(customer) => {
                setChosen({ kind: 'new', customer })
                setAdding(false)
              }}
            />
          )}
        </section>
        {chosen && <SessionForm key={chosen.kind === 'existing' ? chosen.customer.sub : 'new'} chosen={chosen} date={date} beds={beds} onBooked={close} />}
      </div>
    </StaffDialog>
  )
}

/** A new customer's details as the desk takes them (docs/product.md §10.2): for a walk-in, or Add a customer. */
export function NewCustomerForm({
  onCancel,
  onDone,
  cancelLabel = 'Back to the search',
  submitLabel = 'Use these details',
  problem: given,
  busy,
}: {
  onCancel: () => void
  onDone: (customer: NewInSalonCustomer) => void
  cancelLabel?: string
  submitLabel?: string
  /** What the salon answered, when the details were sent and refused. */
  problem?: string | null
  busy?: boolean
}) {
  const [own, setProblem] = useState<string | null>(null)
  const problem = own ?? given ?? null
  const ids = { first: useId(), last: useId(), phone: useId(), dob: useId(), skin: useId(), email: useId() }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    const customer: NewInSalonCustomer = {
      firstName: text('firstName'),
      lastName: text('lastName'),
      phone: text('phone'),
      dob: text('dob'),
      skinType: Number(text('skinType')),
      ...(text('email') ? { email: text('email') } : {}),
    }
    if (!customer.firstName || !customer.lastName || !customer.phone || !customer.dob || !customer.skinType) {
      return setProblem('Please fill in the name, mobile number, date of birth and skin type.')
    }
    setProblem(null)
    onDone(customer)
  }
  const label = 'text-sm font-semibold text-cocoa-800'
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-2xl border border-cocoa-100 bg-stone-50 p-4" aria-label="New customer">
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.first} className={label}>
            First name
          </label>
          <input id={ids.first} name="firstName" className="field-input" maxLength={50} autoComplete="off" required />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.last} className={label}>
            Last name
          </label>
          <input id={ids.last} name="lastName" className="field-input" maxLength={50} autoComplete="off" required />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.phone} className={label}>
            Mobile number
          </label>
          <input id={ids.phone} name="phone" type="tel" inputMode="tel" className="field-input" maxLength={40} autoComplete="off" required />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.dob} className={label}>
            Date of birth
          </label>
          <input id={ids.dob} name="dob" type="date" className="field-input" required />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.skin} className={label}>
            Skin type
          </label>
          <select id={ids.skin} name="skinType" className="field-input" defaultValue="" required>
            <option value="" disabled>
              Choose…
            </option>
            {SKIN_TYPES.map((n) => (
              <option key={n} value={n}>
                Type {['I', 'II', 'III', 'IV', 'V', 'VI'][n - 1]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.email} className={label}>
            Email (optional)
          </label>
          <input id={ids.email} name="email" type="email" className="field-input" maxLength={254} autoComplete="off" />
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  )
}

function SessionForm({ chosen, date, beds, onBooked }: { chosen: Chosen; date: string; beds: DaySheetBed[]; onBooked: () => void }) {
  const { isOwner, notify } = useStaff()
  const action = useStaffAction()
  const override = useOverride()
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [paidWith, setPaidWith] = useState<WalkInRequest['paidWith']>(chosen.kind === 'existing' ? 'balance' : 'in_salon')
  const [idDocument, setIdDocument] = useState<PhotoIdDocument | ''>('')
  const [problem, setProblem] = useState<string | null>(null)
  const health = useHealthAtDesk(chosen.kind === 'existing' ? chosen.customer.sub : null)
  const ids = { bed: useId(), date: useId(), time: useId(), minutes: useId() }
  const active = beds.filter((bed) => bed.active)
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The health questions are gone through with the customer before anything is sent (docs/product.md §4.15).
    if (health.needed && !health.request) return setProblem(ANSWER_EVERY_QUESTION)
    setProblem(null)
    const form = new FormData(event.currentTarget)
    const body: WalkInRequest = {
      customer:
        chosen.kind === 'existing' ? { sub: chosen.customer.sub } : { new: { ...chosen.customer, ...(health.request ? { health: health.request } : {}) } },
      bedId: String(form.get('bedId')),
      date: String(form.get('date')),
      time: String(form.get('time')),
      minutes: Number(form.get('minutes')),
      paidWith,
      ...override.body(),
      ...idCheckOf(idDocument),
    }
    try {
      const answers = health.request
      // A customer of the salon whose answers were due: their answers are recorded first, whatever the booking meets.
      if (chosen.kind === 'existing' && answers) await action.run(() => deskCalls.recordHealthAnswers(chosen.customer.sub, answers), { rethrow: true })
      const answer = await action.run(() => deskCalls.walkIn(body), { rethrow: true })
      if (answer) {
        notify({ kind: 'success', message: `Booked: ${answer.booking.customer.name}, ${answer.booking.bed.name} at ${answer.booking.time}.` })
        onBooked()
      }
    } catch (error) {
      setRefusal(refusalOf(error))
    }
  }
  const label = 'text-sm font-semibold text-cocoa-800'
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" aria-label="Session">
      <h3 className="font-sans text-sm font-bold tracking-wide text-cocoa-600 uppercase">2. Session</h3>
      {refusal && <RefusalBox refusal={refusal} isOwner={isOwner} override={override} />}
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <HealthAtDeskField health={health} />
      <PhotoIdField sub={chosen.kind === 'existing' ? chosen.customer.sub : null} value={idDocument} onChange={setIdDocument} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <label htmlFor={ids.bed} className={label}>
            Sunbed
          </label>
          <select id={ids.bed} name="bedId" className="field-input" required>
            {active.map((bed) => (
              <option key={bed.id} value={bed.id}>
                {bed.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.date} className={label}>
            Day
          </label>
          <input id={ids.date} name="date" type="date" className="field-input" defaultValue={date} required />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.time} className={label}>
            Time
          </label>
          <input id={ids.time} name="time" type="time" step={300} className="field-input" required />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.minutes} className={label}>
            Minutes
          </label>
          <input id={ids.minutes} name="minutes" type="number" inputMode="numeric" min={1} max={60} defaultValue={6} className="field-input" required />
        </div>
        <fieldset className="flex flex-col gap-1.5">
          <legend className={`${label} mb-1.5`}>Paid with</legend>
          <div className="grid grid-cols-2 gap-2">
            {(
              [
                ['balance', 'Minutes on balance'],
                ['in_salon', 'Pay in salon'],
              ] as const
            ).map(([value, text]) => (
              <label
                key={value}
                className={`flex min-h-12 cursor-pointer items-center justify-center rounded-xl border px-2 text-center text-sm font-semibold ${paidWith === value ? 'border-brand-teal bg-brand-teal/10 text-brand-teal-dark' : 'border-cocoa-200 bg-white'}`}
              >
                <input type="radio" name="paidWith" value={value} checked={paidWith === value} onChange={() => setPaidWith(value)} className="sr-only" />
                {text}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <button type="submit" className="btn-primary mt-1" disabled={action.busy}>
        {action.busy && <Spinner label="Booking" />}
        {override.chosen ? 'Book it, overriding the rule' : 'Book the session'}
      </button>
    </form>
  )
}
