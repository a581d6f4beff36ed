import { describe, expect, it } from 'vitest'
import { creditWithCard, poundsAndPence, tillDifference } from './money.ts'

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

  it('shares a total between gift voucher credit and a card that pays at least 30p', () => {
    expect(creditWithCard(3300, 1000)).toEqual({ kind: 'split', creditPence: 1000, cardPence: 2300 })
    // The card would pay 10p: the credit pays less, so the card pays the smallest card payment.
    expect(creditWithCard(3300, 3290)).toEqual({ kind: 'split', creditPence: 3270, cardPence: 30 })
    expect(creditWithCard(3300, 3300)).toEqual({ kind: 'whole' })
    expect(creditWithCard(3300, 5000)).toEqual({ kind: 'whole' })
    expect(creditWithCard(3300, 0)).toEqual({ kind: 'none' })
    expect(creditWithCard(30, 20)).toEqual({ kind: 'none' })
    expect(creditWithCard(31, 20)).toEqual({ kind: 'split', creditPence: 1, cardPence: 30 })
  })
})
