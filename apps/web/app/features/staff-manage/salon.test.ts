import { describe, expect, it } from 'vitest'
import { vatNumberProblem } from './salon.tsx'

describe("the salon's VAT number as typed", () => {
  it('may be empty, for a salon that is not VAT-registered', () => {
    expect(vatNumberProblem('')).toBeUndefined()
    expect(vatNumberProblem('  ')).toBeUndefined()
  })
  it('takes GB and 9 digits, or 12 for a branch, however it is spaced', () => {
    for (const typed of ['GB123456789', 'gb 123 4567 89', '123456789', 'GB123456789012']) expect(vatNumberProblem(typed)).toBeUndefined()
  })
  it('says what a UK VAT number looks like when it is not one', () => {
    expect(vatNumberProblem('GB12345')).toBe('Must be a UK VAT number: GB and 9 digits (or 12 for a branch), for example GB123456789.')
    expect(vatNumberProblem('FR123456789')).toBeDefined()
  })
})
