import { TEST_PAYMENTS_PATH } from '@salon/contracts/rules/test-cards'
import { demo, expect, keepScreenshot, test, unique } from './fixtures.ts'
import { OUTBOX_JSON } from './outbox.ts'
import { cards } from './payment.ts'

const shopHeaders = { shop_id: demo.shopId, api_key: demo.apiKey }
const ukToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' })

test.use({
  signedIn: 'own',
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 409 \(Conflict\) \S*\/api\/p_account\/vouchers/],
})

// A voucher bought by card (the payment confirmed at the offline processor, as the browser's card form does), its
// message in the outbox on its day, and its code redeemed into credit on another customer's balance page.
test('a gift voucher bought by card reaches its recipient, who redeems it into credit on the balance page', async ({ page, request }) => {
  test.setTimeout(60_000)
  const email = `${unique('gift').replace(/\s/g, '-')}@example.com`
  const started = await request.post('/api/gift_vouchers', {
    headers: { ...shopHeaders, 'idempotency-key': crypto.randomUUID() },
    data: { amountPence: 2500, fromName: 'Sam', recipientName: 'Alex', recipientEmail: email, message: 'Happy birthday!', sendOn: ukToday() },
  })
  expect(started.status()).toBe(201)
  const { payment } = await started.json()
  const paid = await request.post(`${TEST_PAYMENTS_PATH}/${payment.providerRef}/confirm`, {
    data: { clientSecret: payment.clientSecret, card: { number: cards.pays, expiry: '12/34', cvc: '123' } },
  })
  expect((await paid.json()).status).toBe('succeeded')
  const confirmation = await request.get(`/api/gift_vouchers/${payment.id}`, { headers: shopHeaders })
  expect((await confirmation.json()).status).toBe('issued')

  let code = ''
  await expect(async () => {
    const sent = (await (await request.get(OUTBOX_JSON)).json()) as { to: string; body: string }[]
    code = /Your code: ([0-9A-Z-]+)/.exec(sent.find((m) => m.to === email)?.body ?? '')?.[1] ?? ''
    expect(code).not.toBe('')
  }).toPass({ timeout: 30_000 })

  await page.goto('/account/balance/')
  const credit = page.getByRole('region', { name: 'Gift voucher credit' })
  await credit.getByLabel('Gift voucher code').fill(code.toLowerCase())
  await credit.getByRole('button', { name: 'Redeem' }).click()
  const redeemed = page.getByRole('alertdialog', { name: 'Voucher redeemed' })
  await expect(redeemed).toContainText(/£25\.00 is now on your account as credit, to use by/)
  await expect(credit.getByText('£25', { exact: true })).toBeVisible()
  await keepScreenshot(page, 'test-results/gift-credit-desktop.png')
  await page.setViewportSize({ width: 390, height: 844 })
  await keepScreenshot(page, 'test-results/gift-credit-phone.png')

  await redeemed.getByRole('button', { name: 'OK' }).click()
  // The same code again is refused beside the field.
  await credit.getByLabel('Gift voucher code').fill(code)
  await credit.getByRole('button', { name: 'Redeem' }).click()
  await expect(credit.getByText('This gift voucher has already been used in full.')).toBeVisible()
})
