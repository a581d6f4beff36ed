import { todayInUk } from '@salon/contracts/dates'
import { dateOfBirthRule, type DateOfBirthProblem } from '@salon/contracts/rules/date-of-birth'
import { EMAIL_MAX_LENGTH, isEmailAddress } from '@salon/contracts/rules/email'
import { isNameWithinLimit, NAME_MAX_LENGTH } from '@salon/contracts/rules/name'
import { checkPhone, formatPhone } from '@salon/contracts/rules/phone'
import { isSkinType } from '@salon/contracts/rules/skin-type'
import type { BookingNowBreakingRules, CustomerDetailField, CustomerDetailsRequest, StaffCustomerResponse } from '@salon/contracts/staff-customers'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError } from '../../lib/api.ts'
import { longDate, messageOf, query, StaffDialog, useStaff, useStaffAction } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'

type Customer = StaffCustomerResponse['customer']
type Values = Record<CustomerDetailField, string>

const DOB_WORDS: Record<DateOfBirthProblem, string> = {
  'not-a-date': 'Please give a real date of birth.',
  future: 'The date of birth cannot be in the future.',
  'too-early': 'Please check the year: the date of birth must be 1900 or later.',
  'under-age': 'The customer must be 18 or over: UK law does not allow anyone under 18 to use a sunbed.',
}

/** The desk's checks of the details, by the rules the salon's server keeps (packages/contracts/src/rules), in staff's words. */
export function detailProblems(values: Values, today: string): Partial<Record<CustomerDetailField, string>> {
  const problems: Partial<Record<CustomerDetailField, string>> = {}
  for (const [field, which] of [
    ['firstName', 'first'],
    ['lastName', 'last'],
  ] as const) {
    const name = values[field].trim()
    if (!name) problems[field] = `Please give the customer's ${which} name.`
    else if (!isNameWithinLimit(name)) problems[field] = `The ${which} name can be up to ${NAME_MAX_LENGTH} characters.`
  }
  const phone = checkPhone(values.phone)
  if (!phone.ok)
    problems.phone =
      phone.problem === 'landline' ? 'That is a landline: please give a mobile number.' : 'Please give a mobile number, for example 07700 900123.'
  const email = values.email.trim()
  if (email && !isEmailAddress(email)) problems.email = 'Please give an email address like name@example.com, or leave it empty.'
  const dob = values.dob ? dateOfBirthRule(values.dob, today) : 'not-a-date'
  if (dob) problems.dob = DOB_WORDS[dob]
  if (!isSkinType(values.skinType)) problems.skinType = 'Please choose the skin type.'
  return problems
}

const valuesOf = (customer: Customer): Values => ({
  firstName: customer.firstName ?? '',
  lastName: customer.lastName ?? '',
  phone: customer.phone ? formatPhone(customer.phone) : '',
  email: customer.email ?? '',
  dob: customer.dob ?? '',
  skinType: customer.skinType ? String(customer.skinType) : '',
})

/** Only the fields changed are sent: a field left as it was is the customer's as it stands. */
function requestOf(values: Values, before: Values): CustomerDetailsRequest {
  const request: CustomerDetailsRequest = {}
  const changed = (field: CustomerDetailField) => values[field].trim() !== before[field].trim()
  if (changed('firstName')) request.firstName = values.firstName.trim()
  if (changed('lastName')) request.lastName = values.lastName.trim()
  if (changed('phone')) request.phone = values.phone.trim()
  if (changed('email')) request.email = values.email.trim() || null
  if (changed('dob')) request.dob = values.dob
  if (changed('skinType')) request.skinType = Number(values.skinType)
  return request
}

const LABELS: Record<CustomerDetailField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Mobile number',
  email: 'Email (optional)',
  dob: 'Date of birth',
  skinType: 'Skin type',
}

/**
 * docs/product.md §10.5: Edit details: staff correct the customer's name, mobile number, email, date of birth and skin
 * type, by the sign-up's rules. The upcoming sessions that a new date of birth or skin type now breaks a rule of are
 * listed once saved, each with a link to its day sheet to move or cancel it.
 */
export function EditDetailsDialog({ customer, open, onClose }: { customer: Customer; open: boolean; onClose: () => void }) {
  const [breaking, setBreaking] = useState<BookingNowBreakingRules[] | null>(null)
  const close = () => {
    setBreaking(null)
    onClose()
  }
  return (
    <StaffDialog open={open} title={breaking ? 'Sessions to look at' : 'Edit details'} onClose={close} wide>
      {open &&
        (breaking ? (
          <BreakingList bookings={breaking} onClose={close} />
        ) : (
          <DetailsForm customer={customer} onCancel={close} onSaved={(list) => (list.length ? setBreaking(list) : close())} />
        ))}
    </StaffDialog>
  )
}

function DetailsForm({ customer, onCancel, onSaved }: { customer: Customer; onCancel: () => void; onSaved: (breaking: BookingNowBreakingRules[]) => void }) {
  const { notify } = useStaff()
  const action = useStaffAction()
  const id = useId()
  const [before] = useState(() => valuesOf(customer))
  const [values, setValues] = useState(before)
  const [errors, setErrors] = useState<Partial<Record<CustomerDetailField, string>>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const set = (field: CustomerDetailField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }
  async function submit(event: FormEvent) {
    event.preventDefault()
    setProblem(null)
    const request = requestOf(values, before)
    if (Object.keys(request).length === 0) return setProblem('Nothing has changed yet.')
    // Only what is changed is checked: a record imported without a date of birth can still have its name corrected.
    const all = detailProblems(values, todayInUk())
    const found = Object.fromEntries(Object.entries(all).filter(([name]) => name in request))
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const saved = await action
      .run(() => deskCalls.correctDetails(customer.sub, request), { rethrow: true })
      .catch((error: unknown) => {
        const field = error instanceof ApiError ? (error.body as { field?: string } | null)?.field : undefined
        if (field && field in LABELS) setErrors((e) => ({ ...e, [field]: messageOf(error) }))
        else setProblem(messageOf(error))
        return undefined
      })
    if (!saved) return
    notify({ kind: 'success', message: saved.message })
    onSaved(saved.bookingsBreakingRules)
  }
  const field = (name: CustomerDetailField, input: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${name}`} className="text-sm font-semibold text-cocoa-800">
        {LABELS[name]}
      </label>
      {input({ id: `${id}-${name}`, 'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined, 'aria-invalid': errors[name] ? true : undefined })}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-sm font-medium text-red-800">
          {errors[name]}
        </p>
      )}
    </div>
  )
  const text = (name: CustomerDetailField, extra: { type?: string; maxLength?: number; inputMode?: 'tel' } = {}) =>
    field(name, (props) => (
      <input
        {...props}
        {...extra}
        name={name}
        className="field-input"
        autoComplete="off"
        value={values[name]}
        onChange={(event) => set(name, event.target.value)}
      />
    ))
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3" aria-label="Edit details">
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {text('firstName', { maxLength: NAME_MAX_LENGTH })}
        {text('lastName', { maxLength: NAME_MAX_LENGTH })}
        {text('phone', { type: 'tel', inputMode: 'tel', maxLength: 40 })}
        {text('dob', { type: 'date' })}
        {field('skinType', (props) => (
          <select {...props} name="skinType" className="field-input" value={values.skinType} onChange={(event) => set('skinType', event.target.value)}>
            <option value="" disabled>
              Choose…
            </option>
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <option key={n} value={n}>
                Type {['I', 'II', 'III', 'IV', 'V', 'VI'][n - 1]}
              </option>
            ))}
          </select>
        ))}
        {text('email', { type: 'email', maxLength: EMAIL_MAX_LENGTH })}
      </div>
      <p className="text-xs text-cocoa-600">
        {customer.account === 'online'
          ? 'They have an online account: they sign in with the new mobile number from now on, and their account shows the new details.'
          : 'Marketing choices stay the customer’s own: only they change them.'}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={action.busy}>
          {action.busy && <Spinner label="Saving" />}
          Save the details
        </button>
      </div>
    </form>
  )
}

/** The upcoming sessions that now break a sunbed rule, each linked to its day sheet; nothing was cancelled. */
function BreakingList({ bookings, onClose }: { bookings: BookingNowBreakingRules[]; onClose: () => void }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p role="alert" className="rounded-xl bg-amber-50 px-3 py-2 font-medium text-amber-900">
        The details were saved. {bookings.length === 1 ? 'This upcoming session now breaks' : 'These upcoming sessions now break'} a sunbed rule. Nothing has
        been cancelled: please move or cancel {bookings.length === 1 ? 'it' : 'them'} on the day sheet.
      </p>
      <ul className="flex flex-col divide-y divide-cocoa-100" aria-label="Sessions that now break a rule">
        {bookings.map((booking) => (
          <li key={booking.id} className="flex flex-col gap-1 py-2.5">
            <Link to={`/staff/${query({ date: booking.date })}`} className="font-semibold text-cocoa-950 underline">
              {longDate(booking.date)} at {booking.time}, {booking.bed}
            </Link>
            {booking.problems.map((p) => (
              <span key={p.rule} className="text-cocoa-700">
                {p.message}
              </span>
            ))}
          </li>
        ))}
      </ul>
      <button type="button" className="btn-primary self-end" onClick={onClose}>
        Done
      </button>
    </div>
  )
}
