import { z } from 'zod'
import { FIRST_DATE, isCalendarDate, LAST_DATE } from './dates.ts'

/**
 * The one schema for a local date (the shop's, or a date of birth) wherever one comes in: a query, a path or a body.
 * A day the calendar has, written YYYY-MM-DD, from FIRST_DATE to LAST_DATE (dates.ts); how far ahead or back a
 * particular date may be (a booking's horizon, a date of birth in the past) is its own rule's business.
 */

const WRITTEN = /^\d{4}-\d{2}-\d{2}$/
export const LOCAL_DATE_MESSAGES = {
  written: 'must be a date written YYYY-MM-DD',
  real: 'must be a real calendar date',
  range: `must be a date from ${FIRST_DATE.slice(0, 4)} to ${LAST_DATE.slice(0, 4)}`,
} as const

/** What is wrong with a local date, or null when it is one. */
export function localDateProblem(value: string): string | null {
  if (!WRITTEN.test(value)) return LOCAL_DATE_MESSAGES.written
  // Written YYYY-MM-DD, dates compare as text; a year outside the range is named as such even if the day is not real.
  if (value < FIRST_DATE || value > LAST_DATE) return LOCAL_DATE_MESSAGES.range
  if (!isCalendarDate(value)) return LOCAL_DATE_MESSAGES.real
  return null
}

export const LocalDate = z
  .string({ message: LOCAL_DATE_MESSAGES.written })
  .regex(WRITTEN, { message: LOCAL_DATE_MESSAGES.written })
  // The format check above reports a badly written date; this one a date outside the range or not in the calendar.
  .superRefine((value, ctx) => {
    const problem = WRITTEN.test(value) ? localDateProblem(value) : null
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
