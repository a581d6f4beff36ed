import { describe, expect, it } from 'vitest'
import { presets } from './reports.tsx'

describe("the reports' usual ranges", () => {
  it('end today, with the week from Monday and whole months', () => {
    // Thursday 26 November 2026
    const ranges = Object.fromEntries(presets('2026-11-26').map((p) => [p.label, p.range]))
    expect(ranges).toEqual({
      Today: { from: '2026-11-26', to: '2026-11-26' },
      'This week': { from: '2026-11-23', to: '2026-11-26' },
      'Last 7 days': { from: '2026-11-20', to: '2026-11-26' },
      'This month': { from: '2026-11-01', to: '2026-11-26' },
      'Last month': { from: '2026-10-01', to: '2026-10-31' },
    })
  })
  it('start a week on Monday when today is Sunday, and reach back across a year', () => {
    const ranges = Object.fromEntries(presets('2027-01-03').map((p) => [p.label, p.range]))
    expect(ranges['This week']).toEqual({ from: '2026-12-28', to: '2027-01-03' })
    expect(ranges['Last month']).toEqual({ from: '2026-12-01', to: '2026-12-31' })
  })
})
