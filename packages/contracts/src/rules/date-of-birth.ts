import { FIRST_DATE, isRealDate } from '../dates.ts'

/** The youngest a customer may be to sign up or book: Sunbeds (Regulation) Act 2010. */
export const MINIMUM_AGE = 18
export const UNDER_18_MESSAGE = 'You must be 18 or over to sign up: UK law does not allow anyone under 18 to use a sunbed.'

/** The oldest date of birth taken: anything earlier is a typing slip, not a customer. */
export const EARLIEST_DOB = FIRST_DATE

/** The age in whole years on a given day, for dates of birth written YYYY-MM-DD. */
export function ageOn(dob: string, today: string): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number]
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0)
}

export type DateOfBirthProblem = 'not-a-date' | 'future' | 'too-early' | 'under-age'

/** What is wrong with a date of birth given on `today` (both YYYY-MM-DD), or null when it is fine; each side words it. */
export function dateOfBirthRule(dob: string, today: string): DateOfBirthProblem | null {
  // The range of dates taken anywhere (dates.ts), said in a date of birth's own words: not in the future, not before 1900.
  if (!isRealDate(dob)) return 'not-a-date'
  if (dob > today) return 'future'
  if (dob < EARLIEST_DOB) return 'too-early'
  if (ageOn(dob, today) < MINIMUM_AGE) return 'under-age'
  return null
}

const API_MESSAGES: Record<DateOfBirthProblem, string> = {
  'not-a-date': 'Please give your date of birth as a real date, written YYYY-MM-DD.',
  future: 'Please check your date of birth: it must be in the past and no earlier than 1900.',
  'too-early': 'Please check your date of birth: it must be in the past and no earlier than 1900.',
  'under-age': UNDER_18_MESSAGE,
}

/** The identity service's words for what is wrong with a date of birth, or null when it is fine. */
export function dateOfBirthProblem(dob: string, today: string): string | null {
  const problem = dateOfBirthRule(dob, today)
  return problem && API_MESSAGES[problem]
}
