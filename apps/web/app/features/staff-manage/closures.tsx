import type { Closure, ClosureRequest, HitBooking } from '@salon/contracts/staff-manage'
import { todayInUk } from '@salon/contracts/dates'
import { useState } from 'react'
import { Field } from '../../components/ui/field.tsx'
import { manageCalls } from './manage-calls.ts'
import { dayText } from './dates.ts'
import { HitBookings } from './hit-bookings.tsx'
import { Empty, FormFooter, NoticeLine, onSubmitted, Panel, SubmitButton, Toggle, useConfirm, useFormAction } from '../staff/public.ts'

/** Days the salon is shut although its hours say open: add one day or a range with a reason, or remove one. */
export function ClosuresPanel({ closures }: { closures: Closure[] }) {
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [range, setRange] = useState(false)
  const [reason, setReason] = useState('')
  const [hit, setHit] = useState<{ what: string; bookings: HitBooking[] } | null>(null)
  const add = useFormAction()
  const remove = useFormAction()
  const confirm = useConfirm()

  async function save() {
    const request: ClosureRequest = { from, ...(range && to ? { to } : {}), reason }
    const what = range && to ? `${dayText(from)} to ${dayText(to)}` : from ? dayText(from) : ''
    const answer = await add.run(() => manageCalls.close(request), `Closed: ${what}.`)
    if (answer) {
      setHit({ what: range && to ? 'those days' : 'that day', bookings: answer.hit })
      setFrom('')
      setTo('')
      setReason('')
    }
  }

  return (
    <Panel variant="section" id="closures" title="Closures" description="Bank holidays, refits and other days the salon is shut. Nobody can book on them.">
      <form onSubmit={onSubmitted(save)} noValidate className="rounded-2xl bg-cocoa-50/60 p-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={range ? 'First day' : 'Day'}
            type="date"
            min={todayInUk()}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={add.errors.from}
          />
          {range && <Field label="Last day" type="date" min={from || todayInUk()} value={to} onChange={(e) => setTo(e.target.value)} error={add.errors.to} />}
          <div className="sm:col-span-2">
            <Toggle label="Several days in a row" checked={range} onChange={setRange} />
          </div>
          <div className="sm:col-span-2">
            <Field
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={add.errors.reason}
              maxLength={200}
              placeholder="Bank holiday"
              hint="For the team; customers see the salon closed."
            />
          </div>
        </div>
        <FormFooter notice={add.notice}>
          <SubmitButton pending={add.pending}>Add closure</SubmitButton>
        </FormFooter>
      </form>
      {hit && (
        <div className="mt-4">
          <HitBookings hit={hit.bookings} what={hit.what} />
        </div>
      )}
      <h3 className="mt-6 font-sans text-sm font-semibold tracking-wide text-cocoa-600 uppercase">Coming closures</h3>
      {closures.length === 0 ? (
        <div className="mt-3">
          <Empty>No closures coming up.</Empty>
        </div>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-cocoa-100 rounded-xl border border-cocoa-100">
          {closures.map((closure) => (
            <li key={closure.date} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-cocoa-900">{dayText(closure.date)}</p>
                <p className="truncate text-sm text-cocoa-600">{closure.reason}</p>
              </div>
              <button
                type="button"
                className="btn-outline shrink-0 text-red-700"
                disabled={remove.pending}
                aria-label={`Remove the closure on ${dayText(closure.date)}`}
                onClick={() =>
                  confirm.ask({
                    title: `Open on ${dayText(closure.date)}?`,
                    message: 'The salon opens its usual hours that day and customers can book again.',
                    confirmLabel: 'Remove closure',
                    onConfirm: () => remove.run(() => manageCalls.reopen(closure.date), `${dayText(closure.date)} is open again.`),
                  })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.notice && (
        <div className="mt-3">
          <NoticeLine notice={remove.notice} />
        </div>
      )}
      {confirm.element}
    </Panel>
  )
}
