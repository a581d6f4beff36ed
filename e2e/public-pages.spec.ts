import { expect, fitsTheWindow, imagesWithoutAlt, keepScreenshot, MISSING_PAGE_ERROR, test, unnamedFields } from './fixtures.ts'
import { accessibilityProblems } from './axe.ts'
import { publicPages } from './pages.ts'

const fileName = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'

test.describe('public pages', () => {
  // One walk through every public page at each size, checking each as a visitor and a screen reader find it: one page
  // loaded after another in one browser, as the fifteen pages each in a browser of its own took twice as long.
  test(
    'every public page opens with its heading and fits the window; it has one h1, a main landmark, navigation, image alts and named form fields, and meets WCAG 2.2 AA',
    { tag: '@layout' },
    async ({ page, isMobile }, testInfo) => {
      test.slow()
      for (const { path, heading } of publicPages) {
        await test.step(path, async () => {
          const response = await page.goto(path)
          expect(response?.status()).toBe(200)
          await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
          await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
          expect(await fitsTheWindow(page), 'the page does not scroll sideways').toBe(true)
          await expect(page.getByRole('main')).toHaveCount(1)
          if (isMobile) {
            // The side menu's navigation sits in a closed dialog until the menu button opens it.
            await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
            await expect(page.getByRole('navigation', { name: 'Side menu', includeHidden: true })).toHaveCount(1)
          } else {
            await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
          }
          expect(await imagesWithoutAlt(page), 'images without an alt attribute').toEqual([])
          expect(await unnamedFields(page), 'form fields without an accessible name').toEqual([])
          expect.soft(await accessibilityProblems(page), 'WCAG 2.2 AA, as axe checks it').toEqual([])
          await keepScreenshot(page, `test-results/screenshots/${testInfo.project.name}/${fileName(path)}.png`)
        })
      }
    },
  )

  test('a blog post opens from the blog list', async ({ page }) => {
    await page.goto('/blog/')
    const firstPost = page.getByRole('main').getByRole('article').first().getByRole('link')
    const title = (await firstPost.textContent())?.trim() ?? ''
    const href = await firstPost.getAttribute('href')
    expect(href).toMatch(/^\/blog\/[^/]+\/$/)

    const response = await page.goto(href!)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByRole('link', { name: '← All posts' })).toBeVisible()
  })

  test('the privacy policy explains UK GDPR rights and the ICO', async ({ page }) => {
    await page.goto('/privacypolicy/')
    await expect(page.getByRole('heading', { name: 'Your rights', exact: true })).toBeVisible()
    await expect(page.getByText('Under UK GDPR you have the right to:')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Your right to complain' })).toBeVisible()
    await expect(page.getByText(/Information Commissioner.s Office \(ICO\)/)).toBeVisible()
  })

  test('the slashless /prices ends at /prices/ with a permanent redirect', async ({ page, request }) => {
    const answer = await request.get('/prices?from=e2e', { maxRedirects: 0 })
    expect(answer.status()).toBe(308)
    expect(answer.headers().location).toBe('/prices/?from=e2e')

    await page.goto('/prices')
    await expect(page).toHaveURL(/\/prices\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible()
  })

  test('the old /home address ends at the home page', async ({ page }) => {
    await page.goto('/home')
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Bronze & Glow Tanning Studio' })).toBeVisible()
  })
})

test.describe('a missing page', () => {
  test.use({ allowedConsoleErrors: [MISSING_PAGE_ERROR] })

  test('answers 404 with a helpful page and a way home', { tag: '@layout' }, async ({ page }, testInfo) => {
    const response = await page.goto('/no-such-page/')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible()
    await expect(page.getByText('Error 404')).toBeVisible()
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/')
    await expect(main.getByRole('link', { name: 'Price list' })).toBeVisible()
    expect(await fitsTheWindow(page)).toBe(true)
    await keepScreenshot(page, `test-results/screenshots/${testInfo.project.name}/not-found.png`)

    await main.getByRole('link', { name: 'Home page' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Bronze & Glow Tanning Studio' })).toBeVisible()
  })
})
