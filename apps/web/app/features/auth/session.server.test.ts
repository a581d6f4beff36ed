import { describe, expect, it } from 'vitest'
import { hasSessionCookie, jwtPayload, parseCookies, sessionFromCookies } from './session-cookies.ts'
import { getSession, requireSession, type CustomerSession } from './session.server.ts'

const request = new Request('https://salon.example/account/')
const customer: CustomerSession = { sub: 'u1', phone: '+447700900123', firstName: 'Amy' }

async function redirectOf(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(thrown).toBeInstanceOf(Response)
  return { status: (thrown as Response).status, location: (thrown as Response).headers.get('location') }
}

describe('guard (docs/product.md §2)', () => {
  it('lets a customer with a valid session through', async () => {
    await expect(requireSession(request, async () => customer)).resolves.toEqual(customer)
  })

  it('sends a visitor without a session to /sign-in/', async () => {
    expect(await redirectOf(requireSession(request, async () => null))).toEqual({ status: 302, location: '/sign-in/' })
  })

  it('sends the visitor to /sign-in/ when checking the session fails', async () => {
    expect(await redirectOf(requireSession(request, async () => Promise.reject(new Error('token expired'))))).toEqual({ status: 302, location: '/sign-in/' })
  })
})

const clientId = '5k1n7an5a1on0c1ien7id0demo'
const now = Math.floor(Date.now() / 1000) * 1000
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (claims: object) => `${base64url({ alg: 'RS256', kid: 'k1' })}.${base64url(claims)}.c2lnbmF0dXJl`
const idToken = (claims: object = {}) =>
  jwt({ sub: 'u1', aud: clientId, token_use: 'id', phone_number: '+447700900123', given_name: 'Amy', exp: now / 1000 + 3600, ...claims })

/** The cookie header a browser sends after Amplify's CookieStorage (js-cookie) stored a session. */
function amplifyCookies(tokens: { idToken?: string; refreshToken?: string }, user = '+447700900123', client = clientId) {
  const key = `CognitoIdentityServiceProvider.${client}`
  const cookies = [`${key}.LastAuthUser=${user}`, `${key}.${user}.accessToken=${jwt({ token_use: 'access' })}`, `${key}.${user}.clockDrift=0`]
  if (tokens.idToken) cookies.push(`${key}.${user}.idToken=${tokens.idToken}`)
  if (tokens.refreshToken) cookies.push(`${key}.${user}.refreshToken=${tokens.refreshToken}`)
  return ['analytics-consent=granted', ...cookies].join('; ')
}

const withCookie = (cookie: string) => new Request('https://salon.example/', { headers: { cookie } })

describe('the session in Amplify’s cookies', () => {
  it('names the customer from an unexpired id token', async () => {
    expect(await getSession(withCookie(amplifyCookies({ idToken: idToken() })), clientId)).toEqual(customer)
  })

  it('is signed out without cookies', async () => {
    expect(await getSession(new Request('https://salon.example/'), clientId)).toBeNull()
    expect(await getSession(withCookie('analytics-consent=granted'), clientId)).toBeNull()
  })

  it('is signed out when the id token expired and there is no refresh token', async () => {
    expect(sessionFromCookies(parseCookies(amplifyCookies({ idToken: idToken({ exp: now / 1000 - 1 }) })), { clientId, now })).toBeNull()
  })

  it('stays signed in with an expired id token while a refresh token can renew it', () => {
    const cookies = parseCookies(amplifyCookies({ idToken: idToken({ exp: now / 1000 - 60 }), refreshToken: 'opaque-refresh-token' }))
    expect(sessionFromCookies(cookies, { clientId, now })).toEqual(customer)
  })

  it('falls back to the last user’s phone when only a refresh token is left', () => {
    expect(sessionFromCookies(parseCookies(amplifyCookies({ refreshToken: 'r' })), { clientId, now })).toEqual({
      sub: '',
      phone: '+447700900123',
      firstName: null,
    })
  })

  it('reads names percent-encoded by js-cookie', () => {
    const header = amplifyCookies({ idToken: idToken() }).replaceAll('+', '%2B')
    expect(sessionFromCookies(parseCookies(header), { clientId, now })).toEqual(customer)
  })

  it('ignores another app client’s cookies when the client id is known', () => {
    const cookies = parseCookies(amplifyCookies({ idToken: idToken({ aud: 'otherclient' }) }, '+447700900123', 'otherclient'))
    expect(sessionFromCookies(cookies, { clientId, now })).toBeNull()
    expect(sessionFromCookies(cookies, { now })).toEqual(customer)
  })

  it('does not take an access token or a token of another audience for an id token', () => {
    expect(sessionFromCookies(parseCookies(amplifyCookies({ idToken: idToken({ token_use: 'access' }) })), { clientId, now })).toBeNull()
    expect(sessionFromCookies(parseCookies(amplifyCookies({ idToken: idToken({ aud: 'someone-else' }) })), { clientId, now })).toBeNull()
  })

  it('survives a damaged token', () => {
    expect(sessionFromCookies(parseCookies(amplifyCookies({ idToken: 'not.a-jwt!.x' })), { clientId, now })).toBeNull()
    expect(jwtPayload('a.%%%.c')).toBeNull()
  })

  it('tells the browser whether a session cookie is there', () => {
    expect(hasSessionCookie(amplifyCookies({ refreshToken: 'r' }), clientId)).toBe(true)
    expect(hasSessionCookie('analytics-consent=granted', clientId)).toBe(false)
  })

  it('lets a customer with a session cookie through the guard', async () => {
    const request = withCookie(amplifyCookies({ idToken: idToken() }))
    await expect(requireSession(request, (r) => getSession(r, clientId))).resolves.toEqual(customer)
  })
})
