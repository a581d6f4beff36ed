/** Dates of birth given on DATE_OF_BIRTH_CASES_TODAY, and whether they are taken. */
export const DATE_OF_BIRTH_CASES_TODAY = '2026-11-23'

export const DATE_OF_BIRTH_CASES: readonly { dob: string; accepted: boolean; why: string }[] = [
  { dob: '1990-04-21', accepted: true, why: 'an adult' },
  { dob: '2008-11-23', accepted: true, why: '18 today' },
  { dob: '2000-02-29', accepted: true, why: 'a leap day' },
  { dob: '1900-01-01', accepted: true, why: 'the earliest taken' },
  { dob: '2008-11-24', accepted: false, why: '18 tomorrow' },
  { dob: '2026-11-24', accepted: false, why: 'tomorrow' },
  { dob: '2027-01-01', accepted: false, why: 'next year' },
  { dob: '1899-12-31', accepted: false, why: 'before 1900, a typing slip' },
  { dob: '1990-02-30', accepted: false, why: 'a day the calendar does not have' },
  { dob: '1990-13-45', accepted: false, why: 'month 13' },
  { dob: '21/04/1990', accepted: false, why: 'not written YYYY-MM-DD' },
  { dob: '', accepted: false, why: 'empty' },
]
