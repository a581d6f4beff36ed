import { describe, expect, it } from 'vitest'
import { LocalDate } from './local-date.ts'

const issues = (value: unknown) => LocalDate.safeParse(value).error?.issues.map((issue) => issue.message) ?? []

describe('LocalDate, the one schema for a date wherever one comes in', () => {
  it('takes real days from 1900 to 2100', () => {
    for (const date of ['1900-01-01', '2024-02-29', '2026-11-23', '2100-12-31']) expect(issues(date), date).toEqual([])
  })

  it('refuses each bad date with one reason', () => {
    expect(issues('9999-12-31')).toEqual(['must be a date from 1900 to 2100'])
    expect(issues('0000-01-01')).toEqual(['must be a date from 1900 to 2100'])
    expect(issues('1899-12-31')).toEqual(['must be a date from 1900 to 2100'])
    expect(issues('9999-02-30')).toEqual(['must be a date from 1900 to 2100'])
    expect(issues('2026-02-30')).toEqual(['must be a real calendar date'])
    expect(issues('2025-02-29')).toEqual(['must be a real calendar date'])
    expect(issues('2026-1-5')).toEqual(['must be a date written YYYY-MM-DD'])
    expect(issues('2026-11-23T00:00:00Z')).toEqual(['must be a date written YYYY-MM-DD'])
    expect(issues(20261123)).toEqual(['must be a date written YYYY-MM-DD'])
  })
})
