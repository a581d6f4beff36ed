import type { DaySheetBooking, DaySheetResponse } from '@salon/contracts/staff-day'
import { Empty, Panel } from '../staff/public.ts'
import { BookingCard, type BookingCardActions } from './booking-card.tsx'

/** The day's hours as the day sheet's heading says them: closed, special hours with their reason, or the usual. */
export function dayHoursText(day: Pick<DaySheetResponse, 'closure' | 'hours' | 'special'>): string {
  if (day.closure) return `Closed: ${day.closure.reason}`
  if (!day.hours) return 'Closed on this weekday'
  const hours = `${day.hours.opensAt}–${day.hours.closesAt}`
  return day.special ? `Special hours ${hours} (${day.special.reason})` : `Open ${hours}`
}

/**
 * The day's sessions (docs/product.md §10.2): on a tablet or a computer a column per bed, each in time order; on a
 * phone one list grouped by start time, each session naming its bed.
 */
export function DaySheet({ day, actions, isOwner }: { day: DaySheetResponse; actions: BookingCardActions; isOwner: boolean }) {
  if (day.bookings.length === 0) {
    return (
      <Panel>
        <Empty title="No sessions booked">{day.closure ? 'The salon is closed this day.' : 'Walk-ins and phone bookings can be added with New booking.'}</Empty>
      </Panel>
    )
  }
  const beds = day.beds.filter((bed) => bed.active || day.bookings.some((b) => b.bed.id === bed.id))
  const times = [...new Set(day.bookings.map((b) => b.time))].sort()
  return (
    <>
      <div className="flex flex-col gap-4 md:hidden" data-testid="day-by-time">
        {times.map((time) => (
          <section key={time} aria-label={time}>
            <h2 className="mb-2 font-sans text-sm font-bold text-cocoa-600 tabular-nums">{time}</h2>
            <div className="flex flex-col gap-2">
              {day.bookings
                .filter((b) => b.time === time)
                .map((booking) => (
                  <BookingCard key={booking.id} booking={booking} actions={actions} showBed isOwner={isOwner} />
                ))}
            </div>
          </section>
        ))}
      </div>
      <div className="hidden auto-cols-[minmax(11.5rem,1fr)] grid-flow-col gap-3 overflow-x-auto pb-2 md:grid" data-testid="day-by-bed">
        {beds.map((bed) => {
          const sessions = day.bookings.filter((b) => b.bed.id === bed.id)
          return (
            <section key={bed.id} className="flex min-w-0 flex-col gap-2 rounded-2xl bg-stone-200/50 p-2" aria-label={bed.name}>
              <h2 className="px-1.5 pt-1 font-sans text-sm font-bold text-cocoa-900">
                {bed.name}
                {!bed.active && <span className="ml-1 font-normal text-cocoa-600">(retired)</span>}
                <span className="block text-xs font-normal text-cocoa-600">
                  {sessions.length} {sessions.length === 1 ? 'session' : 'sessions'}
                </span>
                {bed.outOfService.map((period) => (
                  <span key={period.id} className="mt-0.5 block text-xs font-semibold text-red-800">
                    Out of service {period.from.slice(11, 16)}–{period.until.slice(11, 16)}
                  </span>
                ))}
              </h2>
              {sessions.map((booking: DaySheetBooking) => (
                <BookingCard key={booking.id} booking={booking} actions={actions} isOwner={isOwner} />
              ))}
            </section>
          )
        })}
      </div>
    </>
  )
}
