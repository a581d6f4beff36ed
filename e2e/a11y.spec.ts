import { expect, test } from './fixtures.ts'

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
