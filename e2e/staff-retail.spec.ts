import { accessibilityProblems } from './axe.ts'
import { expect, keepScreenshot, test, untilHydrated } from './fixtures.ts'
import { signedInOwner } from './staff.ts'

// docs/product.md §10.3: products sold at the counter, their stock, and the receipt printed at the desk.

const owner = signedInOwner()
test.use({ storageState: owner.storageState })

const PRODUCT = 'Tan-extending moisturiser (200 ml)'

test('@layout a lotion is sold at the counter to someone with no record: its stock drops and the receipt prints on a roll or A4', async ({
  page,
}, testInfo) => {
  await page.goto('/staff/counter/')
  await untilHydrated(page)
  const sell = page.getByRole('form', { name: 'Sell products' })
  const row = sell.getByRole('listitem').filter({ hasText: PRODUCT })
  const before = Number((await row.getByText(/\d+ in stock/).textContent())!.match(/\d+/)![0])
  await row.getByRole('button', { name: `One more ${PRODUCT}` }).click()
  await row.getByRole('button', { name: `One more ${PRODUCT}` }).click()
  await expect(row.getByRole('status', { name: `${PRODUCT} in the sale` })).toHaveText('2')
  await sell.getByRole('radio', { name: 'Card terminal' }).check({ force: true })
  expect(await accessibilityProblems(page, 'form[aria-label="Sell products"]')).toEqual([])
  await keepScreenshot(page, testInfo.outputPath('sell-products.png'))
  await sell.getByRole('button', { name: 'Record the sale: £24.00' }).click()

  const sold = page.getByTestId('counter-sold')
  await expect(sold).toContainText('£24.00 taken on the card terminal.')
  await sold.getByRole('link', { name: 'Print the receipt' }).click()
  await expect(page).toHaveURL(/\/staff\/receipts\/[0-9a-f-]{36}\/$/)
  const receipt = page.getByTestId('receipt')
  await expect(receipt).toContainText(`${PRODUCT} ×2`)
  await expect(receipt).toContainText('2 at £12.00')
  await expect(receipt).toContainText('Paid: Card terminal')
  await expect(receipt).toContainText('£24.00')
  // The roll is 80 mm wide on screen as on paper; A4 is wider.
  const roll = (await receipt.boundingBox())!.width
  expect(roll).toBeLessThanOrEqual(Math.ceil((80 / 25.4) * 96) + 1)
  expect(await accessibilityProblems(page, 'main')).toEqual([])
  await keepScreenshot(page, testInfo.outputPath('receipt-80mm.png'))
  // Printing shows the receipt alone: the staff pages' header and navigation are left out.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden()
  await expect(receipt).toBeVisible()
  await page.emulateMedia({ media: 'screen' })
  await page.getByRole('link', { name: 'A4 sheet instead' }).click()
  await expect(page).toHaveURL(/\?size=a4$/)
  if (testInfo.project.name !== 'phone') expect((await receipt.boundingBox())!.width).toBeGreaterThan(roll * 1.5)
  await keepScreenshot(page, testInfo.outputPath('receipt-a4.png'))

  // Back at the counter the stock has gone down by the two sold (and by any the other page size's run sold meanwhile).
  await page.getByRole('link', { name: 'Back to the counter' }).click()
  await untilHydrated(page)
  const after = page.getByRole('form', { name: 'Sell products' }).getByRole('listitem').filter({ hasText: PRODUCT })
  const left = Number((await after.getByText(/\d+ in stock/).textContent())!.match(/\d+/)![0])
  expect(left).toBeLessThanOrEqual(before - 2)
})
