import type { Browser, Page } from '@playwright/test'
import { createSignedInCustomer, expect, signedInState, test, untilHydrated } from './fixtures.ts'
import { buyPackage, packages } from './payment.ts'
import { customerSub, demoOwner } from './staff.ts'

// docs/product.md §10.3, §4.14: the owner refunds a package a customer bought online; the money goes back to the card
// through the refund job, and the unused minutes leave the balance.

/** A customer buys the starter package by card; the owner opens their record and the purchase's refund dialog. */
async function refundDialogOfAPurchase({ page, browser, baseURL }: { page: Page; browser: Browser; baseURL: string | undefined }) {
  const customer = await createSignedInCustomer(page.request, baseURL!)
  await page.context().addCookies(customer.storageState.cookies)
  await buyPackage(page, packages.starter)
  const sub = await customerSub(page.request, customer, baseURL!)

  const context = await browser.newContext({ storageState: await signedInState(page.request, demoOwner, baseURL!) })
  const desk = await context.newPage()
  await desk.goto(`/staff/customers/${sub}/`)
  await untilHydrated(desk)
  const purchase = desk.getByRole('listitem').filter({ hasText: packages.starter.name }).filter({ hasText: 'Online card' })
  await purchase.getByRole('button', { name: 'Refund' }).click()
  return { context, desk, purchase, dialog: desk.getByRole('dialog', { name: 'Refund this sale?' }) }
}

test('the owner refunds a package bought online from the customer’s record', async ({ page, browser, baseURL }) => {
  test.slow()
  const { context, desk, purchase, dialog } = await refundDialogOfAPurchase({ page, browser, baseURL })
  await expect(dialog).toContainText(`${packages.starter.name}, ${packages.starter.price} paid by card online.`)
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Moving away')
  await dialog.getByRole('button', { name: `Refund ${packages.starter.price}` }).click()
  await expect(
    desk.getByRole('status').filter({ hasText: `Refunded: ${packages.starter.price} goes back to the customer's card, and they are told once it has.` }),
  ).toBeVisible()
  // The refund job asks the card provider; once it is made, the purchase shows refunded.
  await expect
    .poll(
      async () => {
        await desk.reload()
        await untilHydrated(desk)
        return purchase.getByText('refunded', { exact: true }).count()
      },
      { timeout: 20_000 },
    )
    .toBe(1)
  await context.close()
})

test('the owner refunds only the unused minutes of a package bought online', async ({ page, browser, baseURL }) => {
  test.slow()
  const { context, desk, dialog } = await refundDialogOfAPurchase({ page, browser, baseURL })
  await dialog.getByRole('tab', { name: 'The unused minutes' }).click()
  await expect(dialog).toContainText('The share of the price for the minutes not yet used')
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Used none of it')
  await dialog.getByRole('button', { name: 'Refund the unused minutes' }).click()
  // None were used yet, so their share is all that was paid.
  await expect(
    desk.getByRole('status').filter({
      hasText: `Refunded: ${packages.starter.price}, the share of the ${packages.starter.minutes} minutes not used, goes back to the customer's card`,
    }),
  ).toBeVisible()
  await context.close()
})
