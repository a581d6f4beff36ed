import type { AttributeType } from '@aws-sdk/client-cognito-identity-provider'
import { SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import { BUILT_IN_POOL } from '../../modules/identity/default-pool.ts'

/**
 * What a test customer signs up with, for every test that makes one: the server's tests through the AWS SDK in
 * process, the end-to-end tests over HTTP as the browser does. It imports nothing of the server but the pool's ids.
 */

export const CLIENT_ID = BUILT_IN_POOL.clientId
export const POOL_ID = BUILT_IN_POOL.poolId
export const PASSWORD = 'Tanning-Time1'
export const NEW_PASSWORD = 'Golden-Glow22'

export interface CustomerInput {
  phone?: string
  password?: string
  email?: string
  givenName?: string
  familyName?: string
  birthdate?: string
  /** A Fitzpatrick type, '1' to '6'; null leaves the attribute out. */
  skinType?: string | null
  metadata?: Record<string, string>
}

/** The body of the SignUp operation for a customer: any detail not given is a plausible adult's. */
export function signUpInput(input: CustomerInput & { phone: string }) {
  const attributes: AttributeType[] = [
    { Name: 'email', Value: input.email ?? 'sophie@example.com' },
    { Name: 'phone_number', Value: input.phone },
    { Name: 'given_name', Value: input.givenName ?? 'Sophie' },
    { Name: 'family_name', Value: input.familyName ?? 'Turner' },
    { Name: 'birthdate', Value: input.birthdate ?? '1990-04-21' },
    ...(input.skinType === null ? [] : [{ Name: SKIN_TYPE_ATTRIBUTE, Value: input.skinType ?? '3' }]),
  ]
  return {
    ClientId: CLIENT_ID,
    Username: input.phone,
    Password: input.password ?? PASSWORD,
    UserAttributes: attributes,
    ClientMetadata: input.metadata,
  }
}

/** The body of a password sign-in (USER_PASSWORD_AUTH: quick for tests to send; the web app's Amplify signs in by SRP). */
export const passwordSignInInput = (phone: string, password = PASSWORD) => ({
  ClientId: CLIENT_ID,
  AuthFlow: 'USER_PASSWORD_AUTH' as const,
  AuthParameters: { USERNAME: phone, PASSWORD: password },
})

/** The six-digit code in a text message. */
export const codeIn = (text: string | undefined) => text?.match(/\b(\d{6})\b/)?.[1]
