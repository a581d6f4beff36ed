import { browserErrors, expect, localPhone, smsCode, test, untilHydrated, uniquePhone } from './fixtures.ts'
import { staffSignIn, uniqueSurname } from './staff.ts'

// docs/product.md §10.1: the owner's team, joining it with the code from the text message, and who may open what.

/** Chromium logs the staff check's refusals (401 signed out, 403 not on the staff) as failed loads. */
const STAFF_REFUSED = /Failed to load resource: the server responded with a status of 40[13] \([\w ]+\) \S*\/api\/staff\//

test('@layout the owner invites a member of staff, who joins with the code and cannot reach the owner’s pages', async ({ page, request, browser }) => {
  test.slow()
  const name = `Cara ${uniqueSurname()}`
  const phone = uniquePhone()
  await staffSignIn(page)
  await page.goto('/staff/team/')
  await untilHydrated(page)
  await expect(page.getByTestId('team-member').filter({ hasText: 'Demo Owner' })).toBeVisible()
  await page.getByRole('button', { name: 'Invite someone' }).click()
  const invite = page.getByRole('dialog', { name: 'Invite someone to the team' })
  await invite.getByLabel('Name').fill(name)
  await invite.getByLabel('Mobile number').fill(localPhone(phone))
  await expect(invite.getByRole('radio', { name: /Member of staff/ })).toBeChecked()
  const sentAfter = new Date().toISOString()
  await invite.getByRole('button', { name: 'Send the invitation' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${name} has been sent a text message with a code to join.` })).toBeVisible()
  await expect(page.getByTestId('team-invitation').filter({ hasText: name })).toContainText(localPhone(phone))
  const code = await smsCode(request, phone, sentAfter)

  // The invitee, on a browser of their own.
  const context = await browser.newContext()
  const joiner = await context.newPage()
  const problems = browserErrors(joiner)
  await joiner.goto('/staff/join/')
  await untilHydrated(joiner)
  await joiner.getByLabel('Mobile number').fill(localPhone(phone))
  await joiner.getByLabel('Code from the text message').fill(code)
  await joiner.getByLabel('New password').fill('Tanning#2026')
  await joiner.getByLabel('Repeat the password').fill('Tanning#2026')
  await joiner.getByRole('button', { name: 'Join and sign in' }).click()
  await expect(joiner).toHaveURL(/\/staff\/$/)
  await expect(joiner.getByTestId('staff-member')).toContainText(`${name}, Staff`, { useInnerText: false })
  const nav = joiner.getByRole('navigation', { name: 'Staff' }).filter({ visible: true })
  await expect(nav.getByRole('link', { name: 'Counter' })).toBeVisible()
  for (const ownerOnly of ['Team', 'Audit', 'Manage', 'Reports']) await expect(nav.getByRole('link', { name: ownerOnly })).toHaveCount(0)
  await expect(nav.getByRole('button', { name: 'More' })).toHaveCount(0)

  // Opened directly, an owner's page says so (and the server refuses its calls too).
  await joiner.goto('/staff/team/')
  await expect(joiner.getByText("Only the salon's owner can do this.")).toBeVisible()
  await joiner.goto('/staff/audit/')
  await expect(joiner.getByText("Only the salon's owner can do this.")).toBeVisible()
  expect(problems).toEqual([])
  await context.close()

  // The owner sees the new member in the team, and the invitation gone.
  await page.reload()
  await expect(page.getByTestId('team-member').filter({ hasText: name })).toBeVisible()
  await expect(page.getByTestId('team-invitation').filter({ hasText: name })).toHaveCount(0)
})

test.describe('who may not open the staff pages', () => {
  test.use({ signedIn: 'own', allowedConsoleErrors: [STAFF_REFUSED] })

  test('@layout a customer signed in sees the refusal and can sign out', async ({ page }) => {
    await page.goto('/staff/')
    await expect(page.getByRole('heading', { name: "This account is not on this salon's staff." })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Staff' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Sign out' }).first().click()
    await expect(page).toHaveURL(/\/staff\/sign-in\/$/)
  })
})

test.describe('signed out', () => {
  test.use({ allowedConsoleErrors: [STAFF_REFUSED] })

  test('a staff page sends to the staff sign-in, and back to that page after', async ({ page }) => {
    await page.goto('/staff/counter/')
    await expect(page).toHaveURL(/\/staff\/sign-in\/\?next=%2Fstaff%2Fcounter%2F$/)
    await untilHydrated(page)
    await page.getByLabel('Mobile number').fill('07700 900100')
    await page.getByLabel('Password', { exact: true }).fill('Demo-owner-2026')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/staff\/counter\/$/)
    await expect(page.getByRole('heading', { name: 'Counter' })).toBeVisible()
  })
})
