import { randomUUID } from 'node:crypto'
import { TEST_PAYMENTS_PATH } from '@salon/contracts/rules/test-cards'
import type { TestApp } from '../harness.ts'

/** Stripe's test cards, as the offline processor takes them. */
export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  needsConfirming: '4000 0027 6000 3184',
} as const

type Headers = Record<string, string>

/** POST stripe_payment_intent as the web app sends it: a new checkout key unless one is given. */
export function startPayment(t: TestApp, customer: { headers: Headers }, body: object, key: string = randomUUID()) {
  return t.api('stripe_payment_intent', { body, headers: { ...customer.headers, 'idempotency-key': key } })
}

/** The browser's side of the offline processor: confirm with a card, or answer the card's confirmation step. */
export async function processor(t: TestApp, ref: string, action: 'confirm' | 'authenticate', body: object) {
  const response = await t.app.request(`${TEST_PAYMENTS_PATH}/${ref}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Record<string, any> }
}

export const payWithCard = (t: TestApp, payment: { providerRef: string; clientSecret: string }, number: string = CARDS.succeeds) =>
  processor(t, payment.providerRef, 'confirm', { clientSecret: payment.clientSecret, card: { number, expiry: '12/34', cvc: '123' } })

/** PUT customer/package */
export const recordPurchase = (t: TestApp, customer: { headers: Headers }, paymentId: string) =>
  t.api('customer/package', { method: 'PUT', body: { paymentId }, headers: customer.headers })

/** A customer buys a package by card, as in the browser: answers the payment and the recorded purchase. */
export async function buyPackage(t: TestApp, customer: { headers: Headers }, packageId: string, promoCode?: string) {
  const started = await startPayment(t, customer, { packageId, ...(promoCode ? { promoCode } : {}) })
  if (started.status !== 201) throw new Error(`the payment did not start: ${started.status} ${JSON.stringify(started.json)}`)
  const payment = started.json.payment
  const paid = await payWithCard(t, payment)
  if (paid.json.status !== 'succeeded') throw new Error(`the card was not taken: ${JSON.stringify(paid.json)}`)
  const purchase = await recordPurchase(t, customer, payment.id)
  return { payment, purchase }
}
