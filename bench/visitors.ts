/**
 * The requests of the people who book, as their browsers send them: a returning visitor carries the cookies
 * analytics set once they agreed, and a signed-in customer the cookies Amplify keeps the session in, on every
 * same-origin call. The customer is a new one, signed up and confirmed through the identity service and signed
 * in by the password flow, as the end-to-end tests make theirs.
 */
import { CLIENT_ID, codeIn, passwordSignInInput, signUpInput } from '../apps/server/src/test/factories/sign-up.ts'

/** The outbox's token the bench gives its servers, so the sign-up's code can be read. */
export const BENCH_OUTBOX_TOKEN = 'bench-outbox-token-0123456789abcdefghijklmnop'

/** Cookies Google Analytics sets for a visitor who agreed: nothing the server reads, but on every request. */
export const RETURNING_VISITOR = '_ga=GA1.1.1234567890.1764000000; _ga_SALON=GS2.1.s1764000000$o3$g1$t1764000100$j60$l0$h0'

async function cognito<T>(base: string, operation: string, body: object): Promise<T> {
  const res = await fetch(`${base}/cognito/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
  })
  const answer = (await res.json()) as T & { message?: string }
  if (!res.ok) throw new Error(`${operation}: ${answer.message ?? res.status}`)
  return answer
}

async function smsCode(base: string, phone: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${base}/dev/outbox.json?token=${BENCH_OUTBOX_TOKEN}`)
    const outbox = (await res.json()) as { channel: string; to: string; body: string }[]
    const code = codeIn(outbox.find((m) => m.channel === 'sms' && m.to === phone)?.body)
    if (code) return code
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no code reached ${phone}`)
}

/** Percent-encodes a cookie value as js-cookie (Amplify's CookieStorage) does. */
const cookieValue = (value: string) => encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent)

/** The Cookie header of a customer signed in on the site at `base`: Amplify's cookies, and the returning visitor's. */
export async function signedInCookies(base: string, shop: { shop_id: string; api_key: string }): Promise<string> {
  const phone = `+447700${String(900_000 + Math.floor(Math.random() * 100_000)).padStart(6, '0')}`
  const password = 'Bench-Tan-2024'
  await cognito(base, 'SignUp', signUpInput({ phone, password, metadata: { shop_id: shop.shop_id, api_key: shop.api_key, marketing: 'false' } }))
  await cognito(base, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: phone, ConfirmationCode: await smsCode(base, phone) })
  const { AuthenticationResult: tokens } = await cognito<{ AuthenticationResult: { IdToken: string; AccessToken: string; RefreshToken: string } }>(
    base,
    'InitiateAuth',
    passwordSignInInput(phone, password),
  )
  const prefix = `CognitoIdentityServiceProvider.${CLIENT_ID}`
  const cookies: [string, string][] = [
    [`${prefix}.LastAuthUser`, phone],
    [`${prefix}.${phone}.accessToken`, tokens.AccessToken],
    [`${prefix}.${phone}.idToken`, tokens.IdToken],
    [`${prefix}.${phone}.refreshToken`, tokens.RefreshToken],
    [`${prefix}.${phone}.signInDetails`, JSON.stringify({ loginId: phone, authFlowType: 'USER_PASSWORD_AUTH' })],
    [`${prefix}.${phone}.clockDrift`, '0'],
  ]
  return [RETURNING_VISITOR, ...cookies.map(([name, value]) => `${cookieValue(name)}=${cookieValue(value)}`)].join('; ')
}
