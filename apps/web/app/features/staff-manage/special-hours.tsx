import type { HitBooking, SpecialHours, SpecialHoursRequest } from '@salon/contracts/staff-manage'
import { todayInUk } from '@salon/contracts/dates'
import { useState } from 'react'
import { Link } from 'react-router'
import { Field } from '../../components/ui/field.tsx'
import { manageCalls } from './manage-calls.ts'
import { dayText } from './dates.ts'
import { daySheetPath, HitBookings } from './hit-bookings.tsx'
import { Empty, FormFooter, NoticeLine, onSubmitted, Panel, SubmitButton, useConfirm, useFormAction } from '../staff/public.ts'

/**
 * Special opening hours for one date (a late night before Christmas, a short Christmas Eve): the salon opens at
 * these hours that day instead of its usual ones. Setting them on a closed day opens it at those hours.
 */
export function SpecialHoursPanel({ specialHours }: { specialHours: SpecialHours[] }) {
  const [date, setDate] = useState('')
  const [opensAt, setOpensAt] = useState('')
  const [closesAt, setClosesAt] = useState('')
  const [reason, setReason] = useState('')
  const [hit, setHit] = useState<{ date: string; bookings: HitBooking[] } | null>(null)
  const save = useFormAction()
  const remove = useFormAction()
  const confirm = useConfirm()

  async function submit() {
    const request: SpecialHoursRequest = { opensAt, closesAt, reason }
    // The date is in the address; an empty one is named as the field it is.
    const answer = await save.run(
      () => manageCalls.setSpecialHours(date || 'none', request),
      (saved) =>
        `${dayText(saved.specialHours.date)}: open ${saved.specialHours.opensAt}–${saved.specialHours.closesAt}.${saved.replacedClosure ? ` It is no longer closed (${saved.replacedClosure.reason}).` : ''}`,
    )
    if (answer) {
      setHit({ date: answer.specialHours.date, bookings: answer.hit })
      setDate('')
      setOpensAt('')
      setClosesAt('')
      setReason('')
    }
  }

  function edit(day: SpecialHours) {
    setDate(day.date)
    setOpensAt(day.opensAt)
    setClosesAt(day.closesAt)
    setReason(day.reason)
  }

  return (
    <Panel
      variant="section"
      id="special-hours"
      title="Special opening hours"
      description="A date the salon opens at other hours than usual, such as a late night before Christmas or a short Christmas Eve. Customers can book within those hours that day."
    >
      <form onSubmit={onSubmitted(submit)} noValidate className="rounded-2xl bg-cocoa-50/60 p-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Date" type="date" min={todayInUk()} value={date} onChange={(e) => setDate(e.target.value)} error={save.errors.date} />
          <Field label="Opens" type="time" step={300} value={opensAt} onChange={(e) => setOpensAt(e.target.value)} error={save.errors.opensAt} />
          <Field label="Closes" type="time" step={300} value={closesAt} onChange={(e) => setClosesAt(e.target.value)} error={save.errors.closesAt} />
          <div className="sm:col-span-3">
            <Field
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={save.errors.reason}
              maxLength={200}
              placeholder="Late night before Christmas"
              hint="Shown to the team on the day sheet."
            />
          </div>
        </div>
        <FormFooter notice={save.notice}>
          <SubmitButton pending={save.pending}>Save special hours</SubmitButton>
        </FormFooter>
      </form>
      {hit && (
        <div className="mt-4 flex flex-col gap-2">
          <HitBookings hit={hit.bookings} what={`${dayText(hit.date)} outside the new hours`} />
          <Link className="text-sm font-medium text-brand-teal underline" to={daySheetPath(hit.date)}>
            Open the day sheet for {dayText(hit.date)}
          </Link>
        </div>
      )}
      <h3 className="mt-6 font-sans text-sm font-semibold tracking-wide text-cocoa-600 uppercase">Coming special hours</h3>
      {specialHours.length === 0 ? (
        <div className="mt-3">
          <Empty>No special hours coming up.</Empty>
        </div>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-cocoa-100 rounded-xl border border-cocoa-100">
          {specialHours.map((day) => (
            <li key={day.date} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-cocoa-900">
                  {dayText(day.date)}: {day.opensAt}–{day.closesAt}
                </p>
                <p className="truncate text-sm text-cocoa-600">{day.reason}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button type="button" className="btn-outline" aria-label={`Change the special hours on ${dayText(day.date)}`} onClick={() => edit(day)}>
                  Change
                </button>
                <button
                  type="button"
                  className="btn-outline text-red-700"
                  disabled={remove.pending}
                  aria-label={`Remove the special hours on ${dayText(day.date)}`}
                  onClick={() =>
                    confirm.ask({
                      title: `Usual hours on ${dayText(day.date)}?`,
                      message: 'The salon opens its usual hours that day. Sessions booked outside them stay booked.',
                      confirmLabel: 'Remove special hours',
                      onConfirm: () => remove.run(() => manageCalls.removeSpecialHours(day.date), `${dayText(day.date)} has its usual hours again.`),
                    })
                  }
                >
                  Remove
                </button>
              </div>
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
