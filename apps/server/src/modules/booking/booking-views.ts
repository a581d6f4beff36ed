import { weekdayOf } from '@salon/contracts/dates'
import type { Booking, PaidWith } from '@salon/contracts/booking'
import { HttpError } from '../../lib/errors.ts'
import { describeDate, toIsoWithOffset, localTimeOf } from '../../lib/local-time.ts'
import { plural } from '@salon/contracts/words'
import type { BookingRules, DaySchedule, OpeningHours } from './availability.ts'
import type { BookingRow, ShopSetup } from './booking.repository.ts'

const MINUTE = 60_000

/** The shop's online booking rules; a salon without them takes no bookings online. */
export function rulesOf(setup: ShopSetup): BookingRules {
  if (!setup.rules) throw new HttpError(409, `This salon does not take bookings online. Please call the salon on ${setup.phone}.`)
  return setup.rules
}

/**
 * The hours the salon opens on a local date: the date's special hours when the owner set some (decision 039),
 * otherwise its weekday's; null hours on a weekday it does not open. `special` carries the special hours' reason.
 */
export function hoursOn(setup: Pick<ShopSetup, 'hours' | 'specialHours'>, date: string): { hours: OpeningHours | null; special: { reason: string } | null } {
  const special = setup.specialHours.get(date)
  if (special) return { hours: { opensAt: special.opensAt, closesAt: special.closesAt }, special: { reason: special.reason } }
  return { hours: setup.hours.get(weekdayOf(date)) ?? null, special: null }
}

export function daySchedule(setup: ShopSetup, rules: BookingRules, date: string): DaySchedule {
  return { date, timeZone: setup.timeZone, rules, ...hoursOn(setup, date), closure: setup.closures.get(date) ?? null }
}

/** The sunbeds a request names, by id or type; a name the salon does not have is the caller's mistake. */
export function bedsMatching(setup: ShopSetup, filter: { bedId?: string; bedType?: string }) {
  if (filter.bedId !== undefined && !setup.beds.some((b) => b.id === filter.bedId)) {
    throw new HttpError(422, `bedId: there is no sunbed "${filter.bedId.slice(0, 64)}" at this salon.`)
  }
  if (filter.bedType !== undefined && !setup.beds.some((b) => b.type === filter.bedType)) {
    throw new HttpError(422, `bedType: this salon has no sunbeds of type "${filter.bedType.slice(0, 64)}".`)
  }
  return setup.beds.filter((b) => (filter.bedId === undefined || b.id === filter.bedId) && (filter.bedType === undefined || b.type === filter.bedType))
}

export function toBooking(row: BookingRow, setup: ShopSetup): Booking {
  const cutoff = (setup.rules?.cancellationCutoffMinutes ?? 0) * MINUTE
  return {
    id: row.id,
    date: row.localDate,
    time: localTimeOf(row.startsAt.getTime(), setup.timeZone),
    startsAt: toIsoWithOffset(row.startsAt.getTime(), setup.timeZone),
    endsAt: toIsoWithOffset(row.endsAt.getTime(), setup.timeZone),
    minutes: row.minutes,
    bed: { id: row.bedId, name: row.bedName, type: row.bedType },
    status: row.status as Booking['status'],
    paidWith: row.paidWith as PaidWith,
    pricePence: row.pricePence,
    cancellableUntil: toIsoWithOffset(row.startsAt.getTime() - cutoff, setup.timeZone),
    holdUntil: row.status === 'pending' && row.holdUntil ? toIsoWithOffset(row.holdUntil.getTime(), setup.timeZone) : null,
  }
}

/**
 * How a session is paid: from the minutes that fit its bed when they cover it; else by card when booked if the
 * shop asks for payment up front; else in the salon when the shop allows it.
 */
export function payment(rules: BookingRules, fitting: number | null, minutes: number): Exclude<PaidWith, 'membership' | 'credit'> | null {
  if (fitting !== null && fitting >= minutes) return 'balance'
  if (rules.payUpFront) return 'card'
  return rules.payInSalon ? 'in_salon' : null
}

/** A session as its payment's line says it, at the desk and on credit alike: "Sunbed session: Lay-down A, 9 minutes, Monday 7 January at 10:00". */
export const sessionDescription = (bedName: string, minutes: number, localDate: string, time: string) =>
  `Sunbed session: ${bedName}, ${plural(minutes, 'minute')}, ${describeDate(localDate)} at ${time}`
