import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { cors } from 'hono/cors'
import type { Logger } from '../../lib/logger.ts'
import type { RequestIdVariables } from '../../lib/request-log.ts'
import { servedOverHttps } from '../../lib/security-headers.ts'
import type { HostedSignInService, Query } from './hosted-sign-in.service.ts'
import { newSecret, SECRET } from './hosted-sign-in.service.ts'
import { OAuthError, oauthErrors as E } from './oauth-error.ts'

/** The browser's binding to the sign-ins it starts: only that browser may carry one on (login CSRF, a leaked link). */
export const BROWSER_COOKIE = 'salon_sign_in_browser'
/** The hosted domain's own session, which GET /logout ends. */
export const SESSION_COOKIE = 'salon_hosted_session'

const FORM = 'application/x-www-form-urlencoded'

/**
 * Parameters given once each: a name given twice is refused, as RFC 6749 §3.1 asks, and a value must be text that
 * can be stored (no NUL, no broken Unicode), so nothing reaches the database that it would turn into a 5xx.
 */
export function singleParams(params: URLSearchParams): Query {
  const query: Query = Object.create(null)
  for (const [name, value] of params) {
    if (name in query) throw E.invalidRequest(`${name.slice(0, 40)} is given more than once.`)
    if (value.includes('\0') || value.includes('\uFFFD') || value.length > 8192) throw E.invalidRequest(`${name.slice(0, 40)} is not valid text.`)
    query[name] = value
  }
  return query
}

const queryOf = (c: Context) => singleParams(new URL(c.req.url).searchParams)

async function formOf(c: Context): Promise<Query> {
  if (c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() !== FORM) throw E.invalidRequest(`Send the request body as ${FORM}.`)
  return singleParams(new URLSearchParams(await c.req.text()))
}

const usesBasic = (c: Context) => c.req.header('authorization')?.toLowerCase().startsWith('basic ') === true

/**
 * The client named by HTTP Basic authentication (client_id:client_secret), if the request uses it. RFC 6749 §2.3.1
 * has the id percent-encoded; one that does not decode names no client, and is refused as any unknown client is.
 */
function basicClient(c: Context): string | undefined {
  if (!usesBasic(c)) return undefined
  const decoded = Buffer.from(c.req.header('authorization')!.slice(6).trim(), 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 1) throw E.invalidClient('The Basic authorization header does not name a client.')
  try {
    return decodeURIComponent(decoded.slice(0, colon))
  } catch {
    throw E.invalidClient('The client id in the Basic authorization header is not correctly percent-encoded.')
  }
}

const bearerOf = (c: Context) => {
  const header = c.req.header('authorization')?.trim()
  return header && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '') : undefined
}

/** The hosted sign-in endpoints of a Cognito domain, and the salon's own steps in between (docs/decisions/018). */
export function createHostedSignInRoutes(deps: {
  service: HostedSignInService
  social?: { routes(app: Hono<{ Variables: RequestIdVariables }>, helpers: RouteHelpers): void }
  logger: Logger
  trustProxy: boolean
}) {
  const { service } = deps
  const app = new Hono<{ Variables: RequestIdVariables }>()
  const secure = (c: Context) => servedOverHttps(c, deps.trustProxy)

  /** The browser's binding secret, made on its first sign-in. Apple answers with a cross-site POST, which only SameSite=None carries. */
  function browserSecret(c: Context): string {
    const existing = getCookie(c, BROWSER_COOKIE)
    if (existing && SECRET.test(existing)) return existing
    const secret = newSecret()
    const https = secure(c)
    setCookie(c, BROWSER_COOKIE, secret, { path: '/', httpOnly: true, secure: https, sameSite: https ? 'None' : 'Lax', maxAge: 24 * 3600 })
    return secret
  }

  const startSession = (c: Context, sessionId: string) =>
    setCookie(c, SESSION_COOKIE, sessionId, { path: '/', httpOnly: true, secure: secure(c), sameSite: 'Lax', maxAge: 30 * 24 * 3600 })

  const refuse = (c: Context, error: unknown) => {
    if (error instanceof OAuthError) {
      if (error.error === 'invalid_token') c.header('WWW-Authenticate', `Bearer error="invalid_token"`)
      // A client that authenticated with Basic is answered in that scheme (RFC 6749 §5.2).
      if (error.error === 'invalid_client' && usesBasic(c)) c.header('WWW-Authenticate', 'Basic realm="token", charset="UTF-8"')
      return c.json({ error: error.error, error_description: error.description }, error.status)
    }
    throw error
  }
  /** Answers that carry a code, token or personal data are never kept by a cache. */
  const noStore = (c: Context) => {
    c.header('Cache-Control', 'no-store')
    c.header('Pragma', 'no-cache')
  }

  const clientCors = cors({ origin: service.corsOrigins, allowHeaders: ['Content-Type', 'Authorization'], allowMethods: ['GET', 'POST'], maxAge: 600 })
  app.use(
    '/oauth2/*',
    bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ error: 'invalid_request', error_description: 'The request body is too large.' }, 413) }),
  )
  app.use('/oauth2/token', clientCors)
  app.use('/oauth2/userInfo', clientCors)
  app.use('/oauth2/revoke', clientCors)

  app.get('/.well-known/openid-configuration', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.json(service.discovery())
  })

  app.get('/oauth2/authorize', async (c) => {
    try {
      noStore(c)
      return c.redirect(await service.authorize(queryOf(c), browserSecret(c)), 302)
    } catch (error) {
      return refuse(c, error)
    }
  })

  // The salon's own sign-in page, after signing the customer in, finishes the request with the session's access token.
  app.post('/oauth2/sign-in', async (c) => {
    try {
      noStore(c)
      const body = (await c.req.json().catch(() => null)) as { authorization?: unknown } | null
      const id = typeof body?.authorization === 'string' ? body.authorization : undefined
      const done = await service.finishOwnSignIn(id, getCookie(c, BROWSER_COOKIE), bearerOf(c))
      startSession(c, done.sessionId)
      return c.json({ location: done.location })
    } catch (error) {
      return refuse(c, error)
    }
  })

  app.get('/oauth2/cancel', async (c) => {
    try {
      return c.redirect(await service.cancel(queryOf(c).authorization, getCookie(c, BROWSER_COOKIE)), 302)
    } catch (error) {
      return refuse(c, error)
    }
  })

  app.post('/oauth2/token', async (c) => {
    try {
      noStore(c)
      return c.json(await service.token(await formOf(c), basicClient(c)))
    } catch (error) {
      return refuse(c, error)
    }
  })

  app.post('/oauth2/revoke', async (c) => {
    try {
      return c.json(await service.revoke(await formOf(c), basicClient(c)))
    } catch (error) {
      return refuse(c, error)
    }
  })

  const userInfo = async (c: Context) => {
    try {
      noStore(c)
      return c.json(await service.userInfo(bearerOf(c)))
    } catch (error) {
      return refuse(c, error)
    }
  }
  app.get('/oauth2/userInfo', userInfo)
  app.post('/oauth2/userInfo', userInfo)

  app.get('/logout', async (c) => {
    try {
      const location = await service.logout(queryOf(c), getCookie(c, SESSION_COOKIE))
      deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secure(c) })
      return c.redirect(location, 302)
    } catch (error) {
      return refuse(c, error)
    }
  })

  if (deps.social) deps.social.routes(app, { refuse, noStore, startSession, queryOf, formOf })
  return app
}
export type RouteHelpers = {
  refuse: (c: Context, error: unknown) => Response
  noStore: (c: Context) => void
  startSession: (c: Context, sessionId: string) => void
  queryOf: (c: Context) => Query
  formOf: (c: Context) => Promise<Query>
}
