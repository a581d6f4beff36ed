import { SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import type { AppDeps } from '../../app.ts'
import { DEFAULT_POOL } from '../../app.ts'
import { TEST_API_KEY, TEST_SHOP_ID, type TestApp } from '../../test/harness.ts'
import type { PasswordHasher } from '../identity/identity.service.ts'

/** Tests only: a hasher that costs nothing, so hundreds of customers sign up in seconds. */
export const fastPasswords: PasswordHasher = {
  hash: async (password) => `test:${password}`,
  verify: async (hash, password) => hash === `test:${password}`,
}

const PASSWORD = 'Tan-Safely-2026'

/** A clock the tests move; the app reads it for "now". */
export function testClock(iso: string) {
  const clock = {
    ms: Date.parse(iso),
    set(at: string) {
      clock.ms = Date.parse(at)
    },
  }
  return clock
}

/** The app's settings for booking tests: their clock, the fast hasher, and sign-ups told apart by address. */
export function bookingTestDeps(clock: { ms: number }): Partial<Omit<AppDeps, 'database'>> {
  return { now: () => clock.ms, passwords: fastPasswords, trustProxy: true }
}

export interface TestCustomer {
  sub: string
  phone: string
  headers: { authorization: string }
}

let sequence = 0

interface CognitoAnswer {
  UserSub?: string
  AuthenticationResult?: { IdToken: string }
}

async function cognito(t: TestApp, operation: string, input: object, address: string) {
  const response = await t.app.request('/cognito/', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      'x-forwarded-for': address,
    },
    body: JSON.stringify(input),
  })
  const json = (await response.json()) as CognitoAnswer
  if (response.status !== 200) throw new Error(`${operation} failed: ${JSON.stringify(json)}`)
  return json
}

/** Signs in again (tokens last an hour of the test clock) and returns fresh headers. */
export async function signIn(t: TestApp, customer: Pick<TestCustomer, 'phone'>): Promise<{ authorization: string }> {
  const result = await cognito(
    t,
    'InitiateAuth',
    { ClientId: DEFAULT_POOL.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: customer.phone, PASSWORD } },
    '192.0.2.1',
  )
  return { authorization: `Bearer ${result.AuthenticationResult!.IdToken}` }
}

/**
 * A customer of the demo shop signed up, confirmed and signed in through the app's own identity endpoint,
 * as the web app does it. Adults with skin type III unless told otherwise; skinType null leaves it out.
 */
export async function signUpCustomer(t: TestApp, options: { dob?: string; skinType?: number | null } = {}): Promise<TestCustomer> {
  const n = ++sequence
  const phone = `+447700${String(n).padStart(6, '0')}`
  const address = `198.51.${Math.floor(n / 250) % 250}.${n % 250}`
  const skinType = options.skinType === undefined ? 3 : options.skinType
  const attributes = [
    { Name: 'email', Value: `customer${n}@example.com` },
    { Name: 'given_name', Value: 'Test' },
    { Name: 'family_name', Value: `Customer ${n}` },
    { Name: 'birthdate', Value: options.dob ?? '1990-05-17' },
    ...(skinType === null ? [] : [{ Name: SKIN_TYPE_ATTRIBUTE, Value: String(skinType) }]),
  ]
  const { UserSub } = await cognito(
    t,
    'SignUp',
    {
      ClientId: DEFAULT_POOL.clientId,
      Username: phone,
      Password: PASSWORD,
      UserAttributes: attributes,
      ClientMetadata: { shop_id: TEST_SHOP_ID, api_key: TEST_API_KEY },
    },
    address,
  )
  const outbox = (await (await t.app.request('/dev/outbox.json')).json()) as { to: string; body: string }[]
  const code = outbox.find((m) => m.to === phone)?.body.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`No confirmation code reached ${phone}`)
  await cognito(t, 'ConfirmSignUp', { ClientId: DEFAULT_POOL.clientId, Username: phone, ConfirmationCode: code }, address)
  return { sub: UserSub!, phone, headers: await signIn(t, { phone }) }
}

/** Many customers at once, a few at a time so each finds its code among the latest messages. */
export async function signUpCustomers(t: TestApp, count: number, options: { dob?: string; skinType?: number | null } = {}) {
  const customers: TestCustomer[] = []
  while (customers.length < count) {
    const batch = Math.min(20, count - customers.length)
    customers.push(...(await Promise.all(Array.from({ length: batch }, () => signUpCustomer(t, options)))))
  }
  return customers
}
