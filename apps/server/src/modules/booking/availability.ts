import { addDays } from '@salon/contracts/dates'
import { describeDate, localDateOf, localToInstant, minutesOfDay, timeOfDay } from './local-time.ts'

/**
 * Which sessions can start when: plain functions of the shop's schedule, its beds, the day's bookings and now.
 * The booking service asks the same questions before it writes, so what is offered and what is accepted agree.
 */

const MINUTE = 60_000

export interface BookingRules {
  slotStepMinutes: number
  leadTimeMinutes: number
  horizonDays: number
  cancellationCutoffMinutes: number
  firstSessionMaxMinutes: number
  minHoursBetweenSessions: number
  payInSalon: boolean
  /** A session the balance does not cover is paid by card when booked, its bed held meanwhile. */
  payUpFront: boolean
}

export interface OpeningHours {
  opensAt: string
  closesAt: string
}

/** What the shop's schedule says about one local date. */
export interface DaySchedule {
  date: string
  timeZone: string
  rules: BookingRules
  /** The weekday's hours; null when the salon does not open on that weekday. */
  hours: OpeningHours | null
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
}

export interface Slot {
  time: string
  startsAt: number
  beds: { id: string; name: string; type: string }[]
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
    return refuse(
      `On ${describeDate(date)} the salon is open from ${hours.opensAt} to ${hours.closesAt}: a ${minutes}-minute session must start at ${hours.opensAt} or later and end by ${hours.closesAt}.`,
    )
  }
  if ((minutesOfDay(time) - opens) % rules.slotStepMinutes !== 0) {
    return refuse(`Sessions start every ${rules.slotStepMinutes} minutes from ${hours.opensAt}. Please choose one of the times offered.`)
  }
  return { startsAt }
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

/** Every start time of the day with the beds free for `minutes` from it; times with no free bed are left out. */
export function daySlots(day: DaySchedule, beds: BedForSlots[], minutes: number, busy: BusyRange[], now: number): Slot[] {
  if (!day.hours || day.closure) return []
  const candidates = beds.filter((bed) => bedTakes(bed, minutes))
  if (candidates.length === 0) return []
  const slots: Slot[] = []
  const closes = minutesOfDay(day.hours.closesAt)
  for (let m = minutesOfDay(day.hours.opensAt); m < closes; m += day.rules.slotStepMinutes) {
    const time = timeOfDay(m)
    const start = checkStart(day, time, minutes, now)
    if (isRefusal(start)) continue
    const free = candidates.filter((bed) => bedFree(bed, start.startsAt, minutes, busy))
    if (free.length) slots.push({ time, startsAt: start.startsAt, beds: free.map(({ id, name, type }) => ({ id, name, type })) })
  }
  return slots
}

/** The days p_preload_times covers: today and the following days, in the shop's zone. */
export function comingDates(now: number, timeZone: string, days: number): string[] {
  const today = localDateOf(now, timeZone)
  return Array.from({ length: days }, (_, i) => addDays(today, i))
}
