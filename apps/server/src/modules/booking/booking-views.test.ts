import { describe, expect, it } from 'vitest'
import { describeDate } from '../../lib/local-time.ts'
import { checkStart, daySlots, isRefusal, outsideHours, type BookingRules } from './availability.ts'
import { daySchedule, hoursOn } from './booking-views.ts'
import type { ShopSetup } from './booking.repository.ts'

const rules: BookingRules = {
  slotStepMinutes: 30,
  leadTimeMinutes: 60,
  horizonDays: 28,
  cancellationCutoffMinutes: 120,
  firstSessionMaxMinutes: 6,
  minHoursBetweenSessions: 0,
  payInSalon: true,
  payUpFront: false,
}
/** Open 09:00–18:00 every day; late on Wednesday 23 December 2026, short on Thursday 24 December. */
const setup: ShopSetup = {
  shopId: 'shop',
  name: 'Shop',
  timeZone: 'Europe/London',
  phone: '01632 960000',
  rules,
  hours: new Map([0, 1, 2, 3, 4, 5, 6].map((weekday) => [weekday, { opensAt: '09:00', closesAt: '18:00' }])),
  beds: [{ id: 'bed', name: 'Bed', type: 'lay-down', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5, perMinutePence: 50 }],
  closures: new Map([['2026-12-25', { reason: 'Christmas Day' }]]),
  specialHours: new Map([
    ['2026-12-23', { opensAt: '09:00', closesAt: '21:00', reason: 'Late night before Christmas' }],
    ['2026-12-24', { opensAt: '10:00', closesAt: '14:00', reason: 'Christmas Eve' }],
  ]),
}
/** Monday 21 December 2026, 08:00 GMT */
const NOW = Date.parse('2026-12-21T08:00:00Z')

describe("a date's special opening hours", () => {
  it('take the place of the weekday’s hours, with their reason', () => {
    expect(hoursOn(setup, '2026-12-23')).toEqual({ hours: { opensAt: '09:00', closesAt: '21:00' }, special: { reason: 'Late night before Christmas' } })
    expect(hoursOn(setup, '2026-12-22')).toEqual({ hours: { opensAt: '09:00', closesAt: '18:00' }, special: null })
    expect(hoursOn({ ...setup, hours: new Map() }, '2026-12-22')).toEqual({ hours: null, special: null })
    // A weekday the salon does not open can still have special hours.
    expect(hoursOn({ ...setup, hours: new Map() }, '2026-12-24').hours).toEqual({ opensAt: '10:00', closesAt: '14:00' })
  })

  it('decide the free times, later and earlier than the weekly ones', () => {
    const slots = (date: string) => daySlots(daySchedule(setup, rules, date), setup.beds, 6, [], NOW).map((s) => s.time)
    expect(slots('2026-12-22').at(-1)).toBe('17:30')
    expect(slots('2026-12-23').at(-1)).toBe('20:30')
    expect(slots('2026-12-24')).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'])
  })

  it('decide whether a session can start, and say why not naming the reason', () => {
    const late = daySchedule(setup, rules, '2026-12-23')
    expect(isRefusal(checkStart(late, '20:30', 6, NOW))).toBe(false)
    const short = checkStart(daySchedule(setup, rules, '2026-12-24'), '15:00', 6, NOW)
    expect(short).toEqual({
      status: 422,
      message: `On ${describeDate('2026-12-24')} the salon is open from 10:00 to 14:00 (special hours: Christmas Eve): a 6-minute session must start at 10:00 or later and end by 14:00.`,
    })
    expect(outsideHours('2026-12-22', { opensAt: '09:00', closesAt: '18:00' }, 6)).toBe(
      `On ${describeDate('2026-12-22')} the salon is open from 09:00 to 18:00: a 6-minute session must start at 09:00 or later and end by 18:00.`,
    )
  })
})
