import type { Page } from '@playwright/test'
import { expect, untilHydrated } from './fixtures.ts'

/** The offline test processor's cards (Stripe's test numbers), as a customer types them. */
export const cards = {
  pays: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  asksToConfirm: '4000 0027 6000 3184',
  /** A number that passes the Luhn check but is no test card: it could be someone's real card. */
  real: '4539 1488 0343 6467',
}

/** The demo salon's packages that the tests buy, as the packages page shows them. */
export const packages = {
  starter: { name: 'Starter 30', minutes: 30, price: '£18.00' },
  regular: { name: 'Regular 60', minutes: 60, price: '£33.00' },
}

/** The card form the test processor shows once a payment is started. */
export const cardForm = (page: Page) => page.getByRole('form', { name: 'Card details' })

/** Picks a package on /book/package/ with its "Buy …" button. */
export async function choosePackage(page: Page, name: string) {
  await page.goto('/book/package/')
  await untilHydrated(page)
  await page.getByRole('button', { name: `Buy ${name}`, exact: true }).click()
}

/** On /payment/: presses "Pay £…" to start the payment, and waits for the card form. */
export async function startPayment(page: Page, total: string) {
  await page.getByRole('button', { name: `Pay ${total}`, exact: true }).click()
  await expect(cardForm(page)).toBeVisible()
}

/** Types a card into the card form, with a future expiry date and a security code, and pays. */
export async function payWith(page: Page, number: string) {
  const form = cardForm(page)
  await form.getByLabel('Card number').fill(number)
  await form.getByLabel('Expiry date').fill('12/35')
  await form.getByLabel('Security code').fill('123')
  await form.getByRole('button', { name: /^Pay £\d+\.\d\d$/ }).click()
}

/** The thank-you of a recorded purchase. */
export const thankYou = (page: Page) => page.getByRole('region', { name: 'Thank you' })

/** Buys a package by card, as a signed-in customer does, and waits for the thank-you. */
export async function buyPackage(page: Page, pkg: { name: string; price: string }) {
  await choosePackage(page, pkg.name)
  await expect(page).toHaveURL(/\/payment\/$/)
  await startPayment(page, pkg.price)
  await payWith(page, cards.pays)
  await expect(thankYou(page)).toBeVisible()
}

/** The message of a package's purchase: "60 minutes of Regular 60 are on your balance, to use by Tuesday 23 March 2027." */
export const boughtMessage = (pkg: { name: string; minutes: number }) =>
  new RegExp(`^${pkg.minutes} minutes of ${pkg.name} are on your balance, to use by \\w+day (\\d{1,2} \\w+ \\d{4})\\.$`)
