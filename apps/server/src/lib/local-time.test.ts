import { describe, expect, it } from 'vitest'
import {
  dayClock,
  describeDate,
  localDateOf,
  localTimeOf,
  localToInstant,
  minutesOfDay,
  nextLocalMidnight,
  offsetMinutes,
  outsideQuietHours,
  timeOfDay,
  toIsoWithOffset,
} from './local-time.ts'

const LONDON = 'Europe/London'
const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString())

describe('local time in Europe/London', () => {
  it('a summer time is an hour ahead of UTC and a winter time is UTC', () => {
    expect(iso(localToInstant('2026-07-01', '09:00', LONDON))).toBe('2026-07-01T08:00:00.000Z')
    expect(iso(localToInstant('2026-12-01', '09:00', LONDON))).toBe('2026-12-01T09:00:00.000Z')
  })

  it('on 28 March 2027 the clocks go forward at 01:00 GMT: 00:59 is GMT, 02:00 is BST, 01:30 never happens', () => {
    expect(iso(localToInstant('2027-03-28', '00:59', LONDON))).toBe('2027-03-28T00:59:00.000Z')
    expect(localToInstant('2027-03-28', '01:00', LONDON)).toBeNull()
    expect(localToInstant('2027-03-28', '01:30', LONDON)).toBeNull()
    expect(iso(localToInstant('2027-03-28', '02:00', LONDON))).toBe('2027-03-28T01:00:00.000Z')
    expect(iso(localToInstant('2027-03-28', '09:00', LONDON))).toBe('2027-03-28T08:00:00.000Z')
    expect(iso(localToInstant('2027-03-28', '10:00', LONDON))).toBe('2027-03-28T09:00:00.000Z')
    expect(iso(localToInstant('2027-03-27', '10:00', LONDON))).toBe('2027-03-27T10:00:00.000Z')
  })

  it('on 25 October 2026 the clocks go back at 02:00 BST: 01:30 happens twice and the first is taken', () => {
    expect(iso(localToInstant('2026-10-25', '00:30', LONDON))).toBe('2026-10-24T23:30:00.000Z')
    expect(iso(localToInstant('2026-10-25', '01:30', LONDON))).toBe('2026-10-25T00:30:00.000Z')
    expect(iso(localToInstant('2026-10-25', '02:00', LONDON))).toBe('2026-10-25T02:00:00.000Z')
    expect(iso(localToInstant('2026-10-25', '10:00', LONDON))).toBe('2026-10-25T10:00:00.000Z')
    expect(iso(localToInstant('2026-10-24', '10:00', LONDON))).toBe('2026-10-24T09:00:00.000Z')
  })

  it('offsets and ISO strings carry the offset in force at that instant', () => {
    expect(offsetMinutes(Date.parse('2026-10-25T00:59:00Z'), LONDON)).toBe(60)
    expect(offsetMinutes(Date.parse('2026-10-25T01:00:00Z'), LONDON)).toBe(0)
    expect(toIsoWithOffset(Date.parse('2027-03-28T09:00:00Z'), LONDON)).toBe('2027-03-28T10:00:00+01:00')
    expect(toIsoWithOffset(Date.parse('2026-10-25T10:00:00Z'), LONDON)).toBe('2026-10-25T10:00:00+00:00')
    expect(toIsoWithOffset(Date.parse('2026-07-01T12:30:00Z'), 'America/New_York')).toBe('2026-07-01T08:30:00-04:00')
    expect(toIsoWithOffset(Date.parse('2026-07-01T12:30:00Z'), 'Asia/Kolkata')).toBe('2026-07-01T18:00:00+05:30')
  })

  it('the local date and time of an instant follow the zone, not UTC', () => {
    const lateSummerEvening = Date.parse('2026-06-30T23:30:00Z')
    expect(localDateOf(lateSummerEvening, LONDON)).toBe('2026-07-01')
    expect(localTimeOf(lateSummerEvening, LONDON)).toBe('00:30')
    expect(localDateOf(Date.parse('2026-12-31T23:30:00Z'), LONDON)).toBe('2026-12-31')
  })

  it('round-trips every quarter hour of both change days', () => {
    for (const date of ['2026-10-25', '2027-03-28']) {
      for (let m = 0; m < 24 * 60; m += 15) {
        const time = timeOfDay(m)
        const instant = localToInstant(date, time, LONDON)
        if (instant === null) continue
        expect(localDateOf(instant, LONDON)).toBe(date)
        expect(localTimeOf(instant, LONDON)).toBe(time)
      }
    }
  })
})

describe("a day's clock", () => {
  // The UK's change days, a zone behind UTC, a half-hour zone, Lord Howe's half-hour change, and Chile's change at midnight.
  const days: [string, string][] = [
    ['2026-10-24', LONDON],
    ['2026-10-25', LONDON],
    ['2026-10-26', LONDON],
    ['2027-03-27', LONDON],
    ['2027-03-28', LONDON],
    ['2027-03-29', LONDON],
    ['2026-11-01', 'America/New_York'],
    ['2027-03-14', 'America/New_York'],
    ['2026-07-01', 'Asia/Kolkata'],
    ['2026-10-04', 'Australia/Lord_Howe'],
    ['2027-04-04', 'Australia/Lord_Howe'],
    ['2026-09-06', 'America/Santiago'],
    ['2027-04-04', 'America/Santiago'],
  ]

  it.each(days)('on %s in %s gives the instants and ISO strings of localToInstant and toIsoWithOffset, every five minutes', (date, zone) => {
    const clock = dayClock(date, zone)
    for (let m = 0; m < 24 * 60; m += 5) {
      const time = timeOfDay(m)
      const instant = localToInstant(date, time, zone)
      expect(clock.instantOf(m), `${date} ${time} ${zone}`).toBe(instant)
      if (instant !== null) expect(clock.isoOf(time, instant)).toBe(toIsoWithOffset(instant, zone))
    }
  })

  it("the next local midnight is the start of the shop's next day, whatever the clocks do", () => {
    // Saturday 24 October 2026 is in summer time: Sunday starts at 23:00 UTC; that Sunday is 25 hours long.
    expect(iso(nextLocalMidnight(Date.parse('2026-10-24T12:00:00Z'), LONDON))).toBe('2026-10-24T23:00:00.000Z')
    expect(iso(nextLocalMidnight(Date.parse('2026-10-24T23:30:00Z'), LONDON))).toBe('2026-10-26T00:00:00.000Z')
    expect(iso(nextLocalMidnight(Date.parse('2027-03-27T23:59:00Z'), LONDON))).toBe('2027-03-28T00:00:00.000Z')
    expect(iso(nextLocalMidnight(Date.parse('2027-03-28T00:00:00Z'), LONDON))).toBe('2027-03-28T23:00:00.000Z')
    // In Chile the clocks go forward at midnight on 6 September 2026: that day starts at 01:00 local, 04:00 UTC.
    expect(iso(nextLocalMidnight(Date.parse('2026-09-05T12:00:00Z'), 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z')
  })
})

describe('calendar helpers', () => {
  it('converts wall-clock times to minutes of the day and back', () => {
    expect(minutesOfDay('09:30')).toBe(570)
    expect(timeOfDay(570)).toBe('09:30')
    expect(timeOfDay(0)).toBe('00:00')
  })

  it('writes dates the British way', () => {
    expect(describeDate('2026-12-25')).toBe('Friday 25 December 2026')
  })
})

describe('the quiet hours', () => {
  const at = (iso: string) => Date.parse(iso)
  it('leaves a time between 08:00 and 21:00 as it is, and moves one in the quiet hours to the next 08:00, in UK time', () => {
    expect(outsideQuietHours(at('2026-12-03T14:30:00Z'), 'Europe/London')).toBe(at('2026-12-03T14:30:00Z'))
    expect(outsideQuietHours(at('2026-12-03T20:59:00Z'), 'Europe/London')).toBe(at('2026-12-03T20:59:00Z'))
    expect(outsideQuietHours(at('2026-12-03T22:30:00Z'), 'Europe/London')).toBe(at('2026-12-04T08:00:00Z'))
    expect(outsideQuietHours(at('2026-12-04T07:59:00Z'), 'Europe/London')).toBe(at('2026-12-04T08:00:00Z'))
    // British Summer Time: 21:30 local is 20:30 UTC, and 08:00 local is 07:00 UTC.
    expect(outsideQuietHours(at('2026-07-01T20:30:00Z'), 'Europe/London')).toBe(at('2026-07-02T07:00:00Z'))
    // The night the clocks go back.
    expect(outsideQuietHours(at('2026-10-25T00:30:00Z'), 'Europe/London')).toBe(at('2026-10-25T08:00:00Z'))
  })
})
