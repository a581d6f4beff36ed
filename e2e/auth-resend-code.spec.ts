import type { Page } from '@playwright/test'
import { createCustomer, expect, IDENTITY_REFUSED_ERROR, localPhone, test, untilHydrated } from './fixtures.ts'

const NOT_VERIFIED = 'Your phone is not verified. A code has been sent to your phone for verification. Please input below.'
const LIMIT = 'Attempt limit exceeded, please try after some time.'

/** Cognito's refusal to reset a password for a number nobody confirmed (the built-in pool resets it instead: decision 009). */
const UNVERIFIED_RESET = {
  __type: 'InvalidParameterException',
  message: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
}

/**
 * The identity service refuses to send a new sign-up code, as it does once a number has asked for too many;
 * `refusals` answers other operations with an error of their own.
 */
async function refuseNewCodes(page: Page, refusals: Record<string, object> = {}) {
  const answers: Record<string, object> = { ResendConfirmationCode: { __type: 'LimitExceededException', message: LIMIT }, ...refusals }
  await page.route('**/cognito/', async (route) => {
    const answer = answers[route.request().headers()['x-amz-target']?.split('.').pop() ?? '']
    if (!answer) return route.continue()
    await route.fulfill({ status: 400, contentType: 'application/x-amz-json-1.1', body: JSON.stringify(answer) })
  })
}

// An unconfirmed number is sent a new code on the way to the confirm page; when none could be sent, the customer
// must hear why rather than be told to type a code that never comes.
test.describe('a new code that could not be sent', () => {
  test.use({ allowedConsoleErrors: [IDENTITY_REFUSED_ERROR] })

  test('signing in with an unconfirmed number says why no code came', async ({ page, request }) => {
    const customer = await createCustomer(request, { confirmed: false })
    await refuseNewCodes(page)
    await page.goto('/sign-in/')
    await untilHydrated(page)
    await page.getByLabel('Mobile number').fill(localPhone(customer.phone))
    await page.getByLabel('Password', { exact: true }).fill(customer.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()

    const alert = page.getByRole('alertdialog')
    await expect(alert).toContainText(LIMIT)
    await expect(alert).not.toContainText(NOT_VERIFIED)
    await alert.getByRole('button', { name: 'OK' }).click()
    await expect(page).toHaveURL(/\/sign-in\/$/)
  })

  test('resetting the password of an unconfirmed number says why no code came', async ({ page, request }) => {
    const customer = await createCustomer(request, { confirmed: false })
    await refuseNewCodes(page, { ForgotPassword: UNVERIFIED_RESET })
    await page.goto('/forgot-password/')
    await untilHydrated(page)
    await page.getByLabel('Mobile number').fill(localPhone(customer.phone))
    await page.getByRole('button', { name: 'Send me a code' }).click()

    const alert = page.getByRole('alertdialog')
    await expect(alert).toContainText(LIMIT)
    await expect(alert).not.toContainText(NOT_VERIFIED)
    await alert.getByRole('button', { name: 'OK' }).click()
    await expect(page).toHaveURL(/\/forgot-password\/$/)
  })
})
