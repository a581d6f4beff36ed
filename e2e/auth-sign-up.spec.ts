import { UNDER_18_MESSAGE } from '@salon/contracts/rules/date-of-birth'
import {
  cognito,
  createCustomer,
  demo,
  expect,
  expectSignedIn,
  IDENTITY_REFUSED_ERROR,
  localPhone,
  smsCode,
  test,
  uniquePhone,
  untilHydrated,
} from './fixtures.ts'
import type { Page } from '@playwright/test'

const PASSWORD = 'Sunny#2024'

/** An ISO date `years` before today. */
function yearsAgo(years: number, extraDays = 0) {
  const day = new Date()
  day.setFullYear(day.getFullYear() - years)
  day.setDate(day.getDate() + extraDays)
  return day.toISOString().slice(0, 10)
}

async function fillSignUp(page: Page, phone: string, overrides: { dob?: string; passwordRepeat?: string } = {}) {
  await page.getByLabel('Mobile number').fill(localPhone(phone))
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Repeat password').fill(overrides.passwordRepeat ?? PASSWORD)
  await page.getByLabel('First name').fill('Amy')
  await page.getByLabel('Last name').fill('Jones')
  await page.getByLabel('Email', { exact: true }).fill('amy@example.com')
  await page.getByLabel('Date of birth').fill(overrides.dob ?? '1990-05-01')
  await page.getByRole('radio', { name: /Type III/ }).check()
  await page.getByLabel(/Send me offers from this salon/).check()
}

test('a visitor signs up, confirms the code from the text message and lands home signed in', async ({ page, request }) => {
  const phone = uniquePhone()
  await page.goto('/sign-up/')
  await untilHydrated(page)
  await fillSignUp(page, phone)
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page).toHaveURL(/\/sign-up\/confirm\/\?/)
  const query = new URL(page.url()).searchParams
  expect(Object.fromEntries(query)).toEqual({
    phone,
    email: 'amy@example.com',
    firstName: 'Amy',
    lastName: 'Jones',
    skinType: '3',
    dob: '1990-05-01',
    marketing: 'true',
  })
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your mobile number' })).toBeVisible()

  await page.getByLabel('Confirmation code').fill(await smsCode(request, phone))
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(page).toHaveURL('/')
  await expectSignedIn(page)

  // The customer's own pages are rendered for them from the cookies, signed in; the home page is the same for
  // everyone, and shows the signed-in header again once it has loaded.
  const html = await (await page.request.get('/account/')).text()
  expect(html).toMatch(/>Sign out</i)
  expect(html).not.toMatch(/href="\/sign-in\/"/)
  await page.reload()
  await expectSignedIn(page)
})

test.describe('refusals', () => {
  test.use({ allowedConsoleErrors: [IDENTITY_REFUSED_ERROR] })

  test('a number that already has an account is sent to reset the password', async ({ page, request }) => {
    const customer = await createCustomer(request)
    await page.goto('/sign-up/')
    await untilHydrated(page)
    await fillSignUp(page, customer.phone)
    await page.getByRole('button', { name: 'Create account' }).click()

    const alert = page.getByRole('alertdialog')
    await expect(alert).toContainText('An account already exists with this mobile number. Please follow reset password steps to activate.')
    await alert.getByRole('button', { name: 'Reset my password' }).click()
    await expect(page).toHaveURL(/\/forgot-password\/\?phone=/)
    await expect(page.getByLabel('Mobile number')).toHaveValue(customer.phone)
  })

  test('the identity service also refuses anyone under 18', async ({ request }) => {
    const refused = await cognito(request, 'SignUp', {
      ClientId: demo.clientId,
      Username: uniquePhone(),
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: 'teen@example.com' },
        { Name: 'birthdate', Value: yearsAgo(17) },
      ],
      ClientMetadata: { shop_id: demo.shopId, api_key: demo.apiKey },
    }).catch((error: Error) => error)
    expect(refused).toMatchObject({ name: 'InvalidParameterException', message: UNDER_18_MESSAGE })
  })
})

test('someone under 18 is refused before anything is sent', async ({ page }) => {
  const calls: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/cognito/')) calls.push(r.url())
  })
  await page.goto('/sign-up/')
  await untilHydrated(page)
  await fillSignUp(page, uniquePhone(), { dob: yearsAgo(18, 1) })
  await page.getByRole('button', { name: 'Create account' }).click()

  const dob = page.getByLabel('Date of birth')
  await expect(dob).toBeFocused()
  await expect(dob).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(UNDER_18_MESSAGE)).toBeVisible()
  await expect(page).toHaveURL(/\/sign-up\/$/)
  expect(calls).toEqual([])
})

test('the form explains the password rules and when the passwords differ', async ({ page }) => {
  await page.goto('/sign-up/')
  await untilHydrated(page)
  await page.getByLabel('Password', { exact: true }).fill('sunny')
  await page.getByLabel('Repeat password').fill('sunnier')
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page.getByText('Your password needs at least 8 characters, an uppercase letter, a number and a symbol.')).toBeVisible()
  await expect(page.getByText('The passwords do not match.')).toBeVisible()
  await expect(page.getByText('Enter your mobile number.')).toBeVisible()
  await expect(page.getByLabel('Mobile number')).toBeFocused()
  // Each message is tied to its field.
  await expect(page.getByLabel('Repeat password')).toHaveAccessibleDescription('The passwords do not match.')
})
