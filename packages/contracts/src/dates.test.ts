import { describe, expect, it } from 'vitest'
import { dateOfBirthProblem, UNDER_18_MESSAGE } from './account.ts'
import { LocalDate } from './booking.ts'
import { isCalendarDate } from './dates.ts'

describe('isCalendarDate', () => {
  it('takes real dates, leap days included', () => {
    for (const date of ['1990-04-21', '2000-02-29', '2024-02-29', '0001-01-01', '9999-12-31']) expect(isCalendarDate(date), date).toBe(true)
  })
  it('refuses dates the calendar does not have, and other writings', () => {
    for (const date of [
      '1990-02-30',
      '1990-02-31',
      '1900-02-29',
      '2023-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '0000-01-01',
      '1990-4-21',
      '21/04/1990',
      '1990-04-21T00:00',
      '',
    ])
      expect(isCalendarDate(date), date).toBe(false)
  })
  it('is the rule of the booking date in requests', () => {
    expect(LocalDate.safeParse('2026-02-30').error?.issues[0]?.message).toBe('must be a real calendar date')
    expect(LocalDate.safeParse('30/02/2026').error?.issues[0]?.message).toBe('must be a date written YYYY-MM-DD')
  })
})

describe('dateOfBirthProblem', () => {
  const today = '2026-11-23'
  it('accepts an adult', () => {
    expect(dateOfBirthProblem('1990-04-21', today)).toBeNull()
    expect(dateOfBirthProblem('2008-11-23', today)).toBeNull()
  })
  it('refuses someone under 18 with the law behind it', () => {
    expect(dateOfBirthProblem('2008-11-24', today)).toBe(UNDER_18_MESSAGE)
  })
  it('refuses impossible, future and implausibly old dates with a plain message', () => {
    expect(dateOfBirthProblem('1990-02-30', today)).toBe('Please give your date of birth as a real date, written YYYY-MM-DD.')
    expect(dateOfBirthProblem('0000-01-01', today)).toBe('Please give your date of birth as a real date, written YYYY-MM-DD.')
    expect(dateOfBirthProblem('1899-12-31', today)).toBe('Please check your date of birth: it must be in the past and no earlier than 1900.')
    expect(dateOfBirthProblem('2027-01-01', today)).toBe('Please check your date of birth: it must be in the past and no earlier than 1900.')
  })
})
