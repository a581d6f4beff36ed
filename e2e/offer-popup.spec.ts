import type { Page } from '@playwright/test'
import { expect, REFUSED_REQUEST_ERROR, test, unique, untilHydrated } from './fixtures.ts'

// A first visit: the popup has not been seen in this browser.
test.use({ showOfferPopup: true })

const offer = (page: Page) => page.getByRole('dialog', { name: 'Be first to hear about our deals' })

/** Opens the home page on a stopped clock, so that time passes only as the test moves it on. */
async function openHome(page: Page) {
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1_000)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

/** Moves the clock on a second at a time (the page may still be starting) until the offer shows. */
async function waitForOffer(page: Page) {
  await expect(async () => {
    await page.clock.runFor(1_000)
    await expect(offer(page)).toBeVisible({ timeout: 100 })
  }).toPass()
}

test('the offer appears once, a few seconds after the first visit, and No thanks closes it', async ({ page }) => {
  await openHome(page)
  await untilHydrated(page)
  await page.clock.runFor(3_000)
  await expect(offer(page), 'not at once').toBeHidden()
  await waitForOffer(page)
  await expect(offer(page).getByRole('textbox', { name: 'First name' })).toBeVisible()
  await offer(page).getByRole('button', { name: 'No thanks' }).click()
  await expect(offer(page)).toBeHidden()

  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await untilHydrated(page)
  await page.clock.runFor(60_000)
  await expect(offer(page), 'the offer is shown once per visitor').toBeHidden()
})

test('a visitor signs up for offers and is thanked', async ({ page }) => {
  const firstName = unique('Amy').replace(' ', '')
  await openHome(page)
  await waitForOffer(page)
  const dialog = offer(page)
  await dialog.getByRole('textbox', { name: 'First name' }).fill(firstName)
  await dialog.getByRole('textbox', { name: 'Email' }).fill('amy@example.com')
  await dialog.getByRole('checkbox').check()
  await dialog.getByRole('button', { name: 'Send me offers' }).click()

  await expect(dialog.getByRole('status')).toHaveText(new RegExp(`Thanks, ${firstName}! Your offer is on its way.`))
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog).toBeHidden()
})

test.describe('without consent', () => {
  test.use({ allowedConsoleErrors: [REFUSED_REQUEST_ERROR] })

  test('the offer form asks for consent before sending', async ({ page }) => {
    await openHome(page)
    await waitForOffer(page)
    const dialog = offer(page)
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Priya')
    await dialog.getByRole('textbox', { name: 'Email' }).fill('priya@example.com')
    await dialog.getByRole('button', { name: 'Send me offers' }).click()

    await expect(dialog.getByText('Must be ticked to receive offers.')).toBeVisible()
    await expect(dialog.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog.getByRole('status')).toHaveCount(0)
  })
})
