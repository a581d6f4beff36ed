import { readFile } from 'node:fs/promises'
import { accessibilityProblems } from './axe.ts'
import { createCustomer, expect, keepScreenshot, test, untilHydrated } from './fixtures.ts'
import { customerSub, idTokenOf, openManage, shopHeaders, signedInOwner } from './staff.ts'

// docs/product.md "Gift vouchers": a voucher sold at the counter and printed with its code, then handed back, looked
// up and spent in part.

const owner = signedInOwner()
test.use({
  storageState: owner.storageState,
  // The refusals the test asks for: more than is left, and a code that is no voucher.
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (404 \(Not Found\)|409 \(Conflict\)) \S*\/api\/staff\/vouchers\//],
})

test('@layout a gift voucher is sold at the counter, printed once with its code, then looked up and spent in part', async ({ page }, testInfo) => {
  await page.goto('/staff/counter/')
  await untilHydrated(page)
  const sell = page.getByRole('form', { name: 'Sell a gift voucher' })
  // Not a whole number of pounds: nothing is sent.
  await sell.getByLabel('Amount (£)').fill('12.50')
  await sell.getByRole('button', { name: 'Sell the voucher' }).click()
  await expect(sell.getByRole('alert')).toHaveText('Please give a whole number of pounds from £1 to £1,000, for example 20.')
  await sell.getByLabel('Amount (£)').fill('50')
  await sell.getByLabel("Recipient's name (optional)").fill('Alex')
  expect(await accessibilityProblems(page, 'form[aria-label="Sell a gift voucher"]')).toEqual([])
  await keepScreenshot(page, testInfo.outputPath('sell-voucher.png'))
  await sell.getByRole('button', { name: 'Sell the voucher: £50.00' }).click()

  const sold = page.getByTestId('voucher-sold')
  await expect(sold).toContainText(/^.*£50\.00 taken in cash\. The gift voucher is ready to print, to use by \w+day \d{1,2} \w+ \d{4}\./)
  const voucher = page.getByTestId('gift-voucher')
  await expect(voucher).toContainText('Gift voucher')
  await expect(voucher).toContainText('For Alex')
  await expect(voucher).toContainText('£50.00')
  const code = (await voucher.locator('.font-mono').textContent())!.trim()
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
  // The roll is 80 mm wide on screen as on paper; A4 is wider.
  const roll = (await voucher.boundingBox())!.width
  expect(roll).toBeLessThanOrEqual(Math.ceil((80 / 25.4) * 96) + 1)
  expect(await accessibilityProblems(page, 'main')).toEqual([])
  await keepScreenshot(page, testInfo.outputPath('voucher-80mm.png'))
  // Printing shows the voucher alone.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden()
  await expect(sold).toBeHidden()
  await expect(voucher).toBeVisible()
  await page.emulateMedia({ media: 'screen' })
  await sold.getByRole('button', { name: 'A4 sheet instead' }).click()
  if (testInfo.project.name !== 'phone') expect((await voucher.boundingBox())!.width).toBeGreaterThan(roll * 1.5)
  await keepScreenshot(page, testInfo.outputPath('voucher-a4.png'))
  await sold.getByRole('button', { name: 'Next sale' }).click()

  // Handed back: typed in small letters without dashes, it is found; £18 is taken and £32 stays on it.
  const lookup = page.getByRole('form', { name: 'Look up a gift voucher' })
  await lookup.getByLabel('Gift voucher code').fill(code.replace(/-/g, '').toLowerCase())
  await lookup.getByRole('button', { name: 'Look up' }).click()
  const found = page.getByRole('region', { name: 'Gift voucher found' })
  await expect(found).toContainText(`Ending ${code.slice(-4)}`)
  await expect(found).toContainText('Valid')
  await expect(found).toContainText('Left£50.00')
  const take = found.getByRole('form', { name: 'Take from the voucher' })
  await take.getByLabel('Amount to take (£)').fill('60')
  await take.getByRole('button', { name: 'Take from the voucher' }).click()
  await expect(page.getByText('This gift voucher has only £50.00 left.')).toBeVisible()
  await take.getByLabel('Amount to take (£)').fill('18')
  await take.getByRole('button', { name: 'Take from the voucher' }).click()
  await expect(page.getByText('£18.00 taken from the gift voucher. £32.00 is left on it.')).toBeVisible()
  await expect(found).toContainText('Left£32.00')
  expect(await accessibilityProblems(page, 'main')).toEqual([])
  await keepScreenshot(page, testInfo.outputPath('voucher-lookup.png'))

  // A code that is no voucher is refused beside the field.
  await lookup.getByLabel('Gift voucher code').fill('AAAA-AAAA-AAAA-AAAA')
  await lookup.getByRole('button', { name: 'Look up' }).click()
  await expect(page.getByText('This code does not match a gift voucher. Please check it and try again.')).toBeVisible()
})

test('@layout the owner sets what vouchers are sold for, sees the voucher sold (never its code) and the vouchers report with its CSV', async ({
  page,
}, testInfo) => {
  await page.goto('/staff/counter/')
  await untilHydrated(page)
  const sell = page.getByRole('form', { name: 'Sell a gift voucher' })
  await sell.getByLabel('Amount (£)').fill('30')
  await sell.getByRole('button', { name: 'Sell the voucher: £30.00' }).click()
  const code = (await page.getByTestId('gift-voucher').locator('.font-mono').textContent())!.trim()

  await openManage(page, '/staff/manage/vouchers/', 'Gift vouchers')
  const settings = page.getByRole('region', { name: 'Selling gift vouchers' })
  const amounts = settings.getByLabel('Amounts (£)')
  const before = await amounts.inputValue()
  await settings.getByLabel('A voucher lasts (months)').fill('6')
  await settings.getByRole('button', { name: 'Save voucher settings' }).click()
  await expect(settings.getByText('Please give a whole number of months from 12 to 60.')).toBeVisible()
  await settings.getByLabel('A voucher lasts (months)').fill('12')
  // The amounts shown online stay as they were (the other tests buy £25), only written another way.
  await amounts.fill(`${before.replace(/,/g, ' ')} 25`)
  await settings.getByRole('button', { name: 'Save voucher settings' }).click()
  await expect(settings.getByText('Gift voucher settings saved. Vouchers sold from now follow them.')).toBeVisible()
  await expect(amounts).toHaveValue(before)

  const list = page.getByRole('list', { name: 'Gift vouchers' })
  const sold = list.getByRole('listitem').filter({ hasText: `…${code.slice(-4)}` })
  await expect(sold).toContainText('£30.00')
  await expect(sold).toContainText('Sold at the desk')
  await expect(sold).toContainText('£30.00 left')
  await expect(sold).toContainText('Valid')
  await expect(page.getByRole('main')).not.toContainText(code)
  await expect(page.getByRole('main')).not.toContainText(code.slice(0, 9))
  expect(await accessibilityProblems(page, 'main')).toEqual([])
  await keepScreenshot(page, testInfo.outputPath('manage-vouchers.png'))

  await openManage(page, '/staff/reports/', 'Reports')
  await page.getByRole('button', { name: 'This month' }).click()
  const report = page.getByRole('region', { name: 'Gift vouchers' })
  await expect(report.getByRole('columnheader', { name: 'Outstanding' })).toBeVisible()
  await expect(report.getByRole('row')).toHaveCount(2)
  await expect(report).toContainText(/\d+ vouchers?/)
  await keepScreenshot(page, testInfo.outputPath('vouchers-report.png'))
  const download = page.waitForEvent('download')
  await report.getByRole('button', { name: 'Download the vouchers report (CSV)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^vouchers-(\d{4}-\d{2})-to-\1\.csv$/)
  const text = await readFile((await file.path())!, 'utf8')
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('month,sold,sold_gbp,redeemed_gbp,expired_gbp,refunded_gbp,outstanding_gbp')
  await expect(report.getByText('Vouchers report downloaded.')).toBeVisible()
})

test('@layout a customer who redeemed a voucher into credit has the credit on their record at the desk', async ({ page, request, baseURL }, testInfo) => {
  await page.goto('/staff/counter/')
  await untilHydrated(page)
  const sell = page.getByRole('form', { name: 'Sell a gift voucher' })
  await sell.getByLabel('Amount (£)').fill('40')
  await sell.getByRole('button', { name: 'Sell the voucher: £40.00' }).click()
  const code = (await page.getByTestId('gift-voucher').locator('.font-mono').textContent())!.trim()

  const customer = await createCustomer(request)
  const redeemed = await request.post('/api/p_account/vouchers', {
    headers: { ...shopHeaders, authorization: await idTokenOf(request, customer, baseURL!) },
    data: { code },
  })
  expect(redeemed.status(), await redeemed.text()).toBe(200)
  await page.goto(`/staff/customers/${await customerSub(request, customer, baseURL!)}/`)
  const credit = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Gift voucher credit' }) })
  await expect(credit).toContainText('£40.00')
  await expect(credit.getByRole('list', { name: 'Credit from gift vouchers' })).toContainText(/Use by \w+day \d{1,2} \w+ \d{4}£40\.00 of £40\.00/)
  await keepScreenshot(page, testInfo.outputPath('customer-credit.png'))

  // The desk buys a package for them with it, as they can online.
  await untilHydrated(page)
  await credit.getByRole('button', { name: 'Buy a package with this credit' }).click()
  const choice = credit.getByLabel('Package')
  await expect(choice.locator('option')).not.toHaveCount(1)
  const [, first] = await choice.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
  await choice.selectOption(first!)
  await credit.getByRole('button', { name: 'Buy with credit' }).click()
  await expect(page.getByText(/ is on the customer's balance, paid with £\d+\.\d{2} of their credit\.$/)).toBeVisible()
  await expect(credit).not.toContainText('£40.00 of £40.00')
  await keepScreenshot(page, testInfo.outputPath('customer-credit-bought.png'))
})
