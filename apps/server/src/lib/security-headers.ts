import { randomBytes } from 'node:crypto'
import { createMiddleware } from 'hono/factory'

export type NonceVariables = { nonce: string }

export interface CspOptions {
  /** Origins the browser may call besides this one (a separate API host, analytics). */
  connect: string[]
  scripts: string[]
  images: string[]
  /** Origins the page may show in a frame (Stripe's card fields and 3-D Secure); none means default-src decides. */
  frames?: string[]
  /** Vite's dev server injects styles and talks over a websocket. */
  dev: boolean
}

export function contentSecurityPolicy(nonce: string, o: CspOptions): string {
  const list = (...items: string[]) => items.filter(Boolean).join(' ')
  return [
    `default-src 'self'`,
    `script-src ${list(`'self'`, `'nonce-${nonce}'`, ...o.scripts)}`,
    `style-src ${o.dev ? `'self' 'unsafe-inline'` : `'self' 'nonce-${nonce}'`}`,
    `img-src ${list(`'self'`, 'data:', ...o.images)}`,
    `font-src 'self'`,
    `connect-src ${list(`'self'`, ...o.connect, o.dev ? 'ws: wss:' : '')}`,
    o.frames?.length ? `frame-src ${list(`'self'`, ...o.frames)}` : '',
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `object-src 'none'`,
  ]
    .filter(Boolean)
    .join('; ')
}

/** Security headers on every response; HSTS only where the page was served over HTTPS. */
export function securityHeaders(options: CspOptions & { trustProxy: boolean }) {
  return createMiddleware<{ Variables: NonceVariables }>(async (c, next) => {
    const nonce = randomBytes(16).toString('base64')
    c.set('nonce', nonce)
    await next()
    const h = c.res.headers
    h.set('Content-Security-Policy', contentSecurityPolicy(nonce, options))
    h.set('X-Content-Type-Options', 'nosniff')
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    h.set('X-Frame-Options', 'DENY')
    h.set('Cross-Origin-Opener-Policy', 'same-origin')
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)')
    const proto = options.trustProxy ? c.req.header('x-forwarded-proto') : undefined
    if ((proto ?? new URL(c.req.url).protocol.replace(':', '')) === 'https') {
      h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    }
  })
}
