import {
  cognito,
  createCustomer,
  demo,
  expect,
  expectSignedOut,
  IDENTITY_REFUSED_ERROR,
  signIn,
  signOutFromHeader,
  test,
  untilHydrated,
  type Customer,
} from './fixtures.ts'

type Tokens = { AuthenticationResult: { AccessToken: string; RefreshToken: string; NewDeviceMetadata: { DeviceKey: string } } }
type Requester = Parameters<typeof cognito>[0]

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** The customer signs in on a phone of theirs too, which the identity service remembers (as Amplify on the phone would). */
async function signInOnPhone(request: Requester, customer: Customer) {
  const { AuthenticationResult: tokens } = await cognito<Tokens>(request, 'InitiateAuth', {
    ClientId: demo.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: customer.phone, PASSWORD: customer.password },
  })
  await cognito(request, 'ConfirmDevice', {
    AccessToken: tokens.AccessToken,
    DeviceKey: tokens.NewDeviceMetadata.DeviceKey,
    DeviceName: IPHONE,
    DeviceSecretVerifierConfig: { Salt: 'AMD/7g==', PasswordVerifier: 'EjRWeJCrze8=' },
  })
  return tokens
}

/** Whether a refresh token still gets new tokens. */
const refreshes = (request: Requester, refreshToken: string) =>
  cognito(request, 'GetTokensFromRefreshToken', { ClientId: demo.clientId, RefreshToken: refreshToken }).then(
    () => true,
    () => false,
  )

test('a customer sees where they are signed in, this browser marked, and forgetting their phone signs it out at once', async ({ page, request }) => {
  const customer = await createCustomer(request)
  const phone = await signInOnPhone(request, customer)
  const sent: { target: string; body: string }[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/cognito/') sent.push({ target: request.headers()['x-amz-target'] ?? '', body: request.postData() ?? '' })
  })
  // Signed in twice in this browser: the second sign-in proves the remembered device (DEVICE_SRP_AUTH) and is not a new one.
  await signIn(page, customer)
  await signOutFromHeader(page)
  await expectSignedOut(page)
  await signIn(page, customer)

  // SRP: the password never left the browser.
  expect(sent.filter(({ body }) => body.includes(customer.password))).toEqual([])
  const steps = sent.map(({ target, body }) => `${target.split('.')[1]} ${/"(?:AuthFlow|ChallengeName)":"(\w+)"/.exec(body)?.[1] ?? ''}`.trim())
  expect(steps.filter((step) => /InitiateAuth|RespondToAuthChallenge|ConfirmDevice/.test(step))).toEqual([
    'InitiateAuth USER_SRP_AUTH',
    'RespondToAuthChallenge PASSWORD_VERIFIER',
    'ConfirmDevice',
    'InitiateAuth USER_SRP_AUTH',
    'RespondToAuthChallenge PASSWORD_VERIFIER',
    'RespondToAuthChallenge DEVICE_SRP_AUTH',
    'RespondToAuthChallenge DEVICE_PASSWORD_VERIFIER',
  ])

  await page.goto('/account/')
  await untilHydrated(page)
  const devices = page.getByRole('list', { name: 'Signed-in devices' })
  await expect(devices.getByRole('listitem')).toHaveCount(2)
  const here = devices.getByRole('listitem').filter({ hasText: 'This device' })
  await expect(here).toHaveCount(1)
  await expect(here).toContainText(/Chrome on \w+/)
  await expect(here).toContainText(/Last used \d{1,2} \w{3} \d{4}/)
  const iphone = devices.getByRole('listitem').filter({ hasText: 'Safari on iPhone' })
  await expect(iphone).not.toContainText('This device')

  expect(await refreshes(request, phone.RefreshToken), 'the phone’s session stands before it is forgotten').toBe(true)
  await iphone.getByRole('button', { name: 'Forget Safari on iPhone' }).click()
  const done = page.getByRole('alertdialog')
  await expect(done).toContainText('Safari on iPhone has been signed out and forgotten.')
  await done.getByRole('button', { name: 'OK' }).click()
  await expect(devices.getByRole('listitem')).toHaveCount(1)
  await expect(devices.getByRole('listitem')).toContainText('This device')

  // The phone's refresh token is refused from now on; this browser stays signed in.
  expect(await refreshes(request, phone.RefreshToken), 'the forgotten phone is signed out').toBe(false)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await expect(devices.getByRole('listitem')).toHaveCount(1)
})

test.describe('forgetting this browser', () => {
  // Amplify's last refresh of the revoked session is refused as the page leaves.
  test.use({ allowedConsoleErrors: [IDENTITY_REFUSED_ERROR] })

  test('"Forget this device" signs this browser out at once', async ({ page, request }) => {
    const customer = await createCustomer(request)
    await signIn(page, customer)
    await page.goto('/account/')
    await untilHydrated(page)
    const devices = page.getByRole('list', { name: 'Signed-in devices' })
    await expect(devices.getByRole('listitem')).toHaveCount(1)
    await devices.getByRole('button', { name: 'Forget this device' }).click()
    await expect(page).toHaveURL(/\/sign-in\/$/)
    await expectSignedOut(page)
    await page.goto('/account/')
    await expect(page).toHaveURL(/\/sign-in\/$/)
  })
})
