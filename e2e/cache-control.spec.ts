import { expect, test } from './fixtures.ts'
import { protectedPages } from './pages.ts'

const PRIVATE = 'private, no-store'
const authPages = ['/sign-in/', '/sign-up/', '/sign-up/confirm/', '/forgot-password/']
const publicPages = ['/', '/prices/', '/blog/', '/book/', '/book/package/', '/privacypolicy/']

test.describe('what a cache may keep', () => {
  test('a signed-out visitor’s public pages keep their caching', async ({ request }) => {
    for (const path of publicPages) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      expect(response.headers()['cache-control'], path).toBeUndefined()
    }
  })

  test('the protected pages and the sign-in pages are never kept, even for a signed-out visitor', async ({ request }) => {
    for (const path of [...protectedPages, ...authPages]) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.headers()['cache-control'], path).toBe(PRIVATE)
    }
  })

  test.describe('signed in', () => {
    test.use({ signedIn: 'shared' })

    test('every page rendered for a signed-in customer is private and never kept', async ({ page }) => {
      const cookies = await page.context().cookies()
      expect(cookies.some((cookie) => cookie.name.startsWith('CognitoIdentityServiceProvider.'))).toBe(true)

      // The same requests the browser makes, with its cookies: the HTML of each page and the data of a navigation.
      for (const path of [...publicPages, ...protectedPages, '/no-such-page/', '/_root.data', '/account/_.data', '/account.data']) {
        const response = await page.request.get(path, { maxRedirects: 0 })
        expect(response.status(), path).toBeLessThan(500)
        expect(response.headers()['cache-control'], path).toBe(PRIVATE)
      }

      const account = await page.goto('/account/')
      expect(account?.headers()['cache-control']).toBe(PRIVATE)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })
  })
})
