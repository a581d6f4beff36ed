import type { BookingRulesBody } from '@salon/contracts/staff-manage'
import { useState } from 'react'
import { Field } from '../../components/ui/field.tsx'
import { manageCalls } from './manage-calls.ts'
import { NOT_WHOLE, wholeOf } from './money.ts'
import { FormFooter, onSubmitted, Panel, SubmitButton, Toggle, useFormAction } from '../staff/public.ts'
import { DEFAULT_BOOKING_RULES } from '@salon/contracts/rules/booking-rules'

type NumberRule = Exclude<keyof BookingRulesBody, 'payInSalon' | 'payUpFront'>

/** Each number the owner sets, with the words that say what it does. */
const NUMBERS: { field: NumberRule; label: string; unit: string; hint: string }[] = [
  { field: 'slotStepMinutes', label: 'Start times every', unit: 'minutes', hint: 'Counted from opening time: 15 offers 09:00, 09:15, 09:30…' },
  { field: 'leadTimeMinutes', label: 'Book at least', unit: 'minutes ahead', hint: 'The earliest start a customer can book, from now.' },
  { field: 'horizonDays', label: 'Book up to', unit: 'days ahead', hint: 'The furthest day a customer can book.' },
  { field: 'cancellationCutoffMinutes', label: 'Cancel up to', unit: 'minutes before', hint: 'After this, customers must call the salon.' },
  {
    field: 'firstSessionMaxMinutes',
    label: 'First session at most',
    unit: 'minutes',
    hint: "A new customer's first session, as the guidance says: start short.",
  },
  { field: 'minHoursBetweenSessions', label: 'Between sessions at least', unit: 'hours', hint: "From the start of one of a customer's sessions to the next." },
  {
    field: 'reminderHoursBefore',
    label: 'Reminder before a session',
    unit: 'hours',
    hint: 'How long before each session the customer gets a reminder, up to 168 (a week). 0 sends no reminders.',
  },
]

const textsOf = (rules: BookingRulesBody) =>
  Object.fromEntries(NUMBERS.map(({ field }) => [field, String(rules[field] ?? DEFAULT_BOOKING_RULES[field])])) as Record<NumberRule, string>

/** How customers book: the numbers of docs/product.md §4.8 and how a session the balance does not cover is paid. */
export function BookingRulesForm({ rules }: { rules: BookingRulesBody | null }) {
  const start = rules ?? DEFAULT_BOOKING_RULES
  const [numbers, setNumbers] = useState(() => textsOf(start))
  const [payInSalon, setPayInSalon] = useState(start.payInSalon)
  const [payUpFront, setPayUpFront] = useState(start.payUpFront)
  const [local, setLocal] = useState<Record<string, string>>({})
  const action = useFormAction()
  const errors = { ...action.errors, ...local }

  async function save() {
    const found: Record<string, string> = {}
    for (const { field } of NUMBERS) if (wholeOf(numbers[field]) === null) found[field] = NOT_WHOLE
    setLocal(found)
    if (Object.keys(found).length > 0) return action.setNotice({ kind: 'error', text: 'Please check the fields marked in red.' })
    const request = {
      ...(Object.fromEntries(NUMBERS.map(({ field }) => [field, wholeOf(numbers[field])])) as Record<NumberRule, number>),
      payInSalon,
      payUpFront,
    }
    const answer = await action.run(() => manageCalls.saveBookingRules(request), 'Booking rules saved. Customers book by them now.')
    if (answer?.rules) {
      setNumbers(textsOf(answer.rules))
    }
  }

  return (
    <Panel variant="section" id="rules" title="Booking rules" description="How far ahead customers book, how they cancel, and how they pay for a session.">
      {!rules && (
        <p role="status" className="mb-4 rounded-xl bg-glow-300/20 px-3 py-2 text-sm font-medium text-cocoa-900">
          The salon does not take bookings online yet. Saving these rules starts them.
        </p>
      )}
      <form onSubmit={onSubmitted(save)} noValidate>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {NUMBERS.map(({ field, label, unit, hint }) => (
            <Field
              key={field}
              label={`${label} (${unit})`}
              inputMode="numeric"
              value={numbers[field]}
              onChange={(e) => setNumbers((n) => ({ ...n, [field]: e.target.value }))}
              error={errors[field]}
              hint={hint}
            />
          ))}
        </div>
        <h3 className="mt-6 font-sans text-sm font-semibold tracking-wide text-cocoa-600 uppercase">When the balance does not cover a session</h3>
        <div className="mt-3 grid items-start gap-3 lg:grid-cols-2">
          <Toggle
            label="Pay in the salon"
            hint="The customer books now and pays at the counter when they come."
            checked={payInSalon}
            onChange={setPayInSalon}
            error={errors.payInSalon}
          />
          <Toggle
            label="Pay up front by card"
            hint="The customer pays by card as they book, and the bed is held for them for 10 minutes while they pay. When this is on it comes first: paying in the salon is offered only with it off. A session paid by card and cancelled in time is refunded to the card."
            checked={payUpFront}
            onChange={setPayUpFront}
            error={errors.payUpFront}
          />
        </div>
        {!payInSalon && !payUpFront && (
          <p className="mt-3 text-sm text-cocoa-600">With both off, only customers whose balance covers the session can book it.</p>
        )}
        <FormFooter notice={action.notice}>
          <SubmitButton pending={action.pending}>{rules ? 'Save booking rules' : 'Start taking bookings'}</SubmitButton>
        </FormFooter>
      </form>
    </Panel>
  )
}
