import { describe, expect, it } from 'vitest'
import { bedTypesText, formatAmount, formatDate, formatPence, formatPerMinute, listOf } from './format.ts'
import { weekSchedule } from './week-schedule.ts'

describe('formatting', () => {
  it('shows money in pounds, dropping .00 on whole pounds', () => {
    expect(formatPence(1850)).toBe('£18.50')
    expect(formatPence(3000)).toBe('£30')
    expect(formatPence(5)).toBe('£0.05')
  })

  it('writes money and dates exactly as Intl does for the UK', () => {
    const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })
    for (const pence of [0, 5, 99, 100, 1850, 3000, 99999, 100000, 123456, 123456789, -500, -123450])
      expect(formatAmount(pence)).toBe(pounds.format(pence / 100))
    const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })
    for (let at = Date.UTC(2025, 0, 1, 0, 30); at < Date.UTC(2027, 0, 1); at += 7 * 3_600_000) {
      const iso = new Date(at).toISOString()
      expect(formatDate(iso)).toBe(longDate.format(at))
    }
  })

  it('shows an amount to pay with its pence', () => {
    expect(formatAmount(3000)).toBe('£30.00')
    expect(formatAmount(2695)).toBe('£26.95')
  })

  it('shows per-minute prices under a pound in pence', () => {
    expect(formatPerMinute(65)).toBe('65p')
    expect(formatPerMinute(120)).toBe('£1.20')
  })

  it('lists the week from Monday with closed days', () => {
    const week = weekSchedule([
      { weekday: 0, opensAt: '10:00', closesAt: '16:00' },
      { weekday: 1, opensAt: '09:00', closesAt: '20:00' },
    ])
    expect(week.map((d) => d.name)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    expect(week[0]!.hours).toBe('09:00–20:00')
    expect(week[1]!.hours).toBe('Closed')
    expect(week[6]!.hours).toBe('10:00–16:00')
  })

  it('joins bed types as people say them', () => {
    expect(listOf(['lay-down'])).toBe('lay-down')
    expect(listOf(['lay-down', 'stand-up'])).toBe('lay-down and stand-up')
    expect(listOf(['lay-down', 'stand-up', 'high-pressure'])).toBe('lay-down, stand-up and high-pressure')
  })

  it("names bed types by the salon's names, as one phrase", () => {
    const types = [
      { code: 'lay-down', name: 'Lay-down sunbeds' },
      { code: 'stand-up', name: 'Stand-up sunbeds' },
      { code: 'high-pressure', name: 'High-pressure sunbeds' },
    ]
    expect(bedTypesText(['lay-down'], types)).toBe('Lay-down sunbeds')
    expect(bedTypesText(['lay-down', 'stand-up', 'high-pressure'], types)).toBe('Lay-down, stand-up and high-pressure sunbeds')
    expect(bedTypesText(['collagen'], types)).toBe('Collagen sunbeds')
    expect(bedTypesText([], types)).toBe('')
  })
})
