import { weekdayOf } from '@salon/contracts/dates'

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

/** ISO 8601 with the zone's offset at that instant, for example 2026-10-25T10:00:00+00:00. */
export function toIsoWithOffset(instant: number, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone)
  const local = new Date(instant + offset * MINUTE).toISOString().slice(0, 19)
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
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
