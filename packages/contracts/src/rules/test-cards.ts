/**
 * The offline test processor's cards: Stripe's published test numbers, and what each one does. Any other
 * number is refused before it is sent anywhere (in the browser) and again by the processor, so no real card
 * number is ever taken in test mode.
 */
export type TestCardOutcome = 'succeeds' | 'declined' | 'insufficient_funds' | 'requires_action'

export const TEST_CARDS: Readonly<Record<string, TestCardOutcome>> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'requires_action',
}

export const TEST_MODE_NOTICE = 'Test mode: no real payment is taken'

export const NOT_A_TEST_CARD_MESSAGE = 'This is test mode, so no real card is accepted. Please use a test card, such as 4242 4242 4242 4242.'

/** The processor's refusals, in Stripe's words. */
export const CARD_REFUSALS: Readonly<Record<'declined' | 'insufficient_funds', string>> = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
}

/** "4242 4242-4242 4242" → "4242424242424242" */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '')

export function testCardOutcome(number: string): TestCardOutcome | null {
  return TEST_CARDS[cardDigits(number)] ?? null
}

/** "MM/YY" or "MM / YYYY"; null when it is not a real month. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry)
  if (!match) return null
  const month = Number(match[1])
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2])
  return month >= 1 && month <= 12 ? { month, year } : null
}

/** What is wrong with a test card's details, in Stripe's words, or null when they would be sent. */
export function cardProblem(card: { number: string; expiry: string; cvc: string }, today: { year: number; month: number }): string | null {
  if (!/^\d{12,19}$/.test(cardDigits(card.number))) return 'Your card number is incomplete.'
  if (testCardOutcome(card.number) === null) return NOT_A_TEST_CARD_MESSAGE
  const expiry = parseExpiry(card.expiry)
  if (!expiry) return "Your card's expiry date is incomplete."
  if (expiry.year < today.year || (expiry.year === today.year && expiry.month < today.month)) return "Your card's expiration date is in the past."
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete."
  return null
}

/** Where the offline test processor takes card details: a card processor of its own, as Stripe's API is. */
export const TEST_PAYMENTS_PATH = '/test-payments/v1/payment_intents'
