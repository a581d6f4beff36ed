import { readFile } from 'node:fs/promises'
import { cognito, demo, expect, expectSignedOut, IDENTITY_REFUSED_ERROR, localPhone, test, untilHydrated } from './fixtures.ts'

/** Chromium logs the API's 401 when a revoked session is checked, and the identity service's 400s as the session ends. */
const UNAUTHORISED_ERROR = /Failed to load resource: the server responded with a status of 401 \(Unauthorized\) \S*\/api\/p_account/
// One pattern: test.use reads a two-item array as [value, options].
const SESSION_ENDING_ERRORS = new RegExp(`${IDENTITY_REFUSED_ERROR.source}|${UNAUTHORISED_ERROR.source}`)

// Each test changes its customer, so each has one of its own, signed in through the identity service.
test.use({ signedIn: 'own' })

/** Whether the identity service lets this phone and password sign in. */
const canSignIn = (request: Parameters<typeof cognito>[0], phone: string, password: string) =>
  cognito(request, 'InitiateAuth', { ClientId: demo.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: phone, PASSWORD: password } }).then(
    () => true,
    () => false,
  )

test('a customer changes their marketing choices and they survive a reload', async ({ page }) => {
  await page.goto('/account/')
  await untilHydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()

  const salonOffers = page.getByRole('checkbox', { name: /Offers from this salon by text and email/ })
  await expect(salonOffers).not.toBeChecked()
  await expect(salonOffers).toHaveAccessibleDescription('Never given')
  await salonOffers.check()
  await page.getByRole('button', { name: 'Save my choices' }).click()
  const alert = page.getByRole('alertdialog')
  await expect(alert).toContainText('Account was updated!')
  await alert.getByRole('button', { name: 'OK' }).click()
  await expect(salonOffers).toHaveAccessibleDescription(/^Given on \d{1,2} \w+ \d{4}/)

  await page.reload()
  await expect(salonOffers).toBeChecked()
  await expect(salonOffers).toHaveAccessibleDescription(/^Given on /)
  await expect(page.getByRole('checkbox', { name: /News and offers from our group of salons/ })).not.toBeChecked()
})

test('a customer turns booking texts off and the switch stays off, before and after a reload', async ({ page }) => {
  await page.goto('/account/')
  await untilHydrated(page)
  const texts = page.getByRole('checkbox', { name: /Text me about my bookings/ })
  await expect(texts).toBeChecked()

  await texts.click()
  const alert = page.getByRole('alertdialog')
  await expect(alert).toContainText('We will not text you about your bookings.')
  await alert.getByRole('button', { name: 'OK' }).click()
  // Saved: the switch shows what was saved, without a reload.
  await expect(texts).not.toBeChecked()
  await expect(texts).toBeEnabled()

  await page.reload()
  await expect(texts).not.toBeChecked()
  await texts.click()
  await expect(page.getByRole('alertdialog')).toContainText('We will text you about your bookings.')
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
  await expect(texts).toBeChecked()
})

test('a customer updates their details', async ({ page, customer }) => {
  await page.goto('/account/')
  await untilHydrated(page)
  await expect(page.getByLabel('Mobile number')).toHaveValue(localPhone(customer.phone))
  await expect(page.getByLabel('Mobile number')).toHaveAttribute('readonly', '')

  await page.getByLabel('First name').fill('Amelia')
  await page.getByRole('radio', { name: /Type IV/ }).check()
  await page.getByRole('button', { name: 'Save my details' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Account was updated!')
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()

  await page.reload()
  await expect(page.getByLabel('First name')).toHaveValue('Amelia')
  await expect(page.getByRole('radio', { name: /Type IV/ })).toBeChecked()
})

test('a customer changes their password and signs in with the new one', async ({ page, request, customer }) => {
  await page.goto('/account/')
  await untilHydrated(page)
  await page.getByLabel('Current password').fill(customer.password)
  await page.getByLabel('New password', { exact: true }).fill('Golden#Hour9')
  await page.getByLabel('Repeat new password').fill('Golden#Hour9')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Successfully changed your password.')
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()

  expect(await canSignIn(request, customer.phone, 'Golden#Hour9'), 'the new password signs in').toBe(true)
  expect(await canSignIn(request, customer.phone, customer.password), 'the old password no longer does').toBe(false)
})

test.describe('looking only', () => {
  test.use({ signedIn: 'shared' })

  test('a customer downloads their data as a JSON file', async ({ page, customer }) => {
    await page.goto('/account/')
    await untilHydrated(page)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()])
    expect(download.suggestedFilename()).toMatch(/^my-salon-data-\d{4}-\d{2}-\d{2}\.json$/)
    const text = await readFile((await download.path())!, 'utf8')
    expect(text).toContain(customer.phone)
    expect(() => JSON.parse(text)).not.toThrow()
  })
})

test.describe('ending a session', () => {
  test.use({ allowedConsoleErrors: [SESSION_ENDING_ERRORS] })

  test('a customer deletes their account, is signed out, and the number has no online account any more', async ({ page, customer }) => {
    await page.goto('/account/')
    await untilHydrated(page)
    await page.getByRole('button', { name: 'Delete my account' }).click()

    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' })
    await expect(confirm).toContainText('kept without your name')
    await confirm.getByRole('button', { name: 'Delete my account' }).click()
    const done = page.getByRole('alertdialog', { name: 'Account deleted' })
    await expect(done).toBeVisible()
    await done.getByRole('button', { name: 'Back to the home page' }).click()
    await expect(page).toHaveURL('/')
    await expectSignedOut(page)

    await page.goto('/sign-in/')
    await untilHydrated(page)
    await page.getByLabel('Mobile number').fill(localPhone(customer.phone))
    await page.getByLabel('Password', { exact: true }).fill(customer.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByRole('alertdialog')).toContainText('No online account registered to this number.')
  })

  test('a session revoked elsewhere is sent to sign in', async ({ page, request, customer }) => {
    const tokens = await cognito<{ AuthenticationResult: { AccessToken: string } }>(request, 'InitiateAuth', {
      ClientId: demo.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: customer.phone, PASSWORD: customer.password },
    })
    await page.goto('/account/')
    await untilHydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
    // "Sign out everywhere" from another device revokes this browser's tokens too.
    await cognito(request, 'GlobalSignOut', { AccessToken: tokens.AuthenticationResult.AccessToken })

    await page.goto('/account/')
    await expect(page).toHaveURL(/\/sign-in\/$/)
    await expectSignedOut(page)
  })
})
