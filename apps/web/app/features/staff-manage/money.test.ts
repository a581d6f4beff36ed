import { describe, expect, it } from 'vitest'
import { penceOf, poundsText, wholeOf } from './money.ts'

describe('amounts typed in pounds', () => {
  it('reads pounds and pence as whole pence', () => {
    expect(penceOf('18')).toBe(1800)
    expect(penceOf('18.5')).toBe(1850)
    expect(penceOf('£ 0.65')).toBe(65)
    expect(penceOf(' 1.05 ')).toBe(105)
  })
  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '1.234', '-1', '1,000', '1e3']) expect(penceOf(text)).toBeNull()
  })
  it('writes pence back as the pounds a person types', () => {
    expect(poundsText(65)).toBe('0.65')
    expect(poundsText(1800)).toBe('18.00')
    expect(penceOf(poundsText(12345))).toBe(12345)
  })
  it('reads whole numbers only', () => {
    expect(wholeOf('12')).toBe(12)
    expect(wholeOf('1.5')).toBeNull()
    expect(wholeOf('')).toBeNull()
  })
})
