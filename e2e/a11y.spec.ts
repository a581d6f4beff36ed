import { expect, test } from './fixtures.ts'
import { publicPages } from './pages.ts'

test('every public page has one h1, a main landmark, navigation, image alts and named form fields', { tag: '@layout' }, async ({ page, isMobile }) => {
  // Fifteen pages, each loaded and hydrated in turn.
  test.slow()
  for (const { path } of publicPages) {
    await test.step(path, async () => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
      await expect(page.getByRole('main')).toHaveCount(1)
      if (isMobile) {
        // The side menu's navigation sits in a closed dialog until the menu button opens it.
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
        await expect(page.getByRole('navigation', { name: 'Side menu', includeHidden: true })).toHaveCount(1)
      } else {
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      }

      const imagesWithoutAlt = await page.evaluate(() =>
        Array.from(document.images)
          .filter((image) => !image.hasAttribute('alt'))
          .map((image) => image.src),
      )
      expect(imagesWithoutAlt, 'images without an alt attribute').toEqual([])

      const unnamedFields = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), textarea, select'))
          .filter((field) => {
            const byLabel = Array.from(field.labels ?? []).some((label) => label.textContent?.trim())
            const byAria = Boolean(field.getAttribute('aria-label')?.trim())
            const byReference = (field.getAttribute('aria-labelledby') ?? '')
              .split(/\s+/)
              .some((id: string) => id && document.getElementById(id)?.textContent?.trim())
            return !byLabel && !byAria && !byReference
          })
          .map((field) => field.outerHTML.slice(0, 120)),
      )
      expect(unnamedFields, 'form fields without an accessible name').toEqual([])
    })
  }
})

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
