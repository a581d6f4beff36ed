import { describe, expect, it } from 'vitest'
import { maskPhone } from '../../lib/mask.ts'
import { normalisePhone } from './phone.ts'

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
  it('reads every way of writing one UK mobile as the same number, so one real number has one account', () => {
    const ways = ['07700 900001', '+447700900001', '+44 7700 900001', '+44 (0)7700 900001', '0044 7700 900001', '447700900001', '+44 07700 900001']
    expect(new Set(ways.map(normalisePhone))).toEqual(new Set(['+447700900001']))
  })
  it('refuses a number padded with extra zeros instead of making it another account', () => {
    expect(normalisePhone('+44 00 7700 900001')).toBeNull()
    expect(normalisePhone('07700 900 0011')).toBeNull()
  })
  it('takes real mobiles at home and abroad, and refuses landlines and extensions, which cannot receive the code', () => {
    expect(normalisePhone('07911 123456')).toBe('+447911123456')
    expect(normalisePhone('+33 6 12 34 56 78')).toBe('+33612345678')
    expect(normalisePhone('01625 123456')).toBeNull()
    expect(normalisePhone('+44 7700 900001 ext 5')).toBeNull()
    expect(normalisePhone('0'.repeat(100))).toBeNull()
  })
  it('takes the numbers kept for drama and the unallocated ones beside them, which demos and tests use', () => {
    expect(normalisePhone('07700 900123')).toBe('+447700900123')
    expect(normalisePhone('07700 975246')).toBe('+447700975246')
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
