import { MONTHS, ukDateOf, WEEKDAYS } from './uk-calendar.ts'

/** Calendar dates written YYYY-MM-DD, the way both sides pass them. Plain functions without Zod, so the web app can import them. */

/**
 * The one range of dates the product takes, wherever a date comes in (a day sheet, takings, reports, closures,
 * promo codes, posts, a date of birth): a later or earlier one is a typing slip or an attack, and refused with a
 * message before any rule or the database sees it.
 */
export const FIRST_DATE = '1900-01-01'
export const LAST_DATE = '2100-12-31'

/** A day the calendar has, written YYYY-MM-DD: not 1990-02-30, not year 0000 (which PostgreSQL has no room for). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (y < 1) return false
  const date = new Date(0)
  date.setUTCFullYear(y, m - 1, d)
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** A real calendar date written YYYY-MM-DD within the product's range (FIRST_DATE to LAST_DATE): every date parameter is checked by this. */
export const isCalendarDate = (value: string): boolean => isRealDate(value) && value >= FIRST_DATE && value <= LAST_DATE

/** A date as the UTC midnight that starts it, so no offset moves it to another day. */
export function utcDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d))
}

/** The date n days after a date (calendar days, whatever the clocks do). */
export function addDays(date: string, days: number): string {
  const day = utcDay(date)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: string): number => utcDay(date).getUTCDay()

/** Today's date in the UK at an instant (now unless given), written YYYY-MM-DD. */
export const todayInUk = (now: number | Date = Date.now()): string => ukDateOf(now)

/** A date as a text message gives it, short: 2026-12-03 → "Thu 3 Dec". */
export function shortDate(date: string): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number]
  return `${WEEKDAYS[weekdayOf(date)]!.slice(0, 3)} ${d} ${MONTHS[m - 1]!.slice(0, 3)}`
}
