import { CARD_REFUSALS, NOT_A_TEST_CARD_MESSAGE } from '@salon/contracts/rules/test-cards'
import type { TestIntentResponse } from '@salon/contracts/commerce'
import { describe, expect, it, vi } from 'vitest'
import { answerConfirmation, CONFIRMATION_CANCELLED, expiryText, formatCardNumber, formatExpiry, payWithTestCard, thisMonth } from './card-payment.ts'

const payment = { providerRef: 'pi_test_1', clientSecret: 'pi_test_1_secret_abc' }
const today = { year: 2026, month: 11 }
const intent = (status: TestIntentResponse['status'], error: TestIntentResponse['error'] = null): TestIntentResponse => ({
  id: 'pi_test_1',
  status,
  amountPence: 3000,
  error,
})

function processor(answer: TestIntentResponse) {
  return { confirm: vi.fn(async () => answer), authenticate: vi.fn(async () => answer) }
}

describe('paying with a test card', () => {
  it('never sends a number that is not a test card, nor incomplete details', async () => {
    const p = processor(intent('succeeded'))
    const real = { number: '4929 1234 5678 9012', expiry: '12/30', cvc: '123' }
    expect(await payWithTestCard({ processor: p, payment, card: real, today })).toEqual({ kind: 'invalid', message: NOT_A_TEST_CARD_MESSAGE })
    expect(await payWithTestCard({ processor: p, payment, card: { ...real, number: '4242' }, today })).toEqual({
      kind: 'invalid',
      message: 'Your card number is incomplete.',
    })
    expect(await payWithTestCard({ processor: p, payment, card: { number: '4242 4242 4242 4242', expiry: '10/26', cvc: '123' }, today })).toMatchObject({
      kind: 'invalid',
      message: "Your card's expiration date is in the past.",
    })
    expect(await payWithTestCard({ processor: p, payment, card: { number: '4242 4242 4242 4242', expiry: '12/26', cvc: '1' }, today })).toMatchObject({
      kind: 'invalid',
    })
    expect(p.confirm).not.toHaveBeenCalled()
  })

  it('sends a good test card as digits, with the client secret', async () => {
    const p = processor(intent('succeeded'))
    const card = { number: '4242 4242 4242 4242', expiry: '1230', cvc: ' 123 ' }
    expect(await payWithTestCard({ processor: p, payment, card, today })).toEqual({ kind: 'succeeded' })
    expect(p.confirm).toHaveBeenCalledWith('pi_test_1', {
      clientSecret: payment.clientSecret,
      card: { number: '4242424242424242', expiry: '12/30', cvc: '123' },
    })
  })

  it("shows a refusal in the processor's words, so another card can be tried", async () => {
    const card = { number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' }
    const declined = processor(intent('requires_payment_method', { code: 'card_declined', message: CARD_REFUSALS.declined }))
    expect(await payWithTestCard({ processor: declined, payment, card, today })).toEqual({ kind: 'refused', message: 'Your card was declined.' })
    const poor = processor(intent('requires_payment_method', { code: 'insufficient_funds', message: CARD_REFUSALS.insufficient_funds }))
    expect(await payWithTestCard({ processor: poor, payment, card, today })).toEqual({ kind: 'refused', message: 'Your card has insufficient funds.' })
  })

  it('asks the customer to confirm when the card wants it, and follows their answer', async () => {
    const card = { number: '4000 0027 6000 3184', expiry: '12/30', cvc: '123' }
    expect(await payWithTestCard({ processor: processor(intent('requires_action')), payment, card, today })).toEqual({ kind: 'confirm', amountPence: 3000 })
    const approved = processor(intent('succeeded'))
    expect(await answerConfirmation({ processor: approved, payment, approve: true })).toEqual({ kind: 'succeeded' })
    expect(approved.authenticate).toHaveBeenCalledWith('pi_test_1', { clientSecret: payment.clientSecret, approve: true })
    const refusedWithMessage = processor(intent('requires_payment_method', { code: 'authentication_failed', message: 'You cancelled.' }))
    expect(await answerConfirmation({ processor: refusedWithMessage, payment, approve: false })).toEqual({ kind: 'refused', message: 'You cancelled.' })
    expect(await answerConfirmation({ processor: processor(intent('requires_payment_method')), payment, approve: false })).toEqual({
      kind: 'refused',
      message: CONFIRMATION_CANCELLED,
    })
  })

  it('a cancelled payment needs a new one', async () => {
    const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }
    expect(await payWithTestCard({ processor: processor(intent('canceled')), payment, card, today })).toMatchObject({ kind: 'cancelled' })
  })
})

describe('card fields as they are typed', () => {
  it('groups the number in fours and keeps digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4000-0027 6000x3184')).toBe('4000 0027 6000 3184')
    expect(formatCardNumber('4242 ')).toBe('4242')
  })

  it('writes the expiry MM/YY', () => {
    expect(formatExpiry('1')).toBe('1')
    expect(formatExpiry('12')).toBe('12')
    expect(formatExpiry('123')).toBe('12/3')
    expect(formatExpiry('12/30')).toBe('12/30')
    expect(expiryText('1230')).toBe('12/30')
    expect(expiryText('12 / 2030')).toBe('12/30')
    expect(expiryText('1/30')).toBe('01/30')
    expect(expiryText('13/30')).toBe('13/30')
  })

  it('knows the month in the UK', () => {
    expect(thisMonth(new Date('2026-06-30T23:30:00Z'))).toEqual({ year: 2026, month: 7 })
    expect(thisMonth(new Date('2026-12-31T23:30:00Z'))).toEqual({ year: 2026, month: 12 })
  })
})
