import type { StaffWaitlistEntry } from '@salon/contracts/waitlist'
import { useState, type FormEvent } from 'react'
import { Panel, useStaff, useStaffAction } from '../staff/public.ts'
import { CustomerPicker, PickedCustomer, type CustomerHit } from './customer-picker.tsx'
import { deskCalls } from './desk-calls.ts'

/**
 * docs/product.md "Waitlist": who waits for a time on the day, first joined first, with any time held for them;
 * putting a customer on the waitlist (the same rules as online) and taking an entry off.
 */
export function WaitlistPanel({ date, entries }: { date: string; entries: StaffWaitlistEntry[] }) {
  const { notify } = useStaff()
  const action = useStaffAction()
  const [adding, setAdding] = useState(false)
  const [customer, setCustomer] = useState<CustomerHit | null>(null)
  const [from, setFrom] = useState('09:00')
  const [to, setTo] = useState('18:00')
  const [minutes, setMinutes] = useState('6')

  async function remove(entry: StaffWaitlistEntry) {
    const answer = await action.run(() => deskCalls.removeFromWaitlist(entry.id))
    if (answer) notify({ kind: 'success', message: answer.message })
  }
  async function add(event: FormEvent) {
    event.preventDefault()
    if (!customer) return
    const answer = await action.run(() => deskCalls.addToWaitlist({ sub: customer.sub, date, from, to, minutes: Number(minutes) }))
    if (answer) {
      notify({ kind: 'success', message: answer.message })
      setAdding(false)
      setCustomer(null)
    }
  }
  return (
    <Panel title="Waitlist">
      <div className="flex flex-col gap-3 px-4 py-3 text-sm sm:px-5">
        {entries.length === 0 ? (
          <p className="text-cocoa-700">Nobody is waiting for a time this day.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-cocoa-100" aria-label="Waiting for a time">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <strong>{entry.customerName}</strong> {entry.from}–{entry.to} · {entry.minutes} min{entry.bedType ? ` · ${entry.bedType}` : ''}
                  {entry.held && (
                    <span className="block text-brand-teal">
                      Held: {entry.held.bedName} at {entry.held.time}, until {entry.held.until}
                    </span>
                  )}
                </span>
                <button
                  type="button"
                  className="btn-outline min-h-10 px-3 text-sm"
                  disabled={action.busy}
                  onClick={() => void remove(entry)}
                  aria-label={`Take ${entry.customerName} off the waitlist`}
                >
                  Take off
                </button>
              </li>
            ))}
          </ol>
        )}
        {!adding ? (
          <button type="button" className="btn-outline min-h-10 self-start px-3 text-sm" onClick={() => setAdding(true)}>
            Add to the waitlist
          </button>
        ) : (
          <form onSubmit={(e) => void add(e)} className="flex flex-col gap-3" aria-label="Add to the waitlist">
            {customer ? <PickedCustomer customer={customer} onChange={() => setCustomer(null)} /> : <CustomerPicker onPick={setCustomer} autoFocus />}
            <div className="grid grid-cols-3 gap-3 sm:max-w-md">
              <label className="flex flex-col gap-1 font-semibold text-cocoa-800">
                From
                <input type="time" step={300} required value={from} onChange={(e) => setFrom(e.target.value)} className="field-input" />
              </label>
              <label className="flex flex-col gap-1 font-semibold text-cocoa-800">
                To
                <input type="time" step={300} required value={to} onChange={(e) => setTo(e.target.value)} className="field-input" />
              </label>
              <label className="flex flex-col gap-1 font-semibold text-cocoa-800">
                Minutes
                <input type="number" min={1} max={60} required value={minutes} onChange={(e) => setMinutes(e.target.value)} className="field-input" />
              </label>
            </div>
            <div className="flex gap-2">
              <button type="submit" className="btn-primary min-h-10 px-4 text-sm" disabled={!customer || action.busy}>
                Add
              </button>
              <button type="button" className="btn-outline min-h-10 px-4 text-sm" onClick={() => setAdding(false)}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </div>
    </Panel>
  )
}
