import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { protectedPages } from './pages.ts'

const PRIVATE = 'private, no-store'
/** As long as the server keeps a public page (PUBLIC_CACHE_SECONDS, 30 by default). */
const SHARED = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30'
const authPages = ['/sign-in/', '/sign-up/', '/sign-up/confirm/', '/forgot-password/']
/** The pages of public content, the same for everyone: a CDN may keep them (docs/decisions/026-shared-pages-for-signed-in-visitors.md). */
const sharedPages = ['/', '/prices/', '/blog/', '/blog/sunbeds-and-the-law-in-the-uk/', '/book/package/', '/privacypolicy/']
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' }

/** The page as a browser that takes Brotli gets it: its tag, caching and bytes. */
async function shared(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: BROWSER })
  return { status: response.status(), headers: response.headers(), html: await response.text() }
}

test.describe('what a cache may keep', () => {
  test('a public page carries standard HTTP caching: shared for a while, a strong tag, 304 when the tag is known', async ({ request }) => {
    for (const path of sharedPages) {
      // The first answer may be the one that made the kept page; the second is always the kept one.
      await request.get(path, { headers: BROWSER })
      const { status, headers } = await shared(request, path)
      expect(status, path).toBe(200)
      expect(headers['cache-control'], path).toBe(SHARED)
      expect(headers['etag'], path).toMatch(/^"[\w-]{32}"$/)
      expect(headers['vary'], path).toContain('Accept-Encoding')
      expect(headers['content-security-policy'], path).not.toContain("'nonce-")

      const again = await request.get(path, { headers: { ...BROWSER, 'if-none-match': headers['etag']! } })
      expect(again.status(), path).toBe(304)
      expect(again.headers()['etag'], path).toBe(headers['etag'])
      expect(again.headers()['cache-control'], path).toBe(SHARED)
    }
  })

  test('a page rendered for one visitor carries no shared caching: the booking page, an address with a query', async ({ request }) => {
    for (const path of ['/book/', '/?utm_source=flyer']) {
      const response = await request.get(path, { headers: BROWSER })
      expect(response.status(), path).toBe(200)
      expect(response.headers()['cache-control'], path).toBeUndefined()
      expect(response.headers()['etag'], path).toBeUndefined()
      expect(response.headers()['content-security-policy'], path).toContain("'nonce-")
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

    test('a public page is the same for a signed-in customer as for everyone, with nothing of theirs in it', async ({ page, request, customer }) => {
      const cookies = await page.context().cookies()
      expect(cookies.some((cookie) => cookie.name.startsWith('CognitoIdentityServiceProvider.'))).toBe(true)

      for (const path of sharedPages) {
        await request.get(path, { headers: BROWSER })
        const everyone = await shared(request, path)
        const theirs = await shared(page.request, path)
        expect(theirs.status, path).toBe(200)
        expect(theirs.headers['cache-control'], path).toBe(SHARED)
        expect(theirs.headers['etag'], path).toBe(everyone.headers['etag'])
        expect(theirs.html, path).toBe(everyone.html)
        expect(theirs.html, path).not.toMatch(/>Sign out</i)
        expect(theirs.html, path).not.toContain(customer.phone)
        expect(theirs.html, path).not.toContain(encodeURIComponent(customer.phone))
      }
    })

    test('every other page rendered for a signed-in customer is private and never kept', async ({ page }) => {
      // The same requests the browser makes, with its cookies: the HTML of each page and the data of a navigation.
      for (const path of ['/book/', ...protectedPages, '/no-such-page/', '/_root.data', '/prices.data', '/account/_.data', '/account.data']) {
        const response = await page.request.get(path, { maxRedirects: 0 })
        expect(response.status(), path).toBeLessThan(500)
        expect(response.headers()['cache-control'], path).toBe(PRIVATE)
        expect(response.headers()['etag'], path).toBeUndefined()
      }

      const account = await page.goto('/account/')
      expect(account?.headers()['cache-control']).toBe(PRIVATE)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })
  })
})
