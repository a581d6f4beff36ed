import { describe, expect, it } from 'vitest'
import { allowanceText, lastDayOf, leftText, longDay } from './membership-text.ts'

describe('how the membership pages write a membership', () => {
  it('writes moments as the salon’s calendar day, as docs/product.md writes dates', () => {
    expect(longDay('2026-12-26T10:00:00.000Z')).toBe('Saturday 26 December 2026')
    // 23:30 UTC in summer is already the next day in the UK.
    expect(longDay('2026-07-01T23:30:00.000Z')).toBe('Thursday 2 July 2026')
  })

  it('gives the last day a month covers: it ends at the same time a calendar month later', () => {
    expect(lastDayOf('2026-12-26T10:00:00.000Z')).toBe('Saturday 26 December 2026')
    expect(lastDayOf('2027-01-01T00:00:00.000Z')).toBe('Thursday 31 December 2026')
  })

  it('says what a month gives and what is left of it', () => {
    expect(allowanceText({ allowanceKind: 'unlimited', allowance: null })).toBe('Unlimited sessions')
    expect(allowanceText({ allowanceKind: 'minutes', allowance: 60 })).toBe('60 minutes')
    expect(allowanceText({ allowanceKind: 'sessions', allowance: 1 })).toBe('1 session')
    expect(leftText({ allowanceKind: 'minutes', leftThisMonth: 1 })).toBe('1 minute')
    expect(leftText({ allowanceKind: 'sessions', leftThisMonth: 3 })).toBe('3 sessions')
    expect(leftText({ allowanceKind: 'unlimited', leftThisMonth: null })).toBe('Unlimited sessions')
  })
})
