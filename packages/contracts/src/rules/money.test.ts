import { describe, expect, it } from 'vitest'
import { poundsAndPence, tillDifference } from './money.ts'

describe('money as the salon says it', () => {
  it('writes pence as pounds and pence', () => {
    expect(poundsAndPence(360)).toBe('£3.60')
    expect(poundsAndPence(5)).toBe('£0.05')
  })

  it('says how a counted till differs from what was expected', () => {
    expect(tillDifference(0)).toBe('exactly right')
    expect(tillDifference(20)).toBe('£0.20 over')
    expect(tillDifference(-150)).toBe('£1.50 short')
  })
})
