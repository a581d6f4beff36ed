import { randomUUID } from 'node:crypto'
import type { Page, TestInfo } from '@playwright/test'
import { expect, keepScreenshot, test, unique, untilHydrated } from './fixtures.ts'
import { accessibilityProblems } from './axe.ts'
import { demoOwner, idTokenOf, openManage, ownerPage, shopHeaders } from './staff.ts'
import { inTurn } from './turns.ts'

/** A picture of the page as the desk's computer and as a phone show it, for a person to look at. */
async function screenshots(page: Page, testInfo: TestInfo, name: string, { dialog = false } = {}) {
  const size = page.viewportSize()
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport)
    const path = `test-results/screenshots/${testInfo.project.name}/${name}-${label}.png`
    // A dialog is drawn over the window, so the window is what shows it.
    if (dialog && process.env.E2E_SCREENSHOTS) await page.screenshot({ path })
    else await keepScreenshot(page, path)
  }
  if (size) await page.setViewportSize(size)
}

test('the owner sells a product at 5% VAT, counts its stock and adds a delivery', async ({ browser, request }, testInfo) => {
  // It may wait its turn to save the price list.
  test.slow()
  const owner = await ownerPage(browser, request, testInfo)
  const { page } = owner
  // The price list is saved whole: the tests that save it take turns.
  await inTurn('price-list', async () => {
    const item = unique('Test goggles')
    await openManage(page, '/staff/manage/prices/', 'Prices and packages')
    const prices = page.getByRole('region', { name: 'Prices', exact: true })
    await prices.getByRole('button', { name: '+ Add an item' }).click()
    // New items go at the end of the list, where the saved list keeps them.
    const row = prices.getByRole('listitem').last()
    await row.getByLabel('Item').fill(item)
    await row.getByLabel('Detail').fill('UV protection')
    await row.getByLabel('Price (£)').fill('4.00')
    await row.getByLabel('VAT rate').selectOption({ label: '5% reduced' })
    await row.getByLabel('Count stock').check()
    await row.getByLabel('Low-stock warning at').fill('3')
    await prices.getByRole('button', { name: 'Save prices' }).click()
    await expect(prices.getByText('Prices saved. The website shows them now.')).toBeVisible()
    await expect(row.getByLabel('Item')).toHaveValue(item)
    await expect(row.getByText('Out of stock')).toBeVisible()

    // A delivery of 12, from the product's own Add stock.
    await row.getByRole('button', { name: `Add stock of ${item}` }).click()
    const dialog = page.getByRole('dialog', { name: `Stock of ${item}` })
    await expect(dialog.getByLabel('Delivered')).toBeChecked()
    await dialog.getByLabel('How many came in').fill('12')
    await dialog.getByLabel('Reason (optional)').fill('Delivery from the wholesaler')
    await dialog.getByRole('button', { name: 'Add to stock' }).click()
    await expect(dialog).toBeHidden()
    await expect(row.getByText('12 in stock')).toBeVisible()
    await expect(row.getByRole('status')).toBeVisible()
    await expect(row.getByText('Low', { exact: true })).toHaveCount(0)
    await screenshots(page, testInfo, 'manage-products')
    // A counted product's stock and its Add stock meet WCAG 2.2 AA, as the rest of the page does.
    expect(await accessibilityProblems(page, '#prices')).toEqual([])

    // What was saved is what the page shows after loading again.
    await page.reload()
    await untilHydrated(page)
    const kept = prices.getByRole('listitem').last()
    await expect(kept.getByLabel('Item')).toHaveValue(item)
    await expect(kept.getByLabel('VAT rate')).toHaveValue('500')
    await expect(kept.getByLabel('Count stock')).toBeChecked()
    await expect(kept.getByLabel('Low-stock warning at')).toHaveValue('3')
    await expect(kept.getByText('12 in stock')).toBeVisible()

    // Two sold at the counter (as the counter page sells them), to someone with no record.
    const headers = { ...shopHeaders, authorization: await idTokenOf(request, demoOwner, testInfo.project.use.baseURL!) }
    const { extras } = (await (await request.get('/api/staff/prices', { headers })).json()) as { extras: { id: string; name: string }[] }
    const product = extras.find((e) => e.name === item)!
    const sold = await request.post('/api/staff/counter/products', {
      headers,
      data: { items: [{ extraId: product.id, quantity: 2 }], method: 'cash', idempotencyKey: randomUUID() },
    })
    expect(sold.status(), await sold.text()).toBe(201)
    await page.reload()
    await untilHydrated(page)
    await expect(kept.getByText('10 in stock')).toBeVisible()

    // A correction below the low-stock mark: the product shows Low.
    await kept.getByRole('button', { name: `Add stock of ${item}` }).click()
    await dialog.getByLabel('Correct').check()
    await dialog.getByLabel('How many to take off').fill('8')
    await screenshots(page, testInfo, 'manage-products-stock-dialog', { dialog: true })
    expect(await accessibilityProblems(page, 'dialog[open]')).toEqual([])
    await dialog.getByRole('button', { name: 'Take off stock' }).click()
    await expect(kept.getByText(/^2 in stock/)).toBeVisible()
    await expect(kept.getByText('Low', { exact: true })).toBeVisible()

    // The sales report counts the two sold, under Products sold.
    await openManage(page, '/staff/reports/', 'Reports')
    const productSales = page.getByRole('region', { name: 'Products sold' })
    await expect(productSales.getByRole('row').filter({ hasText: item }).getByRole('cell')).toHaveText([item, '2', '£8.00'])
    await screenshots(page, testInfo, 'reports-products')
    await openManage(page, '/staff/manage/prices/', 'Prices and packages')

    // The test's product leaves the price list again, after a question.
    await kept.getByRole('button', { name: 'Remove' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
    await prices.getByRole('button', { name: 'Save prices' }).click()
    await expect(prices.getByText('Prices saved. The website shows them now.')).toBeVisible()
    await expect(prices.getByRole('listitem').filter({ has: page.locator(`input[value="${item}"]`) })).toHaveCount(0)
  })
  expect(owner.errors).toEqual([])
})

test('the owner sets the salon’s VAT number, kept as GB and its digits, and clears it again', async ({ browser, request }, testInfo) => {
  const owner = await ownerPage(browser, request, testInfo)
  const { page } = owner
  // The salon's VAT number: checked as typed, kept as GB and its digits, and cleared when left empty.
  await openManage(page, '/staff/manage/salon/', 'Salon and hours')
  const details = page.getByRole('region', { name: 'Salon details' })
  const vatNumber = details.getByLabel('VAT number')
  await vatNumber.fill('GB 123')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByText('Must be a UK VAT number: GB and 9 digits (or 12 for a branch), for example GB123456789.')).toBeVisible()
  await vatNumber.fill('gb 123 4567 89')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByText('Salon details saved. The website shows them now.')).toBeVisible()
  await expect(vatNumber).toHaveValue('GB123456789')
  await screenshots(page, testInfo, 'manage-salon-vat')
  await page.reload()
  await untilHydrated(page)
  await expect(vatNumber).toHaveValue('GB123456789')

  // Other tests print receipts of a salon that is not VAT-registered: the number goes again.
  await vatNumber.fill('')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByText('Salon details saved. The website shows them now.')).toBeVisible()
  await page.reload()
  await untilHydrated(page)
  await expect(vatNumber).toHaveValue('')
  expect(owner.errors).toEqual([])
})
