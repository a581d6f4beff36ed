import { describe, expect, it } from 'vitest'
import { cancelOutcomeText } from './cancel-dialog.tsx'

describe('what cancelling a session gives back', () => {
  it('says the minutes go back for a session paid from the balance', () => {
    expect(cancelOutcomeText({ paidWith: 'balance', status: 'booked', minutes: 9, pricePence: 540 })).toBe('The 9 minutes go back on your balance.')
  })

  it('says the card payment goes back for a session paid by card', () => {
    expect(cancelOutcomeText({ paidWith: 'card', status: 'booked', minutes: 6, pricePence: 360 })).toBe('The card payment of £3.60 goes back to your card.')
  })

  it('says nothing was paid for a session to pay in the salon, or one still waiting for its card payment', () => {
    expect(cancelOutcomeText({ paidWith: 'in_salon', status: 'booked', minutes: 6, pricePence: 360 })).toBe('Nothing has been paid for it yet.')
    expect(cancelOutcomeText({ paidWith: 'card', status: 'pending', minutes: 6, pricePence: 360 })).toBe('Nothing has been paid for it yet.')
  })
})
