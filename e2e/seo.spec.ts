import type { Page } from '@playwright/test'
import { expect, salon, test } from './fixtures.ts'

// What search engines and link previews read: the server's HTML alone, no script run.
test.use({ javaScriptEnabled: false })

const jsonLd = async (page: Page) =>
  Promise.all((await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>))
const meta = (page: Page, key: 'property' | 'name', value: string) => page.locator(`meta[${key}="${value}"]`).getAttribute('content')

test('the home page has its canonical address, a shared-link picture and the salon as a HealthAndBeautyBusiness', async ({ page, request, baseURL }) => {
  await page.goto('/')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`)
  expect(await meta(page, 'property', 'og:url')).toBe(`${baseURL}/`)
  expect(await meta(page, 'name', 'twitter:card')).toBe('summary_large_image')
  const image = (await meta(page, 'property', 'og:image'))!
  const picture = await request.get(image)
  expect(picture.status()).toBe(200)
  expect(picture.headers()['content-type']).toBe('image/jpeg')

  const [business] = await jsonLd(page)
  expect(business).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'HealthAndBeautyBusiness',
    name: salon.name,
    address: { '@type': 'PostalAddress', addressCountry: 'GB' },
    priceRange: expect.stringMatching(/^£\d+\.\d\d–£\d+\.\d\d a minute$/),
    aggregateRating: { '@type': 'AggregateRating', ratingValue: expect.any(Number) },
  })
  expect((business!.openingHoursSpecification as unknown[]).length).toBe(7)
})

test('a blog post is a BlogPosting with its own picture for shared links', async ({ page, request, baseURL }) => {
  await page.goto('/blog/')
  const first = page.locator('a[href^="/blog/"]:not([href="/blog/"])').first()
  await page.goto((await first.getAttribute('href'))!)
  const path = new URL(page.url()).pathname
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`)
  expect(await meta(page, 'property', 'og:type')).toBe('article')
  const image = (await meta(page, 'property', 'og:image'))!
  expect(image).toMatch(/\/images\/share\/blog\/.+\.jpg$/)
  expect((await request.get(image)).status()).toBe(200)
  const [posting] = await jsonLd(page)
  expect(posting).toMatchObject({
    '@type': 'BlogPosting',
    headline: await page.getByRole('heading', { level: 1 }).textContent(),
    mainEntityOfPage: `${baseURL}${path}`,
  })
})

test.describe('signed in', () => {
  test.use({ signedIn: 'shared' })
  test("the customer's own pages ask search engines to leave them out", async ({ page }) => {
    for (const path of ['/account/', '/payment/', '/account/balance/']) {
      await page.goto(path)
      expect(new URL(page.url()).pathname).toBe(path)
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
    }
  })
})

test('robots.txt and the sitemap are served where search engines look', async ({ request, baseURL }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const page of ['/', '/book/', '/book/package/', '/prices/', '/blog/']) expect(sitemap).toContain(`<loc>${baseURL}${page}</loc>`)
  expect(sitemap).toMatch(/<loc>[^<]+\/blog\/[^<]+\/<\/loc><lastmod>\d{4}-\d\d-\d\dT/)
})
