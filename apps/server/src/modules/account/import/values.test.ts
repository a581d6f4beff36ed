import { describe, expect, it } from 'vitest'
import { readDate, readMinutes, readSkinType, readTime, readYesNo, timeAfterDate } from './values.ts'

const value = <T>(read: { ok: true; value: T } | { ok: false; problem: string }) => (read.ok ? read.value : `problem: ${read.problem}`)

describe('the values of a file’s cells', () => {
  it('reads dates the ISO way and the UK way, day first, with a spreadsheet’s time ignored', () => {
    expect(
      ['1990-12-31', '31/12/1990', '31-12-1990', '31.12.1990', '1/2/1990', '1990-2-1', '31/12/1990 00:00', '1990-12-31T00:00:00Z'].map((t) =>
        value(readDate(t)),
      ),
    ).toEqual(['1990-12-31', '1990-12-31', '1990-12-31', '1990-12-31', '1990-02-01', '1990-02-01', '1990-12-31', '1990-12-31'])
  })

  it('refuses dates that do not exist, two-digit years, and dates outside the product’s range', () => {
    expect(value(readDate('31/02/1990'))).toBe('problem: "31/02/1990" is not a date the calendar has')
    expect(value(readDate('2023-02-29'))).toMatch(/not a date the calendar has/)
    expect(value(readDate('12/31/1990'))).toMatch(/not a date the calendar has/)
    expect(value(readDate('01/02/90'))).toMatch(/two-digit year/)
    expect(value(readDate('01/02/1850'))).toMatch(/outside the dates the salon takes \(1900 to 2100\)/)
    expect(value(readDate('next Tuesday'))).toMatch(/is not a date: write it as 31\/12\/1990 or 1990-12-31/)
  })

  it('reads times on the 24-hour and the 12-hour clock', () => {
    expect(['14:30', '9:05', '14.30', '2:30pm', '2.30 p.m.', '12am', '12:15 PM', '09:00:00'].map((t) => value(readTime(t)))).toEqual([
      '14:30',
      '09:05',
      '14:30',
      '14:30',
      '14:30',
      '00:00',
      '12:15',
      '09:00',
    ])
    for (const bad of ['14', '24:00', '13pm', '9:60', 'noon']) expect(readTime(bad).ok, bad).toBe(false)
    expect(timeAfterDate('24/11/2026 14:30')).toBe('14:30')
    expect(timeAfterDate('24/11/2026')).toBeNull()
  })

  it('reads yes and no in their common spellings', () => {
    expect(['yes', 'Y', 'TRUE', '1', 'opted in'].map((t) => value(readYesNo(t)))).toEqual([true, true, true, true, true])
    expect(['no', 'N', 'false', '0', 'Unsubscribed'].map((t) => value(readYesNo(t)))).toEqual([false, false, false, false, false])
    expect(value(readYesNo('maybe'))).toBe('problem: "maybe" is not yes or no (yes/no, true/false or 1/0)')
  })

  it('reads Fitzpatrick skin types in digits or Roman numerals', () => {
    expect(['1', 'VI', 'iii', 'Type 4', 'type II', 'Fitzpatrick type V', 'Skin type 2'].map((t) => value(readSkinType(t)))).toEqual([1, 6, 3, 4, 2, 5, 2])
    for (const bad of ['0', '7', 'VII', 'fair']) expect(readSkinType(bad).ok, bad).toBe(false)
  })

  it('reads whole minutes within their range', () => {
    expect(['45', ' 45 mins', '45 minutes', '1,000', '60.0'].map((t) => value(readMinutes(t, 0, 10_000)))).toEqual([45, 45, 45, 1000, 60])
    expect(value(readMinutes('12.5', 0, 100))).toMatch(/not a whole number of minutes/)
    expect(value(readMinutes('-5', 0, 100))).toMatch(/less than 0/)
    expect(value(readMinutes('20000', 0, 10_000))).toMatch(/more than 10,000 minutes/)
  })
})
