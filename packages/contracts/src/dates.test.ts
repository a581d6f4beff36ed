import { describe, expect, it } from 'vitest'
import { LocalDate } from './local-date.ts'
import { addDays, isCalendarDate, isRealDate, shortDate, todayInUk, weekdayOf } from './dates.ts'
import { poundsAndPence } from './rules/money.ts'
import { dateOfBirthProblem, UNDER_18_MESSAGE } from './rules/date-of-birth.ts'

describe('isCalendarDate', () => {
  it('takes real dates, leap days included, from 1900 to 2100', () => {
    for (const date of ['1990-04-21', '2000-02-29', '2024-02-29', '1900-01-01', '2100-12-31']) expect(isCalendarDate(date), date).toBe(true)
  })
  it('refuses real dates outside the one range every date parameter is held to', () => {
    for (const date of ['0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) {
      expect(isRealDate(date), date).toBe(true)
      expect(isCalendarDate(date), date).toBe(false)
    }
    expect(LocalDate.safeParse('9999-12-31').error?.issues.map((i) => i.message)).toEqual(['must be a date from 1900 to 2100'])
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

describe('calendar helpers', () => {
  it('adds days across month, year and clock changes', () => {
    expect(addDays('2026-10-24', 1)).toBe('2026-10-25')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28')
    expect(addDays('2027-03-27', 28)).toBe('2027-04-24')
  })
  it('numbers weekdays from Sunday = 0', () => {
    expect(weekdayOf('2026-10-25')).toBe(0)
    expect(weekdayOf('2027-03-29')).toBe(1)
    expect(weekdayOf('2026-11-21')).toBe(6)
  })
  it('knows today in the UK, in summer time and in winter', () => {
    expect(todayInUk(new Date('2025-06-15T23:30:00Z'))).toBe('2025-06-16')
    expect(todayInUk(Date.parse('2025-01-15T23:30:00Z'))).toBe('2025-01-15')
    expect(todayInUk(Date.parse('2025-01-15T00:00:00Z'))).toBe('2025-01-15')
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

describe('text-message dates and prices', () => {
  it('writes a date short, as a text message gives it', () => {
    expect(shortDate('2026-12-03')).toBe('Thu 3 Dec')
    expect(shortDate('2026-11-23')).toBe('Mon 23 Nov')
    expect(shortDate('2028-02-29')).toBe('Tue 29 Feb')
  })
  it('writes pence as pounds with two decimals', () => {
    expect(poundsAndPence(360)).toBe('£3.60')
    expect(poundsAndPence(5)).toBe('£0.05')
    expect(poundsAndPence(100000)).toBe('£1000.00')
  })
})
