import { describe, expect, it } from 'vitest'
import { monthText, reportMonthsOf } from './voucher-report.tsx'
import { amountsOf } from './vouchers.tsx'

describe('the gift voucher amounts the owner types', () => {
  it('are whole pounds separated by commas or spaces, sorted, each once', () => {
    expect(amountsOf('50, 10, £25 20')).toEqual([1000, 2000, 2500, 5000])
    expect(amountsOf('10, 10.00, 30')).toEqual([1000, 3000])
    expect(amountsOf('1000')).toEqual([100_000])
  })

  it('refuse pence, nothing, amounts out of range, and more than twelve', () => {
    for (const refused of ['12.50', '', ' , ', '0', '1001', 'ten', '1 2 3 4 5 6 7 8 9 10 11 12 13']) expect(amountsOf(refused), refused).toBeNull()
  })
})

describe('the months of the vouchers report', () => {
  it('run from the month of the first day chosen to the month of the last, at most 24', () => {
    expect(reportMonthsOf({ from: '2026-11-01', to: '2026-11-29' })).toEqual({ from: '2026-11', to: '2026-11' })
    expect(reportMonthsOf({ from: '2026-10-20', to: '2027-01-05' })).toEqual({ from: '2026-10', to: '2027-01' })
    expect(reportMonthsOf({ from: '2020-01-01', to: '2026-11-29' })).toEqual({ from: '2024-12', to: '2026-11' })
    expect(reportMonthsOf({ from: '2024-11-01', to: '2026-11-29' })).toEqual({ from: '2024-12', to: '2026-11' })
    expect(reportMonthsOf({ from: '2024-12-01', to: '2026-12-29' })).toEqual({ from: '2025-01', to: '2026-12' })
    expect(monthText('2027-01')).toBe('January 2027')
  })
})
