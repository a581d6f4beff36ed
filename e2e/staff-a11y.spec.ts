import type { Page } from '@playwright/test'
import { accessibilityProblems } from './axe.ts'
import { createCustomer, expect, test } from './fixtures.ts'
import { customerSub, shopHeaders, staffSignIn, uniqueSurname } from './staff.ts'

// docs/product.md §10: every staff page meets WCAG 2.2 AA as the customer pages do, checked by axe at both sizes.
// Walks through every staff page the owner sees, each page a step named by its address.
type StaffPage = { path: string; heading: string | RegExp }
const DESK_PAGES: StaffPage[] = [
  { path: '/staff/', heading: 'Today' },
  { path: '/staff/counter/', heading: 'Counter' },
  { path: '/staff/customers/', heading: 'Customers' },
  { path: '/staff/customers/import/', heading: 'Import customers' },
  { path: '/staff/customers/reactions/', heading: 'Skin reactions' },
  { path: '/staff/leads/', heading: 'Leads' },
  { path: '/staff/reports/', heading: 'Reports' },
  { path: '/staff/refunds/', heading: 'Card refunds owed' },
]
const MANAGE_PAGES: StaffPage[] = [
  { path: '/staff/manage/', heading: 'Manage' },
  { path: '/staff/manage/salon/', heading: 'Salon and hours' },
  { path: '/staff/manage/beds/', heading: 'Sunbeds' },
  { path: '/staff/manage/rules/', heading: 'Booking rules' },
  { path: '/staff/manage/prices/', heading: 'Prices and packages' },
  { path: '/staff/manage/vouchers/', heading: 'Gift vouchers' },
  { path: '/staff/manage/memberships/', heading: 'Membership plans' },
  { path: '/staff/manage/blog/', heading: 'Blog' },
  { path: '/staff/manage/blog/new/', heading: 'New post' },
  { path: '/staff/manage/marketing/', heading: 'Popup and reviews' },
  { path: '/staff/manage/sunbed-safety/', heading: 'Sunbed safety' },
  { path: '/staff/team/', heading: 'Team' },
  { path: '/staff/audit/', heading: 'Audit log' },
]

/** Each page in turn, a step named by its address: its heading, its data loaded, and axe's verdict. */
async function walk(page: Page, pages: StaffPage[]) {
  for (const { path, heading } of pages) {
    await test.step(path, async () => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      // The page's data has loaded: no bar runs along the top.
      await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toHaveCount(0)
      expect.soft(await accessibilityProblems(page)).toEqual([])
    })
  }
}

// Four walks, so each fits its time at both sizes while the machine is busy: the desk's pages, a customer record with
// the day sheet's booking dialog, and the owner's pages in two.
test('@layout the desk’s staff pages meet WCAG 2.2 AA', async ({ page, request }) => {
  test.slow()
  // A lead waiting, so the leads page is checked with its list and buttons, not only its empty state.
  const sent = await request.post('/api/p_message', {
    headers: shopHeaders,
    data: { name: 'Amy Leadbetter', email: 'amy@example.com', message: 'Is there a bed free on Saturday?', consent: true },
  })
  expect(sent.ok()).toBe(true)
  await staffSignIn(page)
  await walk(page, DESK_PAGES)
})

test('@layout a customer record and the day sheet’s booking dialog meet WCAG 2.2 AA', async ({ page, request, baseURL }) => {
  test.slow()
  const customer = await createCustomer(request, { lastName: uniqueSurname() })
  const sub = await customerSub(request, customer, baseURL!)
  await staffSignIn(page)
  await walk(page, [{ path: `/staff/customers/${sub}/`, heading: `${customer.firstName} ${customer.lastName}` }])
  await test.step('the new booking dialog', async () => {
    await page.goto('/staff/')
    await page.getByRole('button', { name: 'New booking' }).click()
    const dialog = page.getByRole('dialog', { name: 'New booking' })
    await expect(dialog).toBeVisible()
    expect(await accessibilityProblems(page, 'dialog[open]')).toEqual([])
  })
})

for (const [part, pages] of [
  ['first', MANAGE_PAGES.slice(0, 6)],
  ['last', MANAGE_PAGES.slice(6)],
] as const) {
  test(`@layout the owner’s Manage, Team and Audit pages (the ${part} ${pages.length}) meet WCAG 2.2 AA`, async ({ page }) => {
    test.slow()
    await staffSignIn(page)
    await walk(page, pages)
  })
}
