import { addDays } from '@salon/contracts/dates'
import type { TimeSlot } from '@salon/contracts/booking'
import { dayClock, describeDate, localDateOf, localToInstant, minutesOfDay, timeOfDay } from '../../lib/local-time.ts'
import type { BookingRulesBody } from '@salon/contracts/staff-manage'

/**
 * Which sessions can start when: plain functions of the shop's schedule, its beds, the day's bookings and now.
 * The booking service asks the same questions before it writes, so what is offered and what is accepted agree.
 */

const MINUTE = 60_000

/** The salon's booking rules as the booking code reads them: the owner's form's fields but the reminder's (the messages module's). */
export type BookingRules = Omit<BookingRulesBody, 'reminderHoursBefore'>

export interface OpeningHours {
  opensAt: string
  closesAt: string
}

/** What the shop's schedule says about one local date. */
export interface DaySchedule {
  date: string
  timeZone: string
  rules: BookingRules
  /** The date's hours: its special hours when it has some, else the weekday's; null when the salon does not open. */
  hours: OpeningHours | null
  /** Set when `hours` are the date's special hours rather than the weekday's (decision 039). */
  special?: { reason: string } | null
  /** Set when the salon is shut that day (bank holiday, refit). */
  closure: { reason: string } | null
}

export interface BedForSlots {
  id: string
  name: string
  type: string
  minMinutes: number
  maxMinutes: number
  cleaningBufferMinutes: number
}

/** A session already on a bed: the bed is blocked from its start until its end plus the cleaning buffer. */
export interface BusyRange {
  bedId: string
  startsAt: number
  blockedUntil: number
  /** For a session held while its card payment is made: when the hold runs out and the bed is free again. */
  holdUntil?: number | null
}

export interface Refusal {
  status: 422
  message: string
}

const refuse = (message: string): Refusal => ({ status: 422, message })

/** The last local date that can be booked: today in the shop's zone plus the horizon. */
export function lastBookableDate(now: number, timeZone: string, rules: BookingRules): string {
  return addDays(localDateOf(now, timeZone), rules.horizonDays)
}

/**
 * Why a session of `minutes` cannot start at `time` on the day, or null when the schedule allows it
 * (whether a bed is free is a separate question). `startsAt` is the instant when the time exists.
 */
export function checkStart(day: DaySchedule, time: string, minutes: number, now: number): { startsAt: number } | Refusal {
  const { date, timeZone, rules, hours, closure } = day
  const today = localDateOf(now, timeZone)
  const startsAt = localToInstant(date, time, timeZone)
  if (date < today || (startsAt !== null && startsAt <= now)) return refuse('That time has passed. Please choose a later time.')
  if (startsAt !== null && startsAt < now + rules.leadTimeMinutes * MINUTE) {
    return refuse(`Sessions must be booked at least ${rules.leadTimeMinutes} minutes ahead. Please choose a later time.`)
  }
  if (date > lastBookableDate(now, timeZone, rules)) {
    return refuse(`Sessions can be booked up to ${rules.horizonDays} days ahead, so ${describeDate(date)} is too far away for now.`)
  }
  if (closure) return refuse(`The salon is closed on ${describeDate(date)} (${closure.reason}). Please choose another day.`)
  if (!hours) return refuse(`The salon is closed on ${describeDate(date).split(' ')[0]}s. Please choose another day.`)
  if (startsAt === null) return refuse(`${time} does not exist on ${describeDate(date)}: the clocks go forward that night.`)
  const opens = minutesOfDay(hours.opensAt)
  const closesAt = localToInstant(date, hours.closesAt, timeZone)
  if (minutesOfDay(time) < opens || closesAt === null || startsAt + minutes * MINUTE > closesAt) {
    return refuse(outsideHours(date, hours, minutes, day.special))
  }
  if ((minutesOfDay(time) - opens) % rules.slotStepMinutes !== 0) {
    return refuse(`Sessions start every ${rules.slotStepMinutes} minutes from ${hours.opensAt}. Please choose one of the times offered.`)
  }
  return { startsAt }
}

/** Why a session is outside the date's hours, naming the reason when they are the date's special hours. */
export function outsideHours(date: string, hours: OpeningHours, minutes: number, special?: { reason: string } | null) {
  const which = special ? ` (special hours: ${special.reason})` : ''
  return `On ${describeDate(date)} the salon is open from ${hours.opensAt} to ${hours.closesAt}${which}: a ${minutes}-minute session must start at ${hours.opensAt} or later and end by ${hours.closesAt}.`
}

export const isRefusal = (value: { startsAt: number } | Refusal): value is Refusal => 'message' in value

/** Whether a bed takes sessions of this length. */
export const bedTakes = (bed: BedForSlots, minutes: number) => minutes >= bed.minMinutes && minutes <= bed.maxMinutes

/** Whether the bed is free from `startsAt` for the session and its cleaning buffer, given the bed's bookings. */
export function bedFree(bed: BedForSlots, startsAt: number, minutes: number, busy: BusyRange[]): boolean {
  const blockedUntil = startsAt + (minutes + bed.cleaningBufferMinutes) * MINUTE
  return !busy.some((b) => b.bedId === bed.id && b.startsAt < blockedUntil && startsAt < b.blockedUntil)
}

/** The instants a day's bookings can touch: from opening to closing plus the longest cleaning buffer. */
export function dayRange(day: DaySchedule, beds: BedForSlots[]): { from: number; to: number } | null {
  if (!day.hours || day.closure) return null
  const from = localToInstant(day.date, day.hours.opensAt, day.timeZone)
  const closes = localToInstant(day.date, day.hours.closesAt, day.timeZone)
  if (from === null || closes === null) return null
  const buffer = Math.max(0, ...beds.map((b) => b.cleaningBufferMinutes))
  return { from, to: closes + buffer * MINUTE }
}

/** A shop's busy ranges by bed, each bed's in the order of their start. */
export type BusyByBed = ReadonlyMap<string, readonly BusyRange[]>

export function busyByBed(busy: readonly BusyRange[]): BusyByBed {
  const byBed = new Map<string, BusyRange[]>()
  for (const range of busy) {
    const ranges = byBed.get(range.bedId)
    if (ranges) ranges.push(range)
    else byBed.set(range.bedId, [range])
  }
  for (const ranges of byBed.values()) ranges.sort((a, b) => a.startsAt - b.startsAt)
  return byBed
}

/**
 * Every start time of the day with the ids of the beds free for `minutes` from it; times with no free bed are left
 * out. The same answer as asking checkStart and bedFree of every time and bed, worked out once per day: the day's
 * instants come from its clock, and what checkStart says of the whole day (past, beyond the horizon, closed) is
 * asked once.
 */
export function daySlots(day: DaySchedule, beds: readonly BedForSlots[], minutes: number, busy: readonly BusyRange[] | BusyByBed, now: number): TimeSlot[] {
  const { date, timeZone, rules, hours, closure } = day
  if (!hours || closure) return []
  if (date < localDateOf(now, timeZone) || date > lastBookableDate(now, timeZone, rules)) return []
  const candidates = beds.filter((bed) => bedTakes(bed, minutes))
  if (candidates.length === 0) return []
  const byBed = busy instanceof Map ? (busy as BusyByBed) : busyByBed(busy as readonly BusyRange[])
  const ranges = candidates.map((bed) => byBed.get(bed.id) ?? [])
  const blocked = candidates.map((bed) => (minutes + bed.cleaningBufferMinutes) * MINUTE)
  const clock = dayClock(date, timeZone)
  const opens = minutesOfDay(hours.opensAt)
  const closes = minutesOfDay(hours.closesAt)
  const closesAt = clock.instantOf(closes)
  if (closesAt === null) return []
  // checkStart: a start must be after now and at least the lead time ahead, and the session must end by closing.
  const earliest = Math.max(now + 1, now + rules.leadTimeMinutes * MINUTE)
  const latest = closesAt - minutes * MINUTE
  const slots: TimeSlot[] = []
  for (let m = opens; m < closes; m += rules.slotStepMinutes) {
    const startsAt = clock.instantOf(m)
    if (startsAt === null || startsAt < earliest || startsAt > latest) continue
    let free: string[] | null = null
    for (let i = 0; i < candidates.length; i++) {
      const until = startsAt + blocked[i]!
      const bedRanges = ranges[i]!
      let taken = false
      for (let r = 0; r < bedRanges.length; r++) {
        const range = bedRanges[r]!
        if (range.startsAt >= until) break
        if (startsAt < range.blockedUntil) {
          taken = true
          break
        }
      }
      if (!taken) (free ??= []).push(candidates[i]!.id)
    }
    if (free) {
      const time = timeOfDay(m)
      slots.push({ time, startsAt: clock.isoOf(time, startsAt), bedIds: free })
    }
  }
  return slots
}

/** The days p_preload_times covers: today and the following days, in the shop's zone. */
export function comingDates(now: number, timeZone: string, days: number): string[] {
  const today = localDateOf(now, timeZone)
  return Array.from({ length: days }, (_, i) => addDays(today, i))
}

/**
 * The refusal of a session the database would not write (migration 0016, docs/product.md §10.4): its bed was
 * retired or put out of service, or the salon closed that day, after the free times were read. Null for any other
 * refusal. Every code that writes bookings answers these the same way.
 */
export function bedOpenRefusal(constraint: string | undefined, bedName: string, date: string): Refusal | null {
  if (constraint === 'bookings_bed_in_service') return refuse(`Sorry, ${bedName} is out of service at that time. Please choose another time or sunbed.`)
  if (constraint === 'bookings_bed_in_use') return refuse(`Sorry, ${bedName} is no longer taking bookings. Please choose another sunbed.`)
  if (constraint === 'bookings_salon_open') return refuse(`The salon is closed on ${describeDate(date)}. Please choose another day.`)
  if (constraint === 'bookings_salon_hours') {
    return refuse(`The salon's hours on ${describeDate(date)} have just changed and this time is outside them. Please choose another time.`)
  }
  return null
}
