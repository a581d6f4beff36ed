import { describe, expect, it } from 'vitest'
import { expiresSoon, expiringSoonText, historyWhen, LEDGER_KIND_LABELS, minutesText, remainingText, signedMinutes, lastDayText } from './balance-format.ts'

describe('the balance page in words', () => {
  it('names every kind of change plainly', () => {
    expect(LEDGER_KIND_LABELS).toEqual({
      purchase: 'Bought',
      booking: 'Session',
      refund: 'Refund',
      referral: 'Referral reward',
      expiry: 'Expired',
      adjustment: 'Adjustment',
    })
  })

  it('shows minutes with their sign', () => {
    expect(signedMinutes(60)).toBe('+60 min')
    expect(signedMinutes(-6)).toBe('−6 min')
    expect(signedMinutes(0)).toBe('0 min')
    expect(minutesText(1)).toBe('1 minute')
    expect(minutesText(42)).toBe('42 minutes')
    expect(remainingText({ remaining: 45, minutes: 60 })).toBe('45 of 60 minutes left')
  })

  it("says until when a lot can be used, on the salon's calendar", () => {
    expect(lastDayText('2027-02-21')).toBe('Use by 21 February 2027')
    expect(lastDayText('2026-03-29')).toBe('Use by 29 March 2026')
  })

  it('dates the history in UK time', () => {
    expect(historyWhen('2026-07-01T09:15:00+01:00')).toBe('1 Jul 2026, 09:15')
    expect(historyWhen('2026-11-23T10:15:00+00:00')).toBe('23 Nov 2026, 10:15')
  })

  it('calls out minutes expiring within 14 days', () => {
    const now = Date.parse('2026-11-01T12:00:00Z')
    expect(expiresSoon({ expiresAt: '2026-11-15T00:00:00+00:00' }, now)).toBe(true)
    expect(expiresSoon({ expiresAt: '2026-11-16T00:00:00+00:00' }, now)).toBe(false)
    expect(expiringSoonText(0)).toBeNull()
    expect(expiringSoonText(20)).toBe('20 minutes expire within the next 14 days. Book a session to use them.')
    expect(expiringSoonText(1)).toBe('1 minute expires within the next 14 days. Book a session to use it.')
  })
})
