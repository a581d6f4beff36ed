import { readdir, readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test, untilHydrated } from './fixtures.ts'
import { choosePackage, packages, startPayment } from './payment.ts'

/**
 * Card payments weigh on no page but /payment/: the card form and Stripe's form are loaded there only once a
 * payment starts (apps/web/app/features/packages/checkout.tsx). The build names the forms' chunks after their modules
 * (card-form-HASH.js, stripe-form-HASH.js), but Stripe's loader lands in a chunk with a general name, so the
 * loader is found by what it holds: Stripe.js's address.
 */
const ASSETS = new URL('../apps/web/build/client/assets/', import.meta.url)

async function paymentChunks() {
  const files = (await readdir(ASSETS)).filter((file) => file.endsWith('.js'))
  const stripe: string[] = []
  for (const file of files) {
    if (/^stripe-form-/.test(file) || (await readFile(new URL(file, ASSETS), 'utf8')).includes('https://js.stripe.com')) stripe.push(file)
  }
  return { cardForm: files.filter((file) => /^card-form-/.test(file)), stripe }
}

/** Every script the page asks for, by file name (and any address of Stripe's). */
function scriptsOf(page: Page) {
  const scripts: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (/stripe/i.test(url.hostname)) scripts.push(url.href)
    else if (request.resourceType() === 'script' || url.pathname.endsWith('.js')) scripts.push(url.pathname.split('/').pop()!)
  })
  return scripts
}

/** Opens a page and waits until it has finished loading what it loads by itself (after hydrating, and when idle). */
async function visit(page: Page, path: string) {
  await page.goto(path)
  await untilHydrated(page)
  await page.waitForLoadState('networkidle')
}

test.describe('card payment scripts', () => {
  test.use({ signedIn: 'shared' })

  test('no page but the payment page loads the card form or Stripe', async ({ page }) => {
    const chunks = await paymentChunks()
    // The check below means something only if the build has these chunks to find.
    expect(chunks.cardForm, 'the card form’s chunk in the build').toHaveLength(1)
    expect(chunks.stripe.length, 'chunks with Stripe’s form or loader in the build').toBeGreaterThanOrEqual(2)

    const scripts = scriptsOf(page)
    for (const path of ['/', '/book/', '/book/package/', '/account/', '/account/balance/', '/refer-earn/']) {
      await visit(page, path)
      expect(scripts.length, `scripts on ${path}`).toBeGreaterThan(0)
      expect(
        scripts.filter((script) => /stripe|card-form/i.test(script) || chunks.stripe.includes(script)),
        `card payment scripts loaded on ${path}`,
      ).toEqual([])
      scripts.length = 0
    }
  })

  test.describe('starting a payment', () => {
    // Starting a payment changes the customer (a payment of theirs), so the customer is the test's own.
    test.use({ signedIn: 'own' })

    test('the payment page loads the card form once a payment starts, and with the test processor no Stripe', async ({ page }) => {
      const chunks = await paymentChunks()
      const scripts = scriptsOf(page)
      await choosePackage(page, packages.starter.name)
      await expect(page).toHaveURL(/\/payment\/$/)
      await expect(page.getByRole('button', { name: `Pay ${packages.starter.price}` })).toBeVisible()
      expect(scripts.filter((script) => chunks.cardForm.includes(script))).toEqual([])

      await startPayment(page, packages.starter.price)
      expect(scripts.filter((script) => chunks.cardForm.includes(script))).toEqual(chunks.cardForm)
      expect(scripts.filter((script) => /stripe/i.test(script) || chunks.stripe.includes(script))).toEqual([])
    })
  })
})
