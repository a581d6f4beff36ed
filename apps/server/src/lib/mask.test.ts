import { describe, expect, it } from 'vitest'
import { maskEmail } from './mask.ts'

describe('masking an email address', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('sophie.turner@example.com')).toBe('s***@example.com')
  })

  it('a quoted local part with an @ in it still shows only the domain', () => {
    expect(maskEmail('"sophie@home"@example.com')).toBe('"***@example.com')
  })

  it('something that is not an address shows nothing of itself', () => {
    expect(maskEmail('sophie')).toBe('***')
    expect(maskEmail('@example.com')).toBe('***')
  })
})
