import { addDays, utcDay } from '@salon/contracts/dates'

/** Local dates ("YYYY-MM-DD") are the salon's calendar days; they are formatted as UTC days so no offset moves them. */

const long = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
const longWithYear = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
const weekdayShort = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' })
const monthShort = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' })

/** "Monday 23 November" */
export const formatDay = (date: string) => long.format(utcDay(date)).replace(',', '')
/** "Monday 23 November 2026" */
export const formatDayWithYear = (date: string) => longWithYear.format(utcDay(date)).replace(',', '')
/** { weekday: "Mon", day: "23", month: "Nov" } for the day strip. */
export const dayParts = (date: string) => {
  const day = utcDay(date)
  return { weekday: weekdayShort.format(day), day: String(day.getUTCDate()), month: monthShort.format(day) }
}

/** "Today", "Tomorrow" or the weekday and date. */
export function relativeDay(date: string, today: string | null): string {
  if (today && date === today) return 'Today'
  if (today && date === addDays(today, 1)) return 'Tomorrow'
  return formatDay(date)
}

/** A wall-clock time read from an ISO instant with offset: "2026-11-23T10:15:00+00:00" → "10:15". */
export const clockOf = (iso: string) => iso.slice(11, 16)

/** "09:00" → "morning", by the hour a slot starts. */
export function partOfDay(time: string): 'Morning' | 'Afternoon' | 'Evening' {
  const hour = Number(time.slice(0, 2))
  return hour < 12 ? 'Morning' : hour < 17 ? 'Afternoon' : 'Evening'
}
