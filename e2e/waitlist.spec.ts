import { createSignedInCustomer, expect, keepScreenshot, test, untilHydrated } from './fixtures.ts'
import { freeSlots, idTokenOf, shopHeaders, staffSignIn } from './staff.ts'

// docs/product.md "Waitlist": a customer waiting for a time on a day sees the entry among their bookings and can leave
// it; the desk sees who waits on the day sheet.

test('@layout a customer on the waitlist sees the entry on their bookings page and leaves it; the day sheet lists who waits', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const customer = await createSignedInCustomer(request, baseURL!)
  const { minutes, slots } = await freeSlots(request)
  const date = slots.map((s) => s.date).find((d) => d > slots[0]!.date) ?? slots[0]!.date
  const headers = { ...shopHeaders, authorization: await idTokenOf(request, customer, baseURL!) }
  const joined = await request.post('/api/p_account/waitlist', { headers, data: { date, from: '10:00', to: '12:00', minutes } })
  expect(joined.status(), await joined.text()).toBe(201)
  const { entry } = (await joined.json()) as { entry: { description: string } }

  await page.context().addCookies(customer.storageState.cookies)
  await page.goto('/upcoming-booking/')
  await untilHydrated(page)
  const waitlist = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Waitlist' }) })
  await expect(waitlist.getByText(entry.description)).toBeVisible()
  await keepScreenshot(page, test.info().outputPath('waitlist-entries.png'))
  await waitlist.getByRole('button', { name: 'Leave the waitlist' }).click()
  await expect(page.getByRole('status')).toHaveText(/^You have left the waitlist for /)
  await expect(page.getByText(entry.description)).toHaveCount(0)

  // Back on it, as the desk sees it.
  expect((await request.post('/api/p_account/waitlist', { headers, data: { date, from: '10:00', to: '12:00', minutes } })).status()).toBe(201)
  const desk = await browser.newPage({ baseURL })
  await staffSignIn(desk)
  await desk.goto(`/staff/?date=${date}`)
  await untilHydrated(desk)
  const panel = desk.locator('section').filter({ has: desk.getByRole('heading', { name: 'Waitlist' }) })
  const row = panel.getByRole('listitem').filter({ hasText: `${customer.firstName} ${customer.lastName}` })
  await expect(row.first()).toContainText(`10:00–12:00 · ${minutes} min`)
  await keepScreenshot(desk, test.info().outputPath('waitlist-day-sheet.png'))
  await row
    .first()
    .getByRole('button', { name: /^Take .* off the waitlist$/ })
    .click()
  await expect(desk.getByRole('status').filter({ hasText: 'The customer is off the waitlist for ' })).toBeVisible()
  await desk.close()
})
