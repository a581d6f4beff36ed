import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bedFree,
  bedTakes,
  checkStart,
  comingDates,
  dayRange,
  daySlots,
  isRefusal,
  lastBookableDate,
  type BedForSlots,
  type BookingRules,
  type BusyRange,
  type DaySchedule,
} from './availability.ts'
import { minutesOfDay, timeOfDay, toIsoWithOffset } from '../../lib/local-time.ts'

const rules: BookingRules = {
  slotStepMinutes: 15,
  leadTimeMinutes: 60,
  horizonDays: 28,
  cancellationCutoffMinutes: 120,
  firstSessionMaxMinutes: 6,
  minHoursBetweenSessions: 24,
  payInSalon: true,
  payUpFront: false,
}
const beds: BedForSlots[] = [
  { id: 'lay', name: 'Lay-down', type: 'lay-down', minMinutes: 3, maxMinutes: 15, cleaningBufferMinutes: 5 },
  { id: 'stand', name: 'Stand-up', type: 'stand-up', minMinutes: 3, maxMinutes: 9, cleaningBufferMinutes: 10 },
]
const day = (date: string, extra: Partial<DaySchedule> = {}): DaySchedule => ({
  date,
  timeZone: 'Europe/London',
  rules,
  hours: { opensAt: '09:00', closesAt: '12:00' },
  closure: null,
  ...extra,
})
/** Tuesday 24 November 2026, 08:00 GMT */
const NOW = Date.parse('2026-11-24T08:00:00Z')
const at = (iso: string) => Date.parse(iso)
const times = (slots: { time: string }[]) => slots.map((s) => s.time)
const message = (value: object) => ('message' in value ? (value.message as string) : null)

describe('the slots of a day', () => {
  it('run from opening every step, each long enough to end by closing time', () => {
    const slots = daySlots(day('2026-11-25'), beds, 6, [], NOW)
    expect(times(slots)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45'])
    expect(slots[0]).toEqual({ time: '09:00', startsAt: '2026-11-25T09:00:00+00:00', bedIds: ['lay', 'stand'] })
    // 11:45 + 15 minutes is 12:00: the last start that ends by closing.
    expect(times(daySlots(day('2026-11-25'), beds, 15, [], NOW)).at(-1)).toBe('11:45')
    expect(times(daySlots(day('2026-11-25'), beds, 14, [], NOW)).at(-1)).toBe('11:45')
    expect(times(daySlots(day('2026-11-25', { hours: { opensAt: '09:00', closesAt: '11:50' } }), beds, 6, [], NOW)).at(-1)).toBe('11:30')
  })

  it("follow the shop's step", () => {
    const slots = daySlots(day('2026-11-25', { rules: { ...rules, slotStepMinutes: 20 } }), beds, 6, [], NOW)
    expect(times(slots).slice(0, 4)).toEqual(['09:00', '09:20', '09:40', '10:00'])
  })

  it('leave out beds that do not take that many minutes, and times when no bed is free', () => {
    const slots = daySlots(day('2026-11-25'), beds, 12, [], NOW)
    expect(slots.every((s) => s.bedIds.length === 1 && s.bedIds[0] === 'lay')).toBe(true)
    expect(daySlots(day('2026-11-25'), beds, 30, [], NOW)).toEqual([])
    expect(daySlots(day('2026-11-25'), beds, 2, [], NOW)).toEqual([])
  })

  it('keep a booked bed blocked for the session and its cleaning buffer', () => {
    // Lay-down booked 10:00–10:06, blocked until 10:11 by its 5-minute buffer.
    const busy: BusyRange[] = [{ bedId: 'lay', startsAt: at('2026-11-25T10:00:00Z'), blockedUntil: at('2026-11-25T10:11:00Z') }]
    const slots = daySlots(day('2026-11-25'), beds, 6, busy, NOW)
    const bedsAt = (time: string) => slots.find((s) => s.time === time)?.bedIds
    // 09:45 + 6 + 5 buffer = 09:56, before 10:00: free.
    expect(bedsAt('09:45')).toEqual(['lay', 'stand'])
    expect(bedsAt('10:00')).toEqual(['stand'])
    expect(bedsAt('10:15')).toEqual(['lay', 'stand'])
    // A 12-minute session at 09:45 with its buffer runs to 10:02 and would meet the 10:00 booking.
    const long = daySlots(day('2026-11-25'), beds, 12, busy, NOW)
    expect(long.find((s) => s.time === '09:45')).toBeUndefined()
    expect(long.find((s) => s.time === '09:30')?.bedIds).toEqual(['lay'])
  })

  it("a bed's own longer buffer counts against the next booking", () => {
    const busy: BusyRange[] = [{ bedId: 'stand', startsAt: at('2026-11-25T10:00:00Z'), blockedUntil: at('2026-11-25T10:16:00Z') }]
    // stand-up: 09:45 + 6 + 10 buffer = 10:01, which meets the 10:00 session.
    expect(bedFree(beds[1]!, at('2026-11-25T09:45:00Z'), 6, busy)).toBe(false)
    expect(bedFree(beds[1]!, at('2026-11-25T09:44:00Z'), 6, busy)).toBe(true)
    expect(bedFree(beds[1]!, at('2026-11-25T10:16:00Z'), 6, busy)).toBe(true)
    expect(bedFree(beds[0]!, at('2026-11-25T10:00:00Z'), 6, busy)).toBe(true)
  })

  it('start no sooner than the lead time after now', () => {
    // 08:00 now + 60 minutes lead: 09:00 is the first start today.
    expect(times(daySlots(day('2026-11-24'), beds, 6, [], NOW))[0]).toBe('09:00')
    const later = at('2026-11-24T09:50:00Z')
    expect(times(daySlots(day('2026-11-24'), beds, 6, [], later))[0]).toBe('11:00')
    expect(times(daySlots(day('2026-11-24'), beds, 6, [], at('2026-11-24T10:01:00Z')))[0]).toBe('11:15')
    expect(daySlots(day('2026-11-23'), beds, 6, [], NOW)).toEqual([])
  })

  it('stop at the horizon', () => {
    expect(lastBookableDate(NOW, 'Europe/London', rules)).toBe('2026-12-22')
    expect(daySlots(day('2026-12-22'), beds, 6, [], NOW)).not.toEqual([])
    expect(daySlots(day('2026-12-23'), beds, 6, [], NOW)).toEqual([])
  })

  it('are none on a closure or on a weekday without hours', () => {
    expect(daySlots(day('2026-12-25', { closure: { reason: 'Christmas Day' } }), beds, 6, [], NOW)).toEqual([])
    expect(daySlots(day('2026-11-25', { hours: null }), beds, 6, [], NOW)).toEqual([])
  })
})

describe('the slots on the days the clocks change', () => {
  const sunday = { opensAt: '10:00', closesAt: '16:00' }
  it('on Sunday 25 October 2026 (clocks back) 10:00 is 10:00 GMT and there are six hours of slots', () => {
    const now = at('2026-10-20T12:00:00Z')
    const slots = daySlots(day('2026-10-25', { hours: sunday }), beds, 6, [], now)
    expect(slots[0]).toMatchObject({ time: '10:00', startsAt: '2026-10-25T10:00:00+00:00' })
    expect(slots.at(-1)).toMatchObject({ time: '15:45', startsAt: '2026-10-25T15:45:00+00:00' })
    expect(slots).toHaveLength(24)
  })

  it('on Sunday 28 March 2027 (clocks forward) 10:00 is 09:00 UTC', () => {
    const now = at('2027-03-25T12:00:00Z')
    const slots = daySlots(day('2027-03-28', { hours: sunday }), beds, 6, [], now)
    expect(slots[0]).toMatchObject({ time: '10:00', startsAt: '2027-03-28T10:00:00+01:00' })
    expect(Date.parse(slots[0]!.startsAt)).toBe(at('2027-03-28T09:00:00Z'))
    expect(slots.at(-1)).toMatchObject({ time: '15:45', startsAt: '2027-03-28T15:45:00+01:00' })
    expect(slots).toHaveLength(24)
    // The day before is still GMT.
    expect(daySlots(day('2027-03-27', { hours: sunday }), beds, 6, [], now)[0]).toMatchObject({ startsAt: '2027-03-27T10:00:00+00:00' })
  })

  it('a night opening across the change skips the hour that does not exist and keeps the one that happens twice once', () => {
    const night = { opensAt: '00:00', closesAt: '03:00' }
    const spring = daySlots(day('2027-03-28', { hours: night }), beds, 6, [], at('2027-03-20T00:00:00Z'))
    expect(times(spring)).toEqual(['00:00', '00:15', '00:30', '00:45', '02:00', '02:15', '02:30', '02:45'])
    const autumn = daySlots(day('2026-10-25', { hours: night }), beds, 6, [], at('2026-10-20T00:00:00Z'))
    expect(times(autumn)).toHaveLength(12)
    expect(autumn.find((s) => s.time === '01:30')?.startsAt).toBe('2026-10-25T01:30:00+01:00')
    expect(autumn.find((s) => s.time === '02:00')?.startsAt).toBe('2026-10-25T02:00:00+00:00')
  })

  it("a booking in the day's range is found by instants, not wall-clock times", () => {
    const range = dayRange(day('2027-03-28', { hours: sunday }), beds)
    expect(range).toEqual({ from: at('2027-03-28T09:00:00Z'), to: at('2027-03-28T15:10:00Z') })
    expect(dayRange(day('2027-03-28', { hours: null }), beds)).toBeNull()
  })
})

describe('checking one start', () => {
  it('says plainly why a time cannot be booked', () => {
    expect(message(checkStart(day('2026-11-23'), '10:00', 6, NOW))).toMatch(/has passed/)
    expect(message(checkStart(day('2026-11-24'), '07:30', 6, NOW))).toMatch(/has passed/)
    expect(message(checkStart(day('2026-11-24'), '08:45', 6, NOW))).toMatch(/at least 60 minutes ahead/)
    expect(message(checkStart(day('2026-12-23'), '10:00', 6, NOW))).toMatch(/up to 28 days ahead, so Wednesday 23 December 2026 is too far/)
    expect(message(checkStart(day('2026-12-25', { closure: { reason: 'Christmas Day' } }), '10:00', 6, at('2026-12-20T10:00:00Z')))).toBe(
      'The salon is closed on Friday 25 December 2026 (Christmas Day). Please choose another day.',
    )
    expect(message(checkStart(day('2026-11-29', { hours: null }), '10:00', 6, NOW))).toMatch(/closed on Sundays/)
    expect(message(checkStart(day('2026-11-25'), '08:45', 6, NOW))).toMatch(/open from 09:00 to 12:00/)
    expect(message(checkStart(day('2026-11-25'), '11:55', 6, NOW))).toMatch(/end by 12:00/)
    expect(message(checkStart(day('2026-11-25'), '10:05', 6, NOW))).toMatch(/every 15 minutes from 09:00/)
    expect(message(checkStart(day('2027-03-28', { hours: { opensAt: '00:00', closesAt: '03:00' } }), '01:15', 6, at('2027-03-20T00:00:00Z')))).toMatch(
      /does not exist .* clocks go forward/,
    )
    expect(checkStart(day('2026-11-25'), '10:00', 6, NOW)).toEqual({ startsAt: at('2026-11-25T10:00:00Z') })
  })
})

it("the coming days start today in the shop's zone", () => {
  // 23:30 UTC on 30 June is already 1 July in London.
  expect(comingDates(at('2026-06-30T23:30:00Z'), 'Europe/London', 3)).toEqual(['2026-07-01', '2026-07-02', '2026-07-03'])
})

describe('working out a day at once', () => {
  /** The slots as checkStart and bedFree say them, asked of every time of the day and every bed. */
  function slotByslot(day: DaySchedule, candidates: BedForSlots[], minutes: number, busy: BusyRange[], now: number) {
    if (!day.hours || day.closure) return []
    const slots = []
    for (let m = minutesOfDay(day.hours.opensAt); m < minutesOfDay(day.hours.closesAt); m += day.rules.slotStepMinutes) {
      const time = timeOfDay(m)
      const start = checkStart(day, time, minutes, now)
      if (isRefusal(start)) continue
      const free = candidates.filter((bed) => bedTakes(bed, minutes) && bedFree(bed, start.startsAt, minutes, busy))
      if (free.length) slots.push({ time, startsAt: toIsoWithOffset(start.startsAt, day.timeZone), bedIds: free.map((b) => b.id) })
    }
    return slots
  }

  const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Santiago']
  /** Days when the clocks change in those zones, and ordinary days. */
  const dates = ['2026-10-25', '2027-03-28', '2026-11-01', '2027-03-14', '2026-10-04', '2027-04-04', '2026-09-06', '2026-11-24', '2026-07-01']
  const minuteOf = (hours: number, minutes: number) => hours * 60 + minutes
  const schedule = fc.record({
    zone: fc.constantFrom(...zones),
    date: fc.constantFrom(...dates),
    opens: fc.integer({ min: 0, max: minuteOf(22, 0) }),
    length: fc.integer({ min: 30, max: minuteOf(24, 0) }),
    step: fc.integer({ min: 5, max: 60 }),
    lead: fc.integer({ min: 0, max: 240 }),
    horizon: fc.integer({ min: 0, max: 3 }),
    minutes: fc.integer({ min: 1, max: 20 }),
    /** now, in minutes from two days before the date's UTC midnight */
    now: fc.integer({ min: 0, max: minuteOf(96, 0) }),
    bookings: fc.array(
      fc.record({ bed: fc.constantFrom('lay', 'stand'), start: fc.integer({ min: -120, max: minuteOf(26, 0) }), length: fc.integer({ min: 1, max: 40 }) }),
      {
        maxLength: 12,
      },
    ),
  })

  it('offers exactly the slots that checkStart and bedFree accept, on any day in any zone', () => {
    fc.assert(
      fc.property(schedule, (s) => {
        const closes = Math.min(s.opens + s.length, minuteOf(23, 59))
        const day: DaySchedule = {
          date: s.date,
          timeZone: s.zone,
          rules: { ...rules, slotStepMinutes: s.step, leadTimeMinutes: s.lead, horizonDays: s.horizon },
          hours: { opensAt: timeOfDay(s.opens), closesAt: timeOfDay(closes) },
          closure: null,
        }
        const midnight = Date.parse(`${s.date}T00:00:00Z`)
        const now = midnight + (s.now - minuteOf(48, 0)) * 60_000
        const busy: BusyRange[] = s.bookings.map((b) => ({
          bedId: b.bed,
          startsAt: midnight + b.start * 60_000,
          blockedUntil: midnight + (b.start + b.length) * 60_000,
        }))
        expect(daySlots(day, beds, s.minutes, busy, now)).toEqual(slotByslot(day, beds, s.minutes, busy, now))
      }),
      { numRuns: 400 },
    )
  })
})
