import { describe, expect, it } from 'vitest'
import { normalisePhone } from './phone.ts'

describe('mobile numbers', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['07700900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['+44 (0)7700 900123', '+447700900123'],
    ['+4407700900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['447700900123', '+447700900123'],
    ['077-0090-0123', '+447700900123'],
    ['+353 85 123 4567', '+353851234567'],
  ])('writes %s as %s', (input, phone) => {
    expect(normalisePhone(input)).toEqual({ ok: true, phone })
  })

  it('asks for a number when the field is empty', () => {
    expect(normalisePhone('  ')).toEqual({ ok: false, message: 'Enter your mobile number.' })
  })

  it.each(['020 7946 0123', '+44 20 7946 0123', '01632 960123'])('refuses the landline %s with a reason', (input) => {
    expect(normalisePhone(input)).toEqual({ ok: false, message: 'This looks like a landline number. Enter a mobile number so we can text you a code.' })
  })

  it.each(['0770090012', '077009001234', 'abc', '+44 7700 9001', '12345'])('refuses %s', (input) => {
    expect(normalisePhone(input).ok).toBe(false)
  })

  it('says why a number that is no mobile is refused', () => {
    expect(normalisePhone('07012 345678')).toEqual({ ok: false, message: 'Enter a mobile number, for example 07700 900123.' })
    expect(normalisePhone('+353 12')).toEqual({ ok: false, message: 'Enter a mobile number with its country code, for example +353 85 123 4567.' })
  })
})
