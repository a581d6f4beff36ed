import { describe, expect, it } from 'vitest'
import { fittingMinutes, lastDayOf, lotExpiry, planSpend, type SpendableLot } from './lots.ts'

const at = Date.parse('2026-11-23T10:00:00Z')
const lot = (id: string, remaining: number, bedTypes: string[], expires: string, created = '2026-11-01T10:00:00Z'): SpendableLot => ({
  id,
  remaining,
  bedTypes,
  expiresAt: new Date(expires),
  createdAt: new Date(created),
})

describe('spending minutes from lots', () => {
  const lots = [
    lot('late', 30, ['lay-down', 'stand-up'], '2027-03-01T00:00:00Z'),
    lot('soon', 10, ['lay-down'], '2026-12-01T00:00:00Z'),
    lot('standing', 20, ['stand-up'], '2026-11-25T00:00:00Z'),
    lot('gone', 50, ['lay-down'], '2026-11-23T00:00:00Z'),
  ]

  it('takes from the fitting lot that expires first', () => {
    expect(planSpend(lots, 'lay-down', 6, at)).toEqual([{ lotId: 'soon', minutes: 6 }])
    expect(planSpend(lots, 'stand-up', 6, at)).toEqual([{ lotId: 'standing', minutes: 6 }])
  })

  it('spans two lots when the first runs out', () => {
    expect(planSpend(lots, 'lay-down', 12, at)).toEqual([
      { lotId: 'soon', minutes: 10 },
      { lotId: 'late', minutes: 2 },
    ])
  })

  it('never counts an expired lot or one for other beds', () => {
    expect(fittingMinutes(lots, 'lay-down', at)).toBe(40)
    expect(fittingMinutes(lots, 'high-pressure', at)).toBe(0)
    expect(planSpend(lots, 'lay-down', 41, at)).toBeNull()
    expect(planSpend(lots, 'high-pressure', 3, at)).toBeNull()
  })

  it('on a tie of expiry takes the older lot first', () => {
    const tied = [
      lot('newer', 5, ['lay-down'], '2027-01-01T00:00:00Z', '2026-11-20T00:00:00Z'),
      lot('older', 5, ['lay-down'], '2027-01-01T00:00:00Z', '2026-11-10T00:00:00Z'),
    ]
    expect(planSpend(tied, 'lay-down', 3, at)).toEqual([{ lotId: 'older', minutes: 3 }])
  })
})

describe('when a lot expires', () => {
  it('at the start of the local day after its last day, in the shop’s time zone', () => {
    // Bought at 23:30 on 23 November in London (GMT): 30 days → last day 23 December, expires at midnight GMT.
    expect(lotExpiry(Date.parse('2026-11-23T23:30:00Z'), 30, 'Europe/London')).toEqual({ lastDay: '2026-12-23', expiresAt: Date.parse('2026-12-24T00:00:00Z') })
    // In summer time the local day starts at 23:00 UTC the evening before.
    expect(lotExpiry(Date.parse('2026-06-10T23:30:00Z'), 10, 'Europe/London')).toEqual({ lastDay: '2026-06-21', expiresAt: Date.parse('2026-06-21T23:00:00Z') })
    expect(lastDayOf(Date.parse('2026-06-21T23:00:00Z'), 'Europe/London')).toBe('2026-06-21')
  })
})
