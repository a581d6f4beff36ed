import { describe, expect, it } from 'vitest'
import { dayText, localText, momentText, periodText, ukParts } from './dates.ts'

describe('salon dates and times on the Manage pages', () => {
  it('writes a day out', () => {
    expect(dayText('2026-12-03')).toBe('Thu 3 December 2026')
  })
  it('shows instants in UK time, in winter and in summer', () => {
    expect(ukParts('2026-12-03T10:30:00.000Z')).toEqual({ date: '2026-12-03', time: '10:30' })
    expect(ukParts('2026-07-01T09:30:00.000Z')).toEqual({ date: '2026-07-01', time: '10:30' })
    expect(ukParts('2026-07-01T23:30:00.000Z')).toEqual({ date: '2026-07-02', time: '00:30' })
    expect(momentText('2026-12-03T10:30:00Z')).toBe('Thu 3 December 2026, 10:30')
  })
  it('writes a period with its day once when it starts and ends on the same day', () => {
    expect(periodText('2026-12-03T10:30:00Z', '2026-12-03T11:30:00Z')).toBe('Thu 3 December 2026, 10:30 until 11:30')
    expect(periodText('2026-12-03T10:30:00Z', '2026-12-04T09:00:00Z')).toBe('Thu 3 December 2026, 10:30 until Fri 4 December 2026, 09:00')
    expect(localText('2026-07-01T10:30')).toBe('Wed 1 July 2026, 10:30')
  })
})
