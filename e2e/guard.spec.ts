import { expect, test } from './fixtures.ts'
import { protectedPages } from './pages.ts'

test.describe('a signed-out visitor', () => {
  for (const path of protectedPages) {
    test(`opening ${path} ends at sign in`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(/\/sign-in\/$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    })
  }
})
