import { addDays, utcDay, weekdayOf } from '@salon/contracts/dates'

/**
 * Local dates and wall-clock times of a shop's time zone, and the instants they name.
 * Built on Intl, which carries the IANA time-zone rules, so days when the clocks change come out right.
 * Calendar arithmetic on dates alone (addDays, weekdayOf) is shared with the web app in @salon/contracts/dates.
 */

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string) {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/**
 * Offsets change only on quarter-hour boundaries of UTC in every zone in use, so one answer from Intl
 * serves a whole quarter hour. The cache keeps slot computations fast: Intl formatting is slow.
 */
const BUCKET = 15 * MINUTE
const offsetCache = new Map<string, Map<number, number>>()

/** Minutes the zone is ahead of UTC at an instant (60 for British Summer Time, 0 for GMT). */
export function offsetMinutes(instant: number, timeZone: string): number {
  const bucket = Math.floor(instant / BUCKET)
  let zone = offsetCache.get(timeZone)
  if (!zone) offsetCache.set(timeZone, (zone = new Map()))
  const cached = zone.get(bucket)
  if (cached !== undefined) return cached
  const at = bucket * BUCKET
  const p: Record<string, number> = {}
  for (const part of formatter(timeZone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value)
  }
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!)
  const offset = Math.round((wall - at) / MINUTE)
  if (zone.size > 50_000) zone.clear()
  zone.set(bucket, offset)
  return offset
}

/** The wall clock at an instant, read from a Date shifted by the zone's offset. */
const wallClock = (instant: number, timeZone: string) => new Date(instant + offsetMinutes(instant, timeZone) * MINUTE)

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** The local date (YYYY-MM-DD) at an instant. */
export function localDateOf(instant: number, timeZone: string): string {
  return wallClock(instant, timeZone).toISOString().slice(0, 10)
}

/** The local wall-clock time (HH:MM) at an instant. */
export function localTimeOf(instant: number, timeZone: string): string {
  return wallClock(instant, timeZone).toISOString().slice(11, 16)
}

/**
 * The instant of a local date and time. When the clocks go back, a time that happens twice gives the first
 * of the two; when they go forward, a time that never happens gives null.
 */
export function localToInstant(date: string, time: string, timeZone: string): number | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const [hh, mm] = time.split(':').map(Number) as [number, number]
  const wall = Date.UTC(y, m - 1, d, hh, mm)
  // A zone's offset changes at most once within a day either side, so one of these two is the right one.
  const candidates = [...new Set([offsetMinutes(wall - DAY, timeZone), offsetMinutes(wall + DAY, timeZone)])]
    .map((offset) => wall - offset * MINUTE)
    .filter((instant) => localDateOf(instant, timeZone) === date && localTimeOf(instant, timeZone) === time)
    .sort((a, b) => a - b)
  return candidates[0] ?? null
}

/**
 * The wall-clock minutes of one local date and the instants they name, worked out once for the day. On a day
 * when the offset stays the same from the day before to the day after (all but two days a year in the UK), minute
 * m is the day's start plus m minutes; on a day when the clocks change, each minute asks localToInstant. Either
 * way the answers are localToInstant's and toIsoWithOffset's, only cheaper.
 */
export interface DayClock {
  /** The instant of minute `minute` of the day (570 is 09:30), or null when the clocks skip that time. */
  instantOf(minute: number): number | null
  /** ISO 8601 with offset of a time of the day and its instant, for example 2026-10-25T10:00:00+00:00. */
  isoOf(time: string, instant: number): string
}

export function dayClock(date: string, timeZone: string): DayClock {
  const midnight = utcDay(date).getTime()
  // The same window localToInstant looks in: the offsets a day either side of each of the day's times.
  const before = offsetMinutes(midnight - DAY, timeZone)
  if (before === offsetMinutes(midnight + 2 * DAY, timeZone)) {
    const start = midnight - before * MINUTE
    const suffix = offsetSuffix(before)
    return { instantOf: (minute) => start + minute * MINUTE, isoOf: (time) => `${date}T${time}:00${suffix}` }
  }
  return { instantOf: (minute) => localToInstant(date, timeOfDay(minute), timeZone), isoOf: (_time, instant) => toIsoWithOffset(instant, timeZone) }
}

/**
 * The first instant of a local date in the zone: its midnight, or the first quarter hour it has when the clocks skip
 * midnight (01:00 where they change at midnight). Null for a date the zone skipped whole.
 */
export function startOfLocalDay(date: string, timeZone: string): number | null {
  const clock = dayClock(date, timeZone)
  for (let minute = 0; minute < 24 * 60; minute += 15) {
    const start = clock.instantOf(minute)
    if (start !== null) return start
  }
  return null
}

/** The first instant of the local date after the one at `instant` (startOfLocalDay). */
export function nextLocalMidnight(instant: number, timeZone: string): number {
  return startOfLocalDay(addDays(localDateOf(instant, timeZone), 1), timeZone) ?? instant + DAY
}

/** "+01:00" for 60 minutes ahead of UTC, "-04:00" for 240 behind. */
function offsetSuffix(offset: number): string {
  const abs = Math.abs(offset)
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/** ISO 8601 with the zone's offset at that instant, for example 2026-10-25T10:00:00+00:00. */
export function toIsoWithOffset(instant: number, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone)
  return `${new Date(instant + offset * MINUTE).toISOString().slice(0, 19)}${offsetSuffix(offset)}`
}

/** "09:30" → 570 */
export function minutesOfDay(time: string): number {
  const [hh, mm] = time.split(':').map(Number) as [number, number]
  return hh * 60 + mm
}

/** 570 → "09:30" */
export function timeOfDay(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/** "Sunday 25 October 2026" */
export function describeDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return `${WEEKDAYS[weekdayOf(date)]} ${d} ${MONTHS[m - 1]} ${y}`
}
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** The quiet hours (docs/product.md §4.14): from 21:00 to 08:00 local time nothing the customer did not just ask for is sent. */
export const QUIET_FROM = '21:00'
export const QUIET_UNTIL = '08:00'

/** The instant itself when it is outside the quiet hours in this time zone, else the next 08:00 there. */
export function outsideQuietHours(instant: number, timeZone: string): number {
  const minutes = minutesOfDay(localTimeOf(instant, timeZone))
  if (minutes >= minutesOfDay(QUIET_UNTIL) && minutes < minutesOfDay(QUIET_FROM)) return instant
  const today = localDateOf(instant, timeZone)
  const day = minutes < minutesOfDay(QUIET_UNTIL) ? today : localDateOf(nextLocalMidnight(instant, timeZone), timeZone)
  return localToInstant(day, QUIET_UNTIL, timeZone) ?? instant
}
