import { DEFAULT_BOOKING_RULES } from '@salon/contracts/rules/booking-rules'
import { getTableColumns } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bookingRules } from './schema.ts'

describe('the booking rules a salon starts from', () => {
  it('are the booking_rules table’s column defaults, rule for rule', () => {
    const columns = getTableColumns(bookingRules)
    const defaults = Object.fromEntries(Object.keys(DEFAULT_BOOKING_RULES).map((field) => [field, columns[field as keyof typeof columns]?.default]))
    expect(defaults).toEqual(DEFAULT_BOOKING_RULES)
  })
})
