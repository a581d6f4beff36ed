import type { Page } from '@playwright/test'
import { accessibilityProblems } from './axe.ts'
import { createCustomer, expect, keepScreenshot, openDays, test, unique, untilHydrated, chooseAnyTime } from './fixtures.ts'
import { cardForm, cards, payWith } from './payment.ts'
import { customerSub, openManage, ownerPage, uniqueSurname } from './staff.ts'

/** Both sizes of every page the test passes through, for a person to look at. */
async function bothSizes(page: Page, name: string) {
  const size = page.viewportSize()!
  await keepScreenshot(page, `test-results/memberships-${name}-desktop.png`)
  await page.setViewportSize({ width: 390, height: 844 })
  await keepScreenshot(page, `test-results/memberships-${name}-phone.png`)
  await page.setViewportSize(size)
}

test.use({ signedIn: 'own' })

// docs/product.md "Memberships": the owner adds a plan in Manage; a customer joins it on the packages page, paying the
// first month with the offline card form, books a session with it, and cancels it; the desk sees it on their page.
test('the owner adds a plan; a customer joins it by card, books a session with it and cancels it; the desk sees it', async ({
  page,
  browser,
  request,
  customer,
  baseURL,
}, testInfo) => {
  test.slow()
  const name = unique('Unlimited')
  const owner = await ownerPage(browser, request, testInfo)

  await test.step('the owner adds the plan in Manage', async () => {
    await openManage(owner.page, '/staff/manage/memberships/', 'Membership plans')
    await owner.page.getByRole('button', { name: '+ New plan' }).click()
    const form = owner.page.locator('form').filter({ has: owner.page.getByRole('heading', { name: 'New membership plan' }) })
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('Price a month (£)').fill('39')
    await form.getByLabel('Minimum term (months)').fill('0')
    await form.getByLabel('Months a member may pause').fill('2')
    await form.getByRole('button', { name: 'Create plan' }).click()
    await expect(owner.page.getByText(`${name} created. Customers can join it now.`)).toBeVisible()
    await expect(owner.page.getByRole('listitem').filter({ hasText: name })).toContainText('£39 a month · Unlimited sessions a month')
    expect.soft(await accessibilityProblems(owner.page)).toEqual([])
    await bothSizes(owner.page, 'manage')
  })

  await test.step('the customer joins it on the packages page, paying the first month by card', async () => {
    await page.goto('/book/package/')
    await untilHydrated(page)
    await expect(page.getByRole('heading', { name: 'Monthly memberships' })).toBeVisible()
    expect.soft(await accessibilityProblems(page)).toEqual([])
    await bothSizes(page, 'packages')
    await page.getByRole('link', { name: `Join ${name}`, exact: true }).click()
    await expect(page).toHaveURL(/\/account\/membership\/\?join=[0-9a-f-]{36}$/)
    await untilHydrated(page)
    await page.getByRole('button', { name: 'Pay £39.00', exact: true }).click()
    await expect(cardForm(page)).toBeVisible()
    await bothSizes(page, 'join')
    await payWith(page, cards.pays)
    await expect(page.getByText(`Welcome to ${name}! Your membership has started.`)).toBeVisible()
    await expect(page.getByText('Ending 4242')).toBeVisible()
    await expect(page.getByRole('definition').filter({ hasText: /^Active$/ })).toBeVisible()
    await expect(page.getByRole('definition').filter({ hasText: /^£39\.00 on \w+day \d{1,2} \w+ \d{4}$/ })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Payments' })).toContainText('First month')
    expect.soft(await accessibilityProblems(page)).toEqual([])
    await bothSizes(page, 'account')
  })

  await test.step('the customer books a session with the membership', async () => {
    const date = (await openDays(request)).at(-1)!
    const time = await chooseAnyTime(page, date)
    await page.getByLabel('Pay with my membership').check()
    await expect(page.getByText('6 minutes with your membership')).toBeVisible()
    await bothSizes(page, 'book')
    await page.getByRole('button', { name: `Book ${time}` }).click()
    await expect(page).toHaveURL(/\/confirmation\/success\/\?id=[0-9a-f-]{36}$/)
    await expect(page.getByRole('definition').filter({ hasText: /^6 minutes with your membership$/ })).toBeVisible()
  })

  await test.step('the desk sees the membership on the customer’s page', async () => {
    const sub = await customerSub(request, customer, baseURL!)
    await owner.page.goto(`/staff/customers/${sub}/`)
    await expect(owner.page.getByRole('heading', { name: `Membership: ${name}` })).toBeVisible()
    await expect(owner.page.getByText('Unlimited sessions left')).toBeVisible()
    expect.soft(await accessibilityProblems(owner.page)).toEqual([])
    await bothSizes(owner.page, 'desk')
  })

  await test.step('the desk joins the plan for another customer, who types their own card on the desk’s card form', async () => {
    const walkIn = await createCustomer(request, { lastName: uniqueSurname() })
    await owner.page.goto(`/staff/customers/${await customerSub(request, walkIn, baseURL!)}/`)
    await untilHydrated(owner.page)
    await owner.page.getByRole('button', { name: 'Join a plan' }).click()
    await owner.page.getByLabel('Plan').selectOption({ label: `${name}: £39 a month, unlimited sessions` })
    await owner.page.getByRole('button', { name: 'Take the first month by card' }).click()
    await expect(cardForm(owner.page)).toBeVisible()
    await bothSizes(owner.page, 'desk-join')
    await payWith(owner.page, cards.pays)
    await expect(owner.page.getByText(`Welcome to ${name}! Your membership has started.`)).toBeVisible()
    await expect(owner.page.getByRole('heading', { name: `Membership: ${name}` })).toBeVisible()
    // A new card for them, typed on the desk's card form: nothing is owed, so nothing is taken.
    await owner.page.getByRole('button', { name: 'Change card' }).click()
    await expect(owner.page.getByText('The customer types their new card: it is kept for each month’s payment. Nothing is taken now.')).toBeVisible()
    await payWith(owner.page, cards.pays)
    await expect(owner.page.getByText('Your card is changed.')).toBeVisible()
    // And cancels it for them, as they would on their account.
    await owner.page.getByRole('button', { name: 'Cancel membership' }).click()
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Cancel membership' }).click()
    await expect(owner.page.getByText(/^Your membership ends on \w+day \d{1,2} \w+ \d{4}\.$/)).toBeVisible()
    await expect(owner.page.getByRole('button', { name: 'Cancel membership' })).toHaveCount(0)
  })

  await test.step('the customer cancels the membership', async () => {
    await page.goto('/account/membership/')
    await untilHydrated(page)
    await page.getByRole('button', { name: 'Cancel membership' }).click()
    await page.getByRole('button', { name: 'Yes, cancel it' }).click()
    await expect(page.getByText(/^Your membership ends on \w+day \d{1,2} \w+ \d{4}\.$/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Cancel membership' })).toHaveCount(0)
    await bothSizes(page, 'cancelled')
  })

  await test.step('the owner’s reports show the memberships month by month, and their CSV', async () => {
    await owner.page.goto('/staff/reports/')
    await untilHydrated(owner.page)
    const report = owner.page.getByRole('region', { name: 'Memberships' })
    await expect(report.getByRole('table')).toBeVisible()
    const [download] = await Promise.all([owner.page.waitForEvent('download'), report.getByRole('button', { name: 'Download CSV' }).click()])
    expect(download.suggestedFilename()).toMatch(/^memberships-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/)
    await bothSizes(owner.page, 'reports')
  })

  await test.step('the owner retires the plan: it is no longer on sale', async () => {
    await openManage(owner.page, '/staff/manage/memberships/', 'Membership plans')
    const row = owner.page.getByRole('listitem').filter({ hasText: name })
    await row.getByRole('button', { name: 'Retire' }).click()
    await owner.page
      .getByRole('dialog', { name: `Retire ${name}?` })
      .getByRole('button', { name: 'Retire' })
      .click()
    await expect(owner.page.getByText(`${name} is retired: customers can no longer join it.`)).toBeVisible()
    await page.goto('/book/package/')
    await expect(page.getByRole('link', { name: `Join ${name}`, exact: true })).toHaveCount(0)
  })
  expect(owner.errors).toEqual([])
})
