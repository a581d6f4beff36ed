import { addDays, todayInUk } from '@salon/contracts/dates'
import type { DaySheetBooking } from '@salon/contracts/staff-day'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  DaySheet,
  dayHoursText,
  deskCalls,
  MoveCancelDialog,
  OutOfServicePanel,
  PaymentDialog,
  StatusBadge,
  WaitlistPanel,
  WalkInDialog,
} from '../../features/staff-desk/public.ts'
import { longDate, Ready, StaffPage, staffMeta, staffParts, useStaff, useStaffAction } from '../../features/staff/public.ts'
import type { Route } from './+types/day'

export const meta: Route.MetaFunction = () => staffMeta('Today')

/** The day asked for (?date=, today in the UK when none or not a date). */
function dayOf(url: string) {
  const date = new URL(url).searchParams.get('date')
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : todayInUk()
}

/** The day's sessions, asked in the browser with the member's token; loaded again after each change and each new day. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const date = dayOf(request.url)
  return { date, ...(await staffParts(request, { day: deskCalls.day(date), waitlist: deskCalls.waitlist(date) })) }
}

const MARKED = { attended: 'Marked as attended.', no_show: 'Marked as a no-show.', booked: 'The mark is undone: booked again.' } as const

/** docs/product.md §10.2: the day sheet: a day's sessions by bed and time, what staff do with them, and new bookings. */
export default function StaffDay({ loaderData }: Route.ComponentProps) {
  const [, setParams] = useSearchParams()
  const today = todayInUk()
  const { date, day, waitlist } = loaderData
  const action = useStaffAction()
  const [chosen, setChosen] = useState<DaySheetBooking | null>(null)
  const [paying, setPaying] = useState<DaySheetBooking | null>(null)
  const [booking, setBooking] = useState(false)
  const { isOwner } = useStaff()
  const goTo = (next: string) => setParams(next === today ? {} : { date: next }, { replace: true })

  async function mark(target: DaySheetBooking, status: 'attended' | 'no_show' | 'booked') {
    await action.run(() => deskCalls.mark(target.id, status), { success: MARKED[status] })
  }

  const sheet = day.status === 'ready' ? day.data : undefined
  const counts = sheet ? countsOf(sheet.bookings) : null
  return (
    <StaffPage
      title={date === today ? 'Today' : longDate(date).split(' ')[0]!}
      subtitle={
        <>
          {longDate(date)}
          {sheet && (
            <span className="text-cocoa-600">
              {' · '}
              {dayHoursText(sheet)}
            </span>
          )}
        </>
      }
      actions={
        <button type="button" className="btn-primary" onClick={() => setBooking(true)} disabled={!sheet}>
          <span aria-hidden="true">+</span> New booking
        </button>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center rounded-full border border-cocoa-200 bg-white p-1 shadow-sm">
          <button
            type="button"
            className="flex size-10 items-center justify-center rounded-full hover:bg-cocoa-50"
            onClick={() => goTo(addDays(date, -1))}
            aria-label="The day before"
          >
            <Chevron left />
          </button>
          <label className="sr-only" htmlFor="day-sheet-date">
            Day
          </label>
          <input
            id="day-sheet-date"
            type="date"
            value={date}
            onChange={(event) => event.target.value && goTo(event.target.value)}
            className="h-10 rounded-full border-0 bg-transparent px-2 text-base font-semibold text-cocoa-950 focus:ring-2 focus:ring-brand-teal/30 focus:outline-none"
          />
          <button
            type="button"
            className="flex size-10 items-center justify-center rounded-full hover:bg-cocoa-50"
            onClick={() => goTo(addDays(date, 1))}
            aria-label="The day after"
          >
            <Chevron />
          </button>
        </div>
        {date !== today && (
          <button type="button" className="btn-outline min-h-10 px-4 text-sm" onClick={() => goTo(today)}>
            Today
          </button>
        )}
      </div>
      {counts && sheet && sheet.bookings.length > 0 && (
        <dl className="grid grid-cols-3 gap-2 sm:max-w-md">
          <Count label="Sessions" value={sheet.bookings.length} />
          <Count label="Attended" value={counts.attended} />
          <Count label="No-shows" value={counts.no_show} />
        </dl>
      )}
      <Ready part={day}>
        {(sheet) => (
          <DaySheet day={sheet} isOwner={isOwner} actions={{ onMark: (b, s) => void mark(b, s), onMore: setChosen, onPay: setPaying, busy: action.busy }} />
        )}
      </Ready>
      {waitlist.status === 'ready' && <WaitlistPanel date={date} entries={waitlist.data.entries} />}
      {sheet && <OutOfServicePanel beds={sheet.beds} />}
      {sheet && sheet.cancelled.length > 0 && (
        <details className="card px-4 py-3 sm:px-5">
          <summary className="cursor-pointer font-semibold text-cocoa-800">Cancelled this day ({sheet.cancelled.length})</summary>
          <ul className="mt-2 divide-y divide-cocoa-100">
            {sheet.cancelled.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-semibold tabular-nums">{b.time}</span> {b.customer.name} · {b.bed.name} · {b.minutes} min
                </span>
                <StatusBadge status={b.status} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {sheet && <MoveCancelDialog booking={chosen} beds={sheet.beds} onClose={() => setChosen(null)} />}
      <PaymentDialog booking={paying} onClose={() => setPaying(null)} />
      {sheet && <WalkInDialog open={booking} date={date} beds={sheet.beds} onClose={() => setBooking(false)} />}
    </StaffPage>
  )
}

function countsOf(bookings: DaySheetBooking[]) {
  return { attended: bookings.filter((b) => b.status === 'attended').length, no_show: bookings.filter((b) => b.status === 'no_show').length }
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl bg-white px-3 py-2 shadow-sm ring-1 ring-cocoa-100">
      <dt className="text-xs font-semibold text-cocoa-600">{label}</dt>
      <dd className="text-xl font-bold text-cocoa-950 tabular-nums">{value}</dd>
    </div>
  )
}

function Chevron({ left }: { left?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={left ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </svg>
  )
}
