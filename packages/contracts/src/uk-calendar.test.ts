import { describe, expect, it } from 'vitest'
import { MONTHS, ukDateOf, ukOffsetMinutes, WEEKDAYS } from './uk-calendar.ts'

const MINUTE = 60_000
const intlDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })
const intlOffset = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'shortOffset' })

describe('the UK calendar without Intl', () => {
  it('agrees with Intl on the date and the offset from 2020 to 2032, every 127 minutes (so at every time of day)', () => {
    for (let at = Date.UTC(2020, 0, 1); at < Date.UTC(2033, 0, 1); at += 127 * MINUTE) {
      expect(ukDateOf(at)).toBe(intlDate.format(at))
      const name = intlOffset.formatToParts(at).find((part) => part.type === 'timeZoneName')!.value
      expect(ukOffsetMinutes(at)).toBe(name === 'GMT+1' ? 60 : 0)
    }
  }, 30_000)

  it('changes the clocks at 01:00 UTC on the last Sundays of March and October', () => {
    // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC.
    expect(ukOffsetMinutes(Date.parse('2026-03-29T00:59:59Z'))).toBe(0)
    expect(ukOffsetMinutes(Date.parse('2026-03-29T01:00:00Z'))).toBe(60)
    expect(ukOffsetMinutes(Date.parse('2026-10-25T00:59:59Z'))).toBe(60)
    expect(ukOffsetMinutes(Date.parse('2026-10-25T01:00:00Z'))).toBe(0)
    // 23:30 UTC on a summer evening is already the next day in the UK.
    expect(ukDateOf(Date.parse('2026-06-30T23:30:00Z'))).toBe('2026-07-01')
    expect(ukDateOf(Date.parse('2026-12-31T23:30:00Z'))).toBe('2026-12-31')
  })

  it('names months and weekdays as Intl does in English', () => {
    const month = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' })
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' })
    expect(MONTHS).toEqual(Array.from({ length: 12 }, (_, m) => month.format(Date.UTC(2026, m, 1))))
    // 1 November 2026 is a Sunday.
    expect(WEEKDAYS).toEqual(Array.from({ length: 7 }, (_, d) => weekday.format(Date.UTC(2026, 10, 1 + d))))
  })
})
