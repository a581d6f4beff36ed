import { expect, test } from './fixtures.ts'
import { protectedPages } from './pages.ts'

test('a signed-out visitor who opens a signed-in page ends at sign in', async ({ page }) => {
  for (const path of protectedPages) {
    await test.step(path, async () => {
      await page.goto(path)
      await expect(page).toHaveURL(/\/sign-in\/$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    })
  }
})
