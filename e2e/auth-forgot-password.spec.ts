import { createCustomer, expect, IDENTITY_REFUSED_ERROR, localPhone, signIn, smsCode, test, uniquePhone, untilHydrated } from './fixtures.ts'

test('a customer resets a forgotten password with a texted code and signs in with the new one', async ({ page, request }) => {
  const customer = await createCustomer(request)
  await page.goto('/forgot-password/')
  await untilHydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
  const since = new Date().toISOString()
  await page.getByLabel('Mobile number').fill(localPhone(customer.phone))
  await page.getByRole('button', { name: 'Send me a code' }).click()

  const sent = page.getByRole('alertdialog')
  await expect(sent).toContainText('A code has been sent to your phone. Please input below.')
  await sent.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: choose a new password' })).toBeFocused()

  await page.getByLabel('Code', { exact: true }).fill(await smsCode(request, customer.phone, since))
  await page.getByLabel('New password', { exact: true }).fill('Brighter#2025')
  await page.getByLabel('Repeat new password').fill('Brighter#2025')
  await page.getByRole('button', { name: 'Change password' }).click()

  const changed = page.getByRole('alertdialog')
  await expect(changed).toContainText('Successfully changed your password.')
  await changed.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/sign-in\//)

  await signIn(page, { phone: customer.phone, password: 'Brighter#2025' })
})

test('a number signed up but never confirmed is reset by whoever holds the phone, with a password of their own', async ({ page, request }) => {
  // Somebody signed this number up with a password of theirs and never proved the phone.
  const squatted = await createCustomer(request, { confirmed: false })
  await page.goto('/forgot-password/')
  await untilHydrated(page)
  const since = new Date().toISOString()
  await page.getByLabel('Mobile number').fill(localPhone(squatted.phone))
  await page.getByRole('button', { name: 'Send me a code' }).click()
  const sent = page.getByRole('alertdialog')
  await expect(sent).toContainText('A code has been sent to your phone. Please input below.')
  await sent.getByRole('button', { name: 'OK' }).click()

  await page.getByLabel('Code', { exact: true }).fill(await smsCode(request, squatted.phone, since))
  await page.getByLabel('New password', { exact: true }).fill('Owners-Own#77')
  await page.getByLabel('Repeat new password').fill('Owners-Own#77')
  await page.getByRole('button', { name: 'Change password' }).click()
  const changed = page.getByRole('alertdialog')
  await expect(changed).toContainText('Successfully changed your password.')
  await changed.getByRole('button', { name: 'Sign in' }).click()
  await signIn(page, { phone: squatted.phone, password: 'Owners-Own#77' })
})

test.describe('refusals', () => {
  test.use({ allowedConsoleErrors: [IDENTITY_REFUSED_ERROR] })

  test('an unknown number is told there is no online account', async ({ page }) => {
    await page.goto('/forgot-password/')
    await untilHydrated(page)
    await page.getByLabel('Mobile number').fill(localPhone(uniquePhone()))
    await page.getByRole('button', { name: 'Send me a code' }).click()
    await expect(page.getByRole('alertdialog')).toContainText(
      'No online account registered to this number. If you signed up in shop you still need to sign up online to link your accounts',
    )
  })

  test('a wrong code says so', async ({ page, request }) => {
    const customer = await createCustomer(request)
    await page.goto(`/forgot-password/?phone=${encodeURIComponent(customer.phone)}`)
    await untilHydrated(page)
    await page.getByRole('button', { name: 'Send me a code' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
    const real = await smsCode(request, customer.phone)
    await page.getByLabel('Code', { exact: true }).fill(real === '000000' ? '111111' : '000000')
    await page.getByLabel('New password', { exact: true }).fill('Brighter#2025')
    await page.getByLabel('Repeat new password').fill('Brighter#2025')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByRole('alertdialog')).toContainText('Invalid verification code provided, please try again.')
  })
})
