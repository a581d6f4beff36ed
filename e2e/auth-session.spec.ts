import { expect, expectSignedIn, test, untilHydrated } from './fixtures.ts'
import type { Page } from '@playwright/test'

/**
 * The sign-in library's own chunk (its parts, amplify-sign-in-… and the like, load as they are used): public pages
 * leave it alone unless the visitor is signed in.
 */
function watchAuthLibrary(page: Page, chunk = /\/assets\/amplify-[\w-]{8}\.js$/) {
  const loaded: string[] = []
  page.on('request', (request) => {
    if (chunk.test(request.url())) loaded.push(request.url())
  })
  return loaded
}

/** Stops the page's clock: time moves only when the test moves it, so "once the page is idle" is a step of the test. */
async function stopTheClock(page: Page) {
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1_000)
}

test.describe('signed out', () => {
  // The offer popup opens 4 s after the page's first effects: once it shows, those effects have run and the page has been idle.
  test.use({ showOfferPopup: true })

  test('a visitor’s home page does not download the sign-in library, even once the page is idle', async ({ page }) => {
    const loaded = watchAuthLibrary(page)
    await stopTheClock(page)
    await page.goto('/')
    await expect(async () => {
      await page.clock.runFor(1_000)
      await expect(page.getByRole('dialog', { name: 'Be first to hear about our deals' })).toBeVisible({ timeout: 100 })
    }).toPass()
    await page.clock.runFor(5_000)
    // A request the page had started by now is seen before an answer to a later one comes back.
    await page.evaluate(() => fetch('/healthz').then((answer) => answer.text()))
    expect(loaded).toEqual([])
  })
})

test.describe('signed in', () => {
  test.use({ signedIn: 'shared' })

  test('a signed-in customer’s own page comes signed in; a public page shows the signed-in header once loaded, and the library loads when the page is idle', async ({
    page,
  }) => {
    const own = await (await page.request.get('/account/')).text()
    expect(own).toMatch(/>Sign out</)
    expect(own).toMatch(/>Account Balance</)
    // A public page is the same for everyone (docs/decisions/026-shared-pages-for-signed-in-visitors.md).
    const shared = await (await page.request.get('/blog/')).text()
    expect(shared).not.toMatch(/>Sign out</)
    expect(shared).not.toMatch(/>Account Balance</)

    const loaded = watchAuthLibrary(page)
    await stopTheClock(page)
    await page.goto('/blog/')
    await expectSignedIn(page)
    expect(loaded, 'not before the page is idle').toEqual([])
    await expect(async () => {
      await page.clock.runFor(1_000)
      expect(loaded).toHaveLength(1)
    }).toPass()
  })
})

test.describe('before the page’s scripts have run', () => {
  // The scripts are held back (never answered), so the page stays as the server sent it and its inline code left it.
  const holdScripts = (page: Page) => page.route(/\/assets\/.*\.js$/, () => new Promise<void>(() => undefined))
  const signIn = (page: Page) => page.getByRole('navigation', { name: 'Main' }).locator('a[href="/sign-in/"]')

  test('a visitor without a session is offered Sign in on a public page', async ({ page }) => {
    await holdScripts(page)
    await page.goto('/blog/')
    await expect(signIn(page)).toBeVisible()
  })

  test.describe('signed in', () => {
    test.use({ signedIn: 'shared' })

    test('a signed-in customer is not offered Sign in on a public page, and its room is kept for Sign out', async ({ page }) => {
      await holdScripts(page)
      await page.goto('/blog/')
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toBeVisible()
      await expect(signIn(page)).toBeHidden()
      expect(await signIn(page).evaluate((link) => link.getBoundingClientRect().width)).toBeGreaterThan(0)
    })
  })
})

test('an auth page downloads the sign-in library, and its sign-in part, once the visitor starts on the form', async ({ page }) => {
  const loaded = watchAuthLibrary(page)
  const signInPart = watchAuthLibrary(page, /\/assets\/amplify-sign-in-[\w-]{8}\.js$/)
  await page.goto('/sign-in/')
  await untilHydrated(page)
  await page.waitForLoadState('networkidle')
  // Once the page is idle: a callback asked for now runs after any the page asked for as it started.
  await page.evaluate(() => new Promise((resolve) => window.requestIdleCallback(resolve)))
  // A request the page had started by now is seen before an answer to a later one comes back.
  await page.evaluate(() => fetch('/healthz').then((answer) => answer.text()))
  expect(loaded, 'not before the visitor starts on the form').toEqual([])
  await page.getByLabel('Mobile number').focus()
  await expect.poll(() => [loaded.length, signInPart.length]).toEqual([1, 1])
})
