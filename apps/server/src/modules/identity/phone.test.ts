import { describe, expect, it } from 'vitest'
import { maskPhone, normalisePhone } from './phone.ts'

describe('normalisePhone', () => {
  it('turns a UK mobile typed the British way into E.164', () => {
    expect(normalisePhone('07700 900123')).toBe('+447700900123')
    expect(normalisePhone('(07700) 900-123')).toBe('+447700900123')
  })
  it('keeps numbers already in E.164 and drops a stray national zero after +44', () => {
    expect(normalisePhone('+447700900123')).toBe('+447700900123')
    expect(normalisePhone('+44 07700 900123')).toBe('+447700900123')
    expect(normalisePhone('00353 85 123 4567')).toBe('+353851234567')
  })
  it('refuses what is not a phone number', () => {
    expect(normalisePhone('')).toBeNull()
    expect(normalisePhone('jess@example.com')).toBeNull()
    expect(normalisePhone('12345')).toBeNull()
    expect(normalisePhone('+0123456789')).toBeNull()
  })
  it('masks all but the last four digits', () => {
    expect(maskPhone('+447700900123')).toBe('+********0123')
  })
})
