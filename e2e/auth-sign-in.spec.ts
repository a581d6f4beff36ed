import {
  createCustomer,
  expect,
  expectSignedIn,
  expectSignedOut,
  IDENTITY_REFUSED_ERROR,
  localPhone,
  signIn,
  signOutFromHeader,
  smsCode,
  test,
  uniquePhone,
  untilHydrated,
} from './fixtures.ts'
import type { Page } from '@playwright/test'

async function submitSignIn(page: Page, phone: string, password: string) {
  await page.getByLabel('Mobile number').fill(localPhone(phone))
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

// Signing out goes through the header, which differs between a phone and a wide screen.
test('a customer signs in, then signs out and stays signed out', { tag: '@layout' }, async ({ page, request }) => {
  const customer = await createCustomer(request)
  await signIn(page, customer)

  await signOutFromHeader(page)
  await expect(page).toHaveURL('/')
  await expectSignedOut(page)
  await page.reload()
  await expectSignedOut(page)
  await page.goto('/account/')
  await expect(page).toHaveURL(/\/sign-in\/$/)
})

// The side menu loads the balance as it opens; signing out at once must not cut that call off with a revoked session.
test('signing out from the side menu while it loads the balance signs out cleanly', { tag: '@phone' }, async ({ page, request }) => {
  const customer = await createCustomer(request)
  await signIn(page, customer)
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/p_account/balance', async (route) => {
    await held
    await route.continue()
  })
  await untilHydrated(page)
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('navigation', { name: 'Side menu' }).getByRole('button', { name: 'SIGN OUT' }).click()
  release()
  await expect(page).toHaveURL('/')
  await expectSignedOut(page)
})

test('sign in after a failed booking explains why', async ({ page }) => {
  await page.goto('/sign-in/?source=booking')
  await expect(page.getByText('Please sign in to finish your booking.')).toBeVisible()
})

test.describe('refusals', () => {
  test.use({ allowedConsoleErrors: [IDENTITY_REFUSED_ERROR] })

  test('a wrong password shows the message and points to forgot password', async ({ page, request }) => {
    const customer = await createCustomer(request)
    await page.goto('/sign-in/')
    await untilHydrated(page)
    await submitSignIn(page, customer.phone, 'Wrong#2024')
    await expect(page.getByRole('alertdialog')).toContainText(
      'Incorrect username or password. You can reset your password by clicking on the "forgot password" link.',
    )
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password/')
    await expectSignedOut(page)
  })

  test('an unknown number is told there is no online account', async ({ page }) => {
    await page.goto('/sign-in/')
    await untilHydrated(page)
    await submitSignIn(page, uniquePhone(), 'Sunny#2024')
    await expect(page.getByRole('alertdialog')).toContainText(
      'No online account registered to this number. If you signed up in shop you still need to sign up online to link your accounts',
    )
  })

  test('an unconfirmed number gets a new code, confirms it and is signed in', async ({ page, request }) => {
    const customer = await createCustomer(request, { confirmed: false })
    const firstCode = await smsCode(request, customer.phone)
    const since = new Date().toISOString()
    await page.goto('/sign-in/')
    await untilHydrated(page)
    await submitSignIn(page, customer.phone, customer.password)

    const alert = page.getByRole('alertdialog')
    await expect(alert).toContainText('Your phone is not verified. A code has been sent to your phone for verification. Please input below.')
    const code = await smsCode(request, customer.phone, since)
    expect(code).not.toBe(firstCode)
    await alert.getByRole('button').click()
    await expect(page).toHaveURL(`/sign-up/confirm/?phone=${encodeURIComponent(customer.phone)}`)

    await page.getByLabel('Confirmation code').fill(code)
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await expect(page).toHaveURL('/')
    await expectSignedIn(page)
  })

  test('resending the code says so', async ({ page, request }) => {
    const customer = await createCustomer(request, { confirmed: false })
    await page.goto(`/sign-up/confirm/?phone=${encodeURIComponent(customer.phone)}`)
    await untilHydrated(page)
    await page.getByRole('button', { name: 'Resend code' }).click()
    await expect(page.getByRole('alertdialog')).toContainText('A code has been sent to your phone. Please input below.')
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
    await expect(page.getByLabel('Confirmation code')).toBeFocused()
  })

  test('confirming without the password in memory asks the customer to sign in', async ({ page, request }) => {
    const customer = await createCustomer(request, { confirmed: false })
    await page.goto(`/sign-up/confirm/?phone=${encodeURIComponent(customer.phone)}`)
    await untilHydrated(page)
    await page.getByLabel('Confirmation code').fill(await smsCode(request, customer.phone))
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await expect(page).toHaveURL(/\/sign-in\/\?confirmed=true/)
    await expect(page.getByText('Your mobile number is confirmed. Please sign in to carry on.')).toBeVisible()
    await page.getByLabel('Password', { exact: true }).fill(customer.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL('/')
    await expectSignedIn(page)
  })
})
