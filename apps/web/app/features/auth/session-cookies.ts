/**
 * Amplify keeps the signed-in customer's tokens in cookies (CookieStorage, docs/product.md §9), named
 * `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` and `…<clientId>.<username>.<idToken|accessToken|refreshToken|…>`.
 * js-cookie writes them percent-encoded except for a few characters (a phone's "+" stays as it is),
 * so names and values are read back with decodeURIComponent, which leaves "+" alone.
 */
export const AUTH_COOKIE_PREFIX = 'CognitoIdentityServiceProvider'

/** The signed-in customer, as the pages need to know them. */
export interface CustomerSession {
  sub: string
  phone: string
  firstName: string | null
}

export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  if (!header) return cookies
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at < 0) continue
    const name = decode(part.slice(0, at).trim())
    let value = part.slice(at + 1).trim()
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    if (name && !cookies.has(name)) cookies.set(name, decode(value))
  }
  return cookies
}

function decode(text: string) {
  try {
    return text.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent)
  } catch {
    return text
  }
}

/** The payload of a JWT, read without checking the signature: for display only, the API verifies tokens for real. */
export function jwtPayload(token: string | undefined): Record<string, unknown> | null {
  const part = token?.split('.')[1]
  if (!part) return null
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=')
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null
  } catch {
    return null
  }
}

interface StoredTokens {
  clientId: string
  username: string
  idToken?: string
  refreshToken?: string
}

/** The tokens of the last customer who signed in with this client (or with any client when none is given). */
export function storedTokens(cookies: Map<string, string>, clientId?: string): StoredTokens | null {
  for (const [name, username] of cookies) {
    const match = /^CognitoIdentityServiceProvider\.([^.]+)\.LastAuthUser$/.exec(name)
    if (!match || !username || (clientId && match[1] !== clientId)) continue
    const key = `${AUTH_COOKIE_PREFIX}.${match[1]}.${username}`
    return { clientId: match[1]!, username, idToken: cookies.get(`${key}.idToken`) || undefined, refreshToken: cookies.get(`${key}.refreshToken`) || undefined }
  }
  return null
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null)

/**
 * Signed in when the id token has not expired, or when a refresh token can get a new one.
 * The id token's claims name the customer even after it expires, until Amplify refreshes it.
 */
export function sessionFromCookies(cookies: Map<string, string>, options: { clientId?: string; now?: number } = {}): CustomerSession | null {
  const tokens = storedTokens(cookies, options.clientId)
  if (!tokens) return null
  let claims = jwtPayload(tokens.idToken)
  if (claims && claims.token_use !== undefined && claims.token_use !== 'id') claims = null
  if (claims && claims.aud !== undefined && claims.aud !== tokens.clientId) claims = null
  const exp = typeof claims?.exp === 'number' ? claims.exp * 1000 : 0
  const fresh = claims !== null && exp > (options.now ?? Date.now())
  if (!fresh && !tokens.refreshToken) return null
  return {
    sub: text(claims?.sub) ?? '',
    phone: text(claims?.phone_number) ?? tokens.username,
    firstName: text(claims?.given_name),
  }
}

/** Whether this browser holds a customer's tokens: then Amplify is worth loading on a public page. */
export function hasSessionCookie(cookieHeader: string, clientId: string): boolean {
  return storedTokens(parseCookies(cookieHeader), clientId) !== null
}
