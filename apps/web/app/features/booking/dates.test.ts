import { addDays } from '@salon/contracts/dates'
import { describe, expect, it } from 'vitest'
import { dayParts, formatDay, formatDayWithYear, relativeDay } from './dates.ts'

describe('booking dates', () => {
  it('are written as Intl writes them in British English, every day of two years', () => {
    const long = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
    const withYear = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' })
    const month = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' })
    for (let date = '2026-01-01'; date < '2028-01-01'; date = addDays(date, 1)) {
      const day = Date.parse(`${date}T00:00:00Z`)
      expect(formatDay(date)).toBe(long.format(day).replace(',', ''))
      expect(formatDayWithYear(date)).toBe(withYear.format(day).replace(',', ''))
      expect(dayParts(date)).toEqual({ weekday: weekday.format(day), day: String(new Date(day).getUTCDate()), month: month.format(day) })
    }
  })

  it('calls today and tomorrow by name', () => {
    expect(relativeDay('2026-11-25', '2026-11-25')).toBe('Today')
    expect(relativeDay('2026-11-26', '2026-11-25')).toBe('Tomorrow')
    expect(relativeDay('2026-11-27', '2026-11-25')).toBe('Friday 27 November')
  })
})
