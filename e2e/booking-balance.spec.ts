import pg from 'pg'
import { e2eDatabaseUrl } from './database.ts'
import { createSignedInCustomer, demo, expect, openDays, test, untilHydrated } from './fixtures.ts'
import { buyPackage, packages, thankYou } from './payment.ts'

/**
 * Minutes paid from the balance and given back on cancellation, driven in the browser: bought by card with the
 * offline test processor, and each step read in the ledger of the end-to-end server's PostgreSQL database.
 */
let db: pg.Client | undefined

test.beforeAll(async () => {
  db = new pg.Client({ connectionString: e2eDatabaseUrl() })
  await db.connect()
})

test.afterAll(async () => {
  await db?.end()
})

async function balance(phone: string) {
  const { rows } = await db!.query<{ minutes: string }>(
    `select coalesce(sum(l.minutes), 0) as minutes from balance_ledger l join identity_users u on u.sub = l.sub where u.phone = $1 and l.shop_id = $2`,
    [phone, demo.shopId],
  )
  return Number(rows[0]!.minutes)
}

// One run, on the phone that books with the booking bar.
test('a session paid from the balance takes its minutes, and cancelling it gives them back', { tag: '@phone' }, async ({ page, baseURL }) => {
  test.setTimeout(60_000)

  const customer = await createSignedInCustomer(page.request, baseURL!)
  await page.context().addCookies(customer.storageState.cookies)
  await buyPackage(page, packages.starter)
  await expect(thankYou(page).getByText('30 minutes', { exact: true })).toBeVisible()
  expect(await balance(customer.phone)).toBe(30)

  // A lay-down bed, which the package's minutes cover.
  const [date] = await openDays(page.request)
  await page.goto('/book/')
  await untilHydrated(page)
  await page.getByRole('radiogroup', { name: 'Day' }).locator(`input[value="${date}"]`).check()
  await page
    .getByRole('radiogroup', { name: 'Sunbed' })
    .getByRole('radio', { name: /^Solara Classic 24/ })
    .check()
  const first = page.getByRole('radiogroup', { name: 'Start time' }).getByRole('radio').first()
  const time = await first.inputValue()
  await first.check()
  await expect(page.getByText('Paid from your balance').first()).toBeVisible()
  await page.getByRole('button', { name: `Book ${time}` }).click()

  await expect(page).toHaveURL(/\/confirmation\/success\/\?id=/)
  await expect(page.getByText('6 minutes from your balance')).toBeVisible()
  expect(await balance(customer.phone)).toBe(24)

  await page.getByRole('link', { name: 'Upcoming bookings', exact: true }).click()
  await page.getByRole('button', { name: new RegExp(`^Cancel the session on .* at ${time}$`) }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel this session?' })
  await expect(dialog).toContainText('The 6 minutes go back on your balance.')
  await dialog.getByRole('button', { name: 'Cancel session' }).click()

  const alert = page.getByRole('alertdialog')
  await expect(alert).toContainText('6 minutes are back on your balance.')
  await alert.getByRole('button', { name: 'OK' }).click()
  expect(await balance(customer.phone)).toBe(30)
})
