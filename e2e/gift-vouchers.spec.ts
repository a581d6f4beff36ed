import { MONTHS, WEEKDAYS } from '@salon/contracts/uk-calendar'
import { TEST_PAYMENTS_PATH } from '@salon/contracts/rules/test-cards'
import type { APIRequestContext, Page } from '@playwright/test'
import { demo, expect, keepScreenshot, openDays, test, unique, untilHydrated, chooseAnyTime } from './fixtures.ts'
import { OUTBOX_JSON } from './outbox.ts'
import { cards, choosePackage, packages, payWith, startPayment, thankYou } from './payment.ts'

const ukToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' })
const longDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${d} ${MONTHS[m - 1]} ${y}`
}

test.use({
  signedIn: 'own',
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 409 \(Conflict\) \S*\/api\/p_account\/vouchers/],
})

// A voucher bought by card on the gift voucher page at phone width (paid on the test processor's card form), its
// message in the outbox on its day, its code redeemed into credit on another customer's balance page, and a session
// booked with that credit.
test('a gift voucher bought by card reaches its recipient, who redeems it into credit on the balance page and books with it', async ({ page, request }) => {
  test.setTimeout(90_000)
  const email = `${unique('gift').replace(/\s/g, '-')}@example.com`
  await page.goto('/gift-vouchers/')
  await expect(page.getByRole('form', { name: 'Gift voucher' })).toBeVisible()
  await keepScreenshot(page, 'test-results/gift-buy-desktop.png')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/book/package/')
  await page.getByRole('link', { name: 'Give a gift voucher' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Give a gift voucher' })).toBeVisible()
  await untilHydrated(page)
  const details = page.getByRole('form', { name: 'Gift voucher' })
  // Nothing filled in: each field says what it needs, and nothing is sent.
  await details.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(details.getByText('Please give the mobile number or the email address to send the voucher to.')).toBeVisible()
  await details.getByRole('radio', { name: '£25.00' }).check()
  await details.getByLabel('Your name').fill('Sam')
  await details.getByLabel("Recipient's name").fill('Alex')
  await details.getByLabel("Recipient's email address").fill(email)
  await details.getByLabel('Message (optional)').fill('Happy birthday!')
  await expect(details.getByLabel('Day to send it')).toHaveValue(ukToday())
  await keepScreenshot(page, 'test-results/gift-buy-phone.png')
  await details.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText('Alex')
  await startPayment(page, '£25.00')
  await keepScreenshot(page, 'test-results/gift-pay-phone.png')
  await payWith(page, cards.pays)
  await expect(page).toHaveURL(/\/gift-vouchers\/\?paid=/)
  await expect(page.getByText(`Thank you. Your £25.00 gift voucher for Alex will be sent on ${longDay(ukToday())}.`)).toBeVisible()
  await keepScreenshot(page, 'test-results/gift-thanks-phone.png')
  await page.setViewportSize({ width: 1280, height: 800 })

  const code = await voucherCodeSentTo(request, email)

  await page.goto('/account/balance/')
  const credit = page.getByRole('region', { name: 'Gift voucher credit' })
  await credit.getByLabel('Gift voucher code').fill(code.toLowerCase())
  await credit.getByRole('button', { name: 'Redeem' }).click()
  const redeemed = page.getByRole('alertdialog', { name: 'Voucher redeemed' })
  await expect(redeemed).toContainText(/£25\.00 is now on your account as credit, to use by/)
  await expect(credit.getByText('£25', { exact: true })).toBeVisible()
  await keepScreenshot(page, 'test-results/gift-credit-desktop.png')

  await redeemed.getByRole('button', { name: 'OK' }).click()
  // The same code again is refused beside the field.
  await credit.getByLabel('Gift voucher code').fill(code)
  await credit.getByRole('button', { name: 'Redeem' }).click()
  await expect(credit.getByText('This gift voucher has already been used in full.')).toBeVisible()

  // The credit pays for a session on /book/.
  const date = (await openDays(request)).at(-1)!
  const time = await chooseAnyTime(page, date)
  await page.getByLabel('Pay with my gift voucher credit (£25)').check()
  await expect(page.getByText('Paid with your gift voucher credit')).toBeVisible()
  await expect(page.getByText(/^£\d+\.\d{2} of your credit will be left\.$/)).toBeVisible()
  await keepScreenshot(page, 'test-results/gift-credit-book-desktop.png')
  await page.getByRole('button', { name: `Book ${time}` }).click()
  await expect(page).toHaveURL(/\/confirmation\/success\/\?id=[0-9a-f-]{36}$/)
  await expect(page.getByRole('definition').filter({ hasText: /^£[\d.]+, with your gift voucher credit$/ })).toBeVisible()
  await page.goto('/account/balance/')
  await expect(page.getByRole('region', { name: 'Gift voucher credit' }).getByText(/^£(1\d|2[0-4])(\.\d{2})?$/)).toBeVisible()
})

/** The code of the gift voucher sent to `email`, read from the outbox once its message has gone. */
async function voucherCodeSentTo(request: APIRequestContext, email: string): Promise<string> {
  let code = ''
  await expect(async () => {
    const sent = (await (await request.get(OUTBOX_JSON)).json()) as { to: string; body: string }[]
    code = /Your code: ([0-9A-Z-]+)/.exec(sent.find((m) => m.to === email)?.body ?? '')?.[1] ?? ''
    expect(code).not.toBe('')
  }).toPass({ timeout: 30_000 })
  return code
}

/**
 * A gift voucher of `amountPence` bought by a visitor through the API and paid on the test processor, its code read
 * from the outbox, and redeemed on the signed-in customer's balance page.
 */
async function redeemNewVoucher(page: Page, request: APIRequestContext, amountPence: number) {
  const email = `${unique('credit').replace(/\s/g, '-')}@example.com`
  const shopHeaders = { shop_id: demo.shopId, api_key: demo.apiKey }
  const started = await request.post('/api/gift_vouchers', {
    headers: { ...shopHeaders, 'idempotency-key': crypto.randomUUID() },
    data: { amountPence, fromName: 'Sam', recipientName: 'Alex', recipientEmail: email, sendOn: ukToday() },
  })
  expect(started.status()).toBe(201)
  const { payment } = (await started.json()) as { payment: { providerRef: string; clientSecret: string } }
  const paid = await request.post(`${TEST_PAYMENTS_PATH}/${payment.providerRef}/confirm`, {
    data: { clientSecret: payment.clientSecret, card: { number: cards.pays, expiry: '12/35', cvc: '123' } },
  })
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded')
  const code = await voucherCodeSentTo(request, email)

  await page.goto('/account/balance/')
  const credit = page.getByRole('region', { name: 'Gift voucher credit' })
  await credit.getByLabel('Gift voucher code').fill(code)
  await credit.getByRole('button', { name: 'Redeem' }).click()
  await expect(credit.getByText(`£${amountPence / 100}`, { exact: true })).toBeVisible()
}

// Credit that does not cover a package pays part of it, and the card the rest (docs/decisions/053): a £10 voucher
// redeemed, then Regular 60 bought with it and 4242.
test('credit pays part of a bigger package and the card pays the rest, and the balance page shows the credit used', async ({ page, request }) => {
  test.setTimeout(90_000)
  await redeemNewVoucher(page, request, 1000)

  await choosePackage(page, packages.regular.name)
  await expect(page).toHaveURL(/\/payment\/$/)
  await page.getByLabel('Use my gift voucher credit (£10) and pay £23 by card').check()
  const pay = page.getByRole('region', { name: 'Payment' })
  await expect(pay.getByRole('definition').filter({ hasText: '−£10.00' })).toBeVisible()
  await expect(pay.getByText('To pay by card')).toBeVisible()
  await keepScreenshot(page, 'test-results/split-credit-desktop.png')
  await startPayment(page, '£23.00')
  await payWith(page, cards.pays)
  await expect(thankYou(page)).toBeVisible()

  await page.goto('/account/balance/')
  await expect(page.getByRole('region', { name: 'Gift voucher credit' }).getByText('£0', { exact: true })).toBeVisible()
})

// Credit that covers a package buys it on the payment page with no card.
test('credit that covers a package buys it on the payment page with no card, and the minutes and what is left show on the balance page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await redeemNewVoucher(page, request, 5000)
  await choosePackage(page, packages.regular.name)
  await expect(page).toHaveURL(/\/payment\/$/)
  const pay = page.getByRole('region', { name: 'Payment' })
  await expect(pay.getByText('Your gift voucher credit (£50) covers this package: no card is needed.')).toBeVisible()
  await keepScreenshot(page, 'test-results/credit-covers-desktop.png')
  await pay.getByRole('button', { name: `Pay ${packages.regular.price} with my credit` }).click()
  const done = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Bought with your gift voucher credit' }) })
  await expect(done).toBeVisible()
  await expect(done).toContainText(packages.regular.name)

  await done.getByRole('link', { name: 'See your balance' }).click()
  await expect(page).toHaveURL(/\/account\/balance\/$/)
  await expect(page.getByRole('region', { name: 'Gift voucher credit' }).getByText('£17', { exact: true })).toBeVisible()
  await expect(page.getByText(`${packages.regular.minutes} minutes`).first()).toBeVisible()
})
