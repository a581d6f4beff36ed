import { creditWithCard } from '@salon/contracts/rules/money'
import { describe, expect, it } from 'vitest'
import { creditShareOf } from './checkout.tsx'

describe('the share of a package that gift voucher credit pays on the payment page', () => {
  it('is the salon’s rule: the card pays at least 30p, and credit that covers it all is not shared', () => {
    for (const total of [30, 31, 59, 60, 1800, 3300, 3600])
      for (const credit of [0, 1, 20, 29, 30, 31, 1000, 3270, 3290, 3300, 3599, 3600, 5000]) {
        const rule = creditWithCard(total, credit)
        expect(creditShareOf(total, credit), `${credit} of credit on ${total}`).toEqual(
          rule.kind === 'split' ? { creditPence: rule.creditPence, cardPence: rule.cardPence } : null,
        )
      }
  })
})
