import type { Page } from '@playwright/test'
import { expect, expectSignedIn, expectSignedOut, localPhone, signOutFromHeader, smsCode, test, unique, uniquePhone, untilHydrated } from './fixtures.ts'

// Who the home page's offer popup is for: a visitor the salon has no marketing choice from. Each browser starts
// as a first visit (the popup not yet seen).
test.use({ showOfferPopup: true })

const offer = (page: Page) => page.getByRole('dialog', { name: 'Be first to hear about our deals' })

/** Stops the page's clock, so the popup's few seconds pass only when the test moves time on. */
async function stopTheClock(page: Page) {
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1_000)
}

/** A minute on the home page, long after the popup would have opened. */
async function aMinuteLater(page: Page) {
  await untilHydrated(page)
  await page.clock.runFor(60_000)
}

test('a new visitor is offered the deals', async ({ page }) => {
  await stopTheClock(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await aMinuteLater(page)
  await expect(offer(page)).toBeVisible()
})

test.describe('signed in', () => {
  test.use({ signedIn: 'shared' })

  test('a signed-in customer is not asked: their marketing choice is in their account', async ({ page }) => {
    await stopTheClock(page)
    await page.goto('/')
    await expectSignedIn(page)
    await aMinuteLater(page)
    await expect(offer(page)).toBeHidden()
  })
})

test('a new customer who chose their marketing at sign-up is not asked, signed in or out', async ({ page, request }) => {
  const phone = uniquePhone()
  await page.goto('/sign-up/')
  await untilHydrated(page)
  await page.getByLabel('Mobile number').fill(localPhone(phone))
  await page.getByLabel('Password', { exact: true }).fill('Sunny#2024')
  await page.getByLabel('Repeat password').fill('Sunny#2024')
  await page.getByLabel('First name').fill('Amy')
  await page.getByLabel('Last name').fill('Jones')
  await page.getByLabel('Email', { exact: true }).fill('amy@example.com')
  await page.getByLabel('Date of birth').fill('1990-05-01')
  await page.getByRole('radio', { name: /Type III/ }).check()
  await page.getByLabel(/Send me offers from this salon/).check()
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your mobile number' })).toBeVisible()
  await page.getByLabel('Confirmation code').fill(await smsCode(request, phone))
  await page.clock.install()
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(page).toHaveURL('/')
  await expectSignedIn(page)
  await page.clock.runFor(60_000)
  await expect(offer(page), 'not on landing home after confirming').toBeHidden()

  await signOutFromHeader(page)
  await expectSignedOut(page)
  await page.goto('/')
  await aMinuteLater(page)
  await expect(offer(page), 'nor once signed out').toBeHidden()
})

test('a visitor who answered the offer as a plain form is not asked again', async ({ page }) => {
  await stopTheClock(page)
  await page.goto('/')
  await untilHydrated(page)
  // The form as the browser sends it without the page's scripts (they had not run, or failed), here with the popup closed.
  const firstName = unique('Amy').replace(' ', '')
  await page.evaluate((name) => {
    const form = document.querySelector<HTMLFormElement>('#offer form')!
    form.querySelector<HTMLInputElement>('[name=firstName]')!.value = name
    form.querySelector<HTMLInputElement>('[name=email]')!.value = 'amy@example.com'
    form.querySelector<HTMLInputElement>('[name=marketingConsent]')!.checked = true
    HTMLFormElement.prototype.submit.call(form)
  }, firstName)
  await expect(offer(page).getByRole('status')).toHaveText(new RegExp(`Thanks, ${firstName}! Your offer is on its way.`))
  await untilHydrated(page)

  await page.goto('/')
  await aMinuteLater(page)
  await expect(offer(page)).toBeHidden()
})
