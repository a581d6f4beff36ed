import type { TestIntentResponse } from '@salon/contracts/commerce'
import { todayInUk } from '@salon/contracts/dates'
import { cardDigits, cardProblem, parseExpiry } from '@salon/contracts/rules/test-cards'
import type { TestProcessor } from './test-processor.ts'

export interface CardDetails {
  number: string
  /** MM/YY */
  expiry: string
  cvc: string
}

/** Where a card attempt leaves the customer. */
export type CardOutcome =
  | { kind: 'succeeded' }
  /** Nothing was sent: the details are incomplete, or not a test card. */
  | { kind: 'invalid'; message: string }
  /** The card was refused ("Your card was declined."): the form stays for another card. */
  | { kind: 'refused'; message: string }
  /** The card asks the customer to confirm the payment (3-D Secure). */
  | { kind: 'confirm'; amountPence: number }
  /** The payment can no longer be paid; a new one is needed. */
  | { kind: 'cancelled'; message: string }

export const CONFIRMATION_CANCELLED = 'You cancelled the confirmation, so no payment was taken. You can try again or use another card.'
const PAYMENT_CANCELLED = 'This payment was cancelled. Please start again.'

/** "4242424242424242" as typed → "4242 4242 4242 4242" (digits only, in fours). */
export function formatCardNumber(input: string): string {
  return input
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** "1" → "1", "12" → "12", "1228" → "12/28"; the slash appears once the year starts, so deleting it works. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** The expiry as the processor takes it, MM/YY, from what was typed ("1230", "12 / 2030"); as typed when it is no date. */
export function expiryText(typed: string): string {
  const parsed = parseExpiry(typed.includes('/') ? typed : formatExpiry(typed))
  return parsed ? `${String(parsed.month).padStart(2, '0')}/${String(parsed.year % 100).padStart(2, '0')}` : typed
}

/** What the processor's answer means for the customer. */
export function outcomeOf(intent: TestIntentResponse): CardOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { kind: 'succeeded' }
    case 'requires_action':
      return { kind: 'confirm', amountPence: intent.amountPence }
    case 'requires_payment_method':
      return { kind: 'refused', message: intent.error?.message ?? 'Your card was declined.' }
    case 'canceled':
      return { kind: 'cancelled', message: intent.error?.message ?? PAYMENT_CANCELLED }
  }
}

/** The month the customer is in, for the expiry check. */
export function thisMonth(now: number | Date = Date.now()): { year: number; month: number } {
  const [year, month] = todayInUk(now).split('-')
  return { year: Number(year), month: Number(month) }
}

/**
 * Pays with a test card at the offline processor. The details are checked first with the shared rule: a number
 * that is not a test card (so possibly a real one) is never sent anywhere.
 */
export async function payWithTestCard(options: {
  processor: Pick<TestProcessor, 'confirm'>
  payment: { providerRef: string; clientSecret: string }
  card: CardDetails
  today: { year: number; month: number }
}): Promise<CardOutcome> {
  const { processor, payment, card, today } = options
  const expiry = expiryText(card.expiry)
  const problem = cardProblem({ ...card, expiry }, today)
  if (problem) return { kind: 'invalid', message: problem }
  const intent = await processor.confirm(payment.providerRef, {
    clientSecret: payment.clientSecret,
    card: { number: cardDigits(card.number), expiry, cvc: card.cvc.trim() },
  })
  return outcomeOf(intent)
}

/** The customer's answer to the card's confirmation step. */
export async function answerConfirmation(options: {
  processor: Pick<TestProcessor, 'authenticate'>
  payment: { providerRef: string; clientSecret: string }
  approve: boolean
}): Promise<CardOutcome> {
  const { processor, payment, approve } = options
  const intent = await processor.authenticate(payment.providerRef, { clientSecret: payment.clientSecret, approve })
  const outcome = outcomeOf(intent)
  if (!approve && outcome.kind === 'refused' && !intent.error) return { kind: 'refused', message: CONFIRMATION_CANCELLED }
  return outcome
}
