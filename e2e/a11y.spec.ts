import { expect, test, untilHydrated } from './fixtures.ts'
import { accessibilityProblems } from './axe.ts'

test('the first Tab from the top of a page reaches "Skip to content"', async ({ page }) => {
  await page.goto('/blog/')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await expect(skip).toHaveAttribute('href', '#main')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
})

test('a form with its errors showing meets WCAG 2.2 AA: the refusals are as readable as the form', async ({ page }) => {
  await page.goto('/sign-up/')
  await untilHydrated(page)
  await page.getByLabel('Password', { exact: true }).fill('sunny')
  await page.getByLabel('Repeat password').fill('sunnier')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Your password needs at least 8 characters, an uppercase letter, a number and a symbol.')).toBeVisible()
  expect(await accessibilityProblems(page)).toEqual([])
})
