import { randomUUID } from 'node:crypto'
import { createCustomer, expect, REFUSED_REQUEST_ERROR, test, untilHydrated } from './fixtures.ts'
import { customerSub, shopHeaders, signedInOwner } from './staff.ts'

// docs/product.md §10.3, §10.8: the owner's limit on discounts at the counter, and the sales the audit log flags.

const owner = signedInOwner()
test.use({ storageState: owner.storageState })

test.describe('the counter’s discount limit', () => {
  test.use({ allowedConsoleErrors: [REFUSED_REQUEST_ERROR] })

  test('the owner sets how far below the price list staff may sell, on the booking rules page', async ({ page, request }) => {
    const headers = { ...shopHeaders, authorization: owner.idToken() }
    const limitNow = async () =>
      ((await (await request.get('/api/staff/counter-rules', { headers })).json()) as { maxDiscountPercent: number }).maxDiscountPercent
    const before = await limitNow()
    const wanted = before === 25 ? 30 : 25

    await page.goto('/staff/manage/rules/')
    await untilHydrated(page)
    await expect(page.getByRole('heading', { name: 'Selling at the counter' })).toBeVisible()
    const field = page.getByLabel('Staff discount at most (%)')
    await expect(field).toHaveValue(String(before))
    const save = page.getByRole('button', { name: 'Save counter limit' })

    await field.fill('101')
    await save.click()
    await expect(page.getByText('Must be a whole number of percent from 0 to 100.', { exact: true })).toBeVisible()
    expect(await limitNow()).toBe(before)

    try {
      await field.fill(String(wanted))
      await save.click()
      await expect(page.getByText('Counter discount limit saved. Staff sales keep to it now.')).toBeVisible()
      await expect.poll(limitNow).toBe(wanted)
      await page.reload()
      await untilHydrated(page)
      await expect(page.getByLabel('Staff discount at most (%)')).toHaveValue(String(wanted))
    } finally {
      // The salon's limit as it was, for the other tests.
      const put = await request.put('/api/staff/counter-rules', { headers, data: { maxDiscountPercent: before } })
      expect(put.status(), await put.text()).toBe(200)
    }
  })
})

test('the owner’s sale far below the price list is flagged in the audit log, and listed with the flagged entries', async ({ page, request, baseURL }) => {
  const customer = await createCustomer(request)
  const sub = await customerSub(request, customer, baseURL!)
  const sold = await request.post('/api/staff/counter/minutes', {
    headers: { ...shopHeaders, authorization: owner.idToken() },
    data: { sub, minutes: 1000, pricePence: 30, method: 'cash', idempotencyKey: randomUUID(), idCheck: { document: 'passport' } },
  })
  expect(sold.status(), await sold.text()).toBe(201)

  await page.goto('/staff/audit/')
  await untilHydrated(page)
  // The sale's entry (the photo-ID check made with it has one of its own).
  const entry = page
    .getByTestId('audit-entry')
    .filter({ hasText: `customer ${sub.slice(0, 8)}…` })
    .filter({ hasText: 'counter.minutes' })
  await expect(entry).toContainText('counter.minutes')
  await expect(entry).toContainText('Flagged: below the price list')

  await page.getByRole('tab', { name: 'Flagged' }).click()
  await expect(page.getByRole('tab', { name: 'Flagged' })).toHaveAttribute('aria-selected', 'true')
  await expect(entry).toContainText('Flagged: below the price list')
  // Every entry listed there carries a flag.
  const entries = page.getByTestId('audit-entry')
  const count = await entries.count()
  for (let i = 0; i < count; i++) await expect(entries.nth(i)).toContainText('Flagged:')
})
