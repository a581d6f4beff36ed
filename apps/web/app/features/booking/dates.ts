import { addDays, utcDay } from '@salon/contracts/dates'
import { MONTHS, WEEKDAYS } from '@salon/contracts/uk-calendar'

/**
 * Local dates ("YYYY-MM-DD") are the salon's calendar days, read as UTC days so no offset moves them, and written
 * out by hand rather than with Intl, whose first formatter costs a long task as the page starts (decision 020).
 */

/** "Monday 23 November" */
export const formatDay = (date: string) => {
  const day = utcDay(date)
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`
}
/** "Monday 23 November 2026" */
export const formatDayWithYear = (date: string) => `${formatDay(date)} ${date.slice(0, 4)}`
/** The short month names of British English: "Sept", not "Sep". */
const SHORT_MONTHS = MONTHS.map((name) => (name === 'September' ? 'Sept' : name.slice(0, 3)))
/** { weekday: "Mon", day: "23", month: "Nov" } for the day strip. */
export const dayParts = (date: string) => {
  const day = utcDay(date)
  return { weekday: WEEKDAYS[day.getUTCDay()]!.slice(0, 3), day: String(day.getUTCDate()), month: SHORT_MONTHS[day.getUTCMonth()]! }
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
