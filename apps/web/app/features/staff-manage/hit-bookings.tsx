import type { HitBooking } from '@salon/contracts/staff-manage'
import { Link } from 'react-router'
import { dayText } from './dates.ts'

/** The day sheet of a date, where the salon moves or cancels a session. */
export const daySheetPath = (date: string) => `/staff/?date=${date}`

/**
 * The sessions still to come that a change falls on (a closure, a time out of service, a retired bed): none is
 * cancelled, so the salon calls each customer to move it, from the day sheet.
 */
export function HitBookings({ hit, what }: { hit: HitBooking[]; what: string }) {
  if (hit.length === 0) {
    return (
      <p role="status" className="rounded-xl bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
        No booked sessions fall on {what}.
      </p>
    )
  }
  return (
    <div role="status" className="rounded-2xl border border-glow-400/60 bg-glow-300/15 p-4">
      <p className="font-semibold text-cocoa-900">
        {hit.length === 1 ? '1 booked session falls' : `${hit.length} booked sessions fall`} on {what}. They are not cancelled: please call each customer to
        move theirs.
      </p>
      <ul className="mt-3 flex flex-col divide-y divide-glow-400/30">
        {hit.map((booking) => (
          <li key={booking.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium text-cocoa-900">
                {dayText(booking.date)}, {booking.time} · {booking.minutes} min · {booking.bed.name}
              </p>
              <p className="text-sm text-cocoa-700">
                {booking.customerName}
                {booking.phone && (
                  <>
                    {' · '}
                    <a className="font-medium text-brand-teal underline" href={`tel:${booking.phone.replace(/\s+/g, '')}`}>
                      {booking.phone}
                    </a>
                  </>
                )}
              </p>
            </div>
            <Link className="btn-outline min-h-10 shrink-0 px-4 py-1.5 text-sm" to={daySheetPath(booking.date)}>
              Open the day sheet
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
