import { addDays, todayInUk } from '@salon/contracts/dates'
import { accessibilityProblems } from './axe.ts'
import { createCustomer, expect, keepScreenshot, test, untilHydrated } from './fixtures.ts'
import { customerSub, idTokenOf, shopHeaders, staffSignIn, uniqueSurname, walkInNow } from './staff.ts'

// docs/product.md §10.2, §10.3: a session to be paid in the salon is paid at the desk, counted in the takings, and the day is cashed up.

test('@layout a session to be paid in the salon is marked attended and paid in cash; the owner can undo the payment', async ({ page, request, baseURL }) => {
  const surname = uniqueSurname()
  const customer = await createCustomer(request, { lastName: surname })
  const now = await walkInNow(request, await customerSub(request, customer, baseURL!), baseURL!, { laterToday: true })

  await staffSignIn(page)
  await page.goto('/staff/')
  await untilHydrated(page)
  const card = page
    .getByTestId('day-booking')
    .filter({ hasText: `Amy ${surname}` })
    .filter({ visible: true })
  await expect(card).toContainText(now.time)
  await card.getByRole('button', { name: 'Attended' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Marked as attended.' })).toBeVisible()

  await card.getByRole('button', { name: /^Take payment £\d+\.\d\d for / }).click()
  const dialog = page.getByRole('dialog', { name: 'Take payment' })
  await expect(dialog.getByRole('tab', { name: 'Cash' })).toHaveAttribute('aria-selected', 'true')
  expect(await accessibilityProblems(page, 'dialog[open]')).toEqual([])
  await keepScreenshot(page, test.info().outputPath('take-payment.png'))
  await dialog.getByRole('button', { name: /^Take £\d+\.\d\d$/ }).click()
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`£\\d+\\.\\d\\d taken in cash for Amy ${surname}’s session\\.`) })).toBeVisible()
  await expect(card).toContainText(/Paid in salon £\d+\.\d\d \(cash\)/)
  await expect(card.getByRole('button', { name: /^Take payment/ })).toHaveCount(0)

  // The owner undoes it, saying why: the session is to be paid again.
  await card.getByRole('button', { name: `Undo payment for Amy ${surname}'s session` }).click()
  const undo = page.getByRole('dialog', { name: 'Undo this payment?' })
  await undo.getByLabel('Why (kept in the audit log)').fill('Took it on the wrong session')
  await undo.getByRole('button', { name: 'Undo the payment' }).click()
  await expect(page.getByRole('status').filter({ hasText: /The payment is undone: £\d+\.\d\d shows as given back in today's takings\./ })).toBeVisible()
  await expect(card.getByRole('button', { name: /^Take payment/ })).toBeVisible()
})

// docs/product.md "Gift vouchers": the desk takes a session's price from the customer's gift voucher credit.
test('@layout a session to be paid in the salon is paid from the gift voucher credit at the desk, and the owner undoes it', async ({
  page,
  request,
  baseURL,
}) => {
  const surname = uniqueSurname()
  const customer = await createCustomer(request, { lastName: surname })
  const sub = await customerSub(request, customer, baseURL!)
  await staffSignIn(page)
  await page.goto('/staff/counter/')
  await untilHydrated(page)
  const sell = page.getByRole('form', { name: 'Sell a gift voucher' })
  await sell.getByLabel('Amount (£)').fill('30')
  await sell.getByRole('button', { name: 'Sell the voucher: £30.00' }).click()
  const code = (await page.getByTestId('gift-voucher').locator('.font-mono').textContent())!.trim()
  const redeemed = await request.post('/api/p_account/vouchers', {
    headers: { ...shopHeaders, authorization: await idTokenOf(request, customer, baseURL!) },
    data: { code },
  })
  expect(redeemed.status(), await redeemed.text()).toBe(200)
  await walkInNow(request, sub, baseURL!, { laterToday: true })

  await page.goto('/staff/')
  await untilHydrated(page)
  const card = page
    .getByTestId('day-booking')
    .filter({ hasText: `Amy ${surname}` })
    .filter({ visible: true })
  await card.getByRole('button', { name: /^Take payment £\d+\.\d\d for / }).click()
  const dialog = page.getByRole('dialog', { name: 'Take payment' })
  await dialog.getByRole('tab', { name: 'Credit' }).click()
  await expect(dialog.getByText(/^It comes off their gift voucher credit of £30\.00, leaving £\d+\.\d\d\./)).toBeVisible()
  expect(await accessibilityProblems(page, 'dialog[open]')).toEqual([])
  await keepScreenshot(page, test.info().outputPath('take-credit.png'))
  await dialog.getByRole('button', { name: /^Take £\d+\.\d\d$/ }).click()
  await expect(
    page.getByRole('status').filter({ hasText: new RegExp(`£\\d+\\.\\d\\d taken from the gift voucher credit for Amy ${surname}’s session\\.`) }),
  ).toBeVisible()
  await expect(card).toContainText(/Gift voucher credit £\d+\.\d\d, taken at the desk/)

  await card.getByRole('button', { name: `Undo payment for Amy ${surname}'s session` }).click()
  const undo = page.getByRole('dialog', { name: 'Undo this payment?' })
  await expect(undo).toContainText('The credit goes back on their account.')
  await undo.getByLabel('Why (kept in the audit log)').fill('Took it on the wrong session')
  await undo.getByRole('button', { name: 'Undo the payment' }).click()
  await expect(page.getByRole('status').filter({ hasText: /The payment is undone: £\d+\.\d\d is back as the customer's gift voucher credit\./ })).toBeVisible()
  await expect(card.getByRole('button', { name: /^Take payment/ })).toBeVisible()
})

test("the counter's takings count sessions paid at the desk, and the day is cashed up once against them", async ({ page, request, baseURL }) => {
  const surname = uniqueSurname()
  const customer = await createCustomer(request, { lastName: surname })
  await walkInNow(request, await customerSub(request, customer, baseURL!), baseURL!, { laterToday: true })

  await staffSignIn(page)
  await page.goto('/staff/')
  await untilHydrated(page)
  const card = page
    .getByTestId('day-booking')
    .filter({ hasText: `Amy ${surname}` })
    .filter({ visible: true })
  await card.getByRole('button', { name: /^Take payment/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Take payment' })
  await dialog.getByRole('tab', { name: 'Card terminal' }).click()
  await dialog.getByRole('button', { name: /^Take £/ }).click()
  await expect(card).toContainText(/Paid in salon £\d+\.\d\d \(card terminal\)/)

  await page.goto('/staff/counter/')
  await untilHydrated(page)
  await expect(page.getByRole('row', { name: /Card terminal/ })).toContainText(/\(\d+ sessions?\)/)
  const form = page.getByRole('form', { name: 'Cash up the day' })
  await form.getByLabel('Float (£)').fill('50')
  await form.getByLabel('Cash counted (£)').fill('fifty')
  await form.getByLabel('Card terminal (£)').fill('0')
  await form.getByRole('button', { name: 'Close the day' }).click()
  await expect(form.getByRole('alert')).toHaveText('Please give an amount in pounds, for example 18.50.')
  await form.getByLabel('Cash counted (£)').fill('50.00')
  await form.getByRole('button', { name: 'Close the day' }).click()
  await expect(page.getByRole('status').filter({ hasText: / is cashed up\. Cash: .+\. Card terminal: .+ short\./ })).toBeVisible()
  const done = page.getByTestId('cash-up')
  await expect(done).toContainText(/^Cashed up .+ by Demo Owner/)
  await expect(done).toContainText('Card terminal: £0.00 against')
  await keepScreenshot(page, test.info().outputPath('cash-up.png'))

  // Another day's takings, and its cash-up while it has none: from the day field, kept in the address.
  await page.getByLabel('Day', { exact: true }).fill(addDays(todayInUk(), -1))
  await expect(page).toHaveURL(new RegExp(`\\?date=${addDays(todayInUk(), -1)}$`))
  await expect(page.getByRole('heading', { name: /^Takings on \w+day \d{1,2} \w+ \d{4}$/ })).toBeVisible()

  // A range, to today: its total holds today's, and today's cash-up is among its days'.
  await page.getByLabel('To', { exact: true }).fill(todayInUk())
  await expect(page).toHaveURL(new RegExp(`\\?from=${addDays(todayInUk(), -1)}&to=${todayInUk()}$`))
  await expect(page.getByRole('heading', { name: /^Takings from \w+day \d{1,2} \w+ \d{4} to \w+day \d{1,2} \w+ \d{4}$/ })).toBeVisible()
  await expect(page.getByTestId('cash-up').first()).toContainText(/^Cashed up .+ by Demo Owner/)
  await expect(page.getByRole('button', { name: 'Close the day' })).toHaveCount(0)
  await keepScreenshot(page, test.info().outputPath('takings-range.png'))
})
