import { createCustomer, expect, expectSignedIn, signIn, test } from './fixtures.ts'
import type { Page } from '@playwright/test'

/** The sign-in library's chunk: public pages leave it alone unless the visitor is signed in. */
function watchAuthLibrary(page: Page) {
  const loaded: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/amplify-[\w-]+\.js$/.test(request.url())) loaded.push(request.url())
  })
  return loaded
}

test('a visitor’s home page does not download the sign-in library', async ({ page }) => {
  const loaded = watchAuthLibrary(page)
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1500)
  expect(loaded).toEqual([])
})

test('a signed-in customer sees the signed-in header from the first paint, and the library loads when the page is idle', async ({ page, request }) => {
  const customer = await createCustomer(request)
  await signIn(page, customer)

  const html = await (await page.request.get('/blog/')).text()
  expect(html).toMatch(/>Sign out</)
  expect(html).toMatch(/>Account Balance</)

  const loaded = watchAuthLibrary(page)
  await page.goto('/blog/')
  await expectSignedIn(page)
  await expect.poll(() => loaded.length, { timeout: 10_000 }).toBe(1)
})

test('an auth page downloads the sign-in library as it opens', async ({ page }) => {
  const loaded = watchAuthLibrary(page)
  await page.goto('/sign-in/')
  await expect.poll(() => loaded.length).toBe(1)
})
