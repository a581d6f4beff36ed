import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { RequestIdVariables } from './request-log.ts'

export type NonceVariables = { nonce: string; inlineSources?: { scripts: string[]; styles: string[] } }

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

/** The policy's options from the origins a deployment adds (each list empty unless given). */
export function cspOptions(extra: Partial<Omit<CspOptions, 'dev'>> = {}, dev = false): CspOptions {
  return { dev, connect: extra.connect ?? [], scripts: extra.scripts ?? [], images: extra.images ?? [], frames: extra.frames ?? [] }
}

/**
 * The policy. The page's own inline scripts and styles may run when they carry its nonce or, for a page kept and
 * sent to many visitors (which cannot share a nonce), when their hash is listed.
 */
export function contentSecurityPolicy(own: string | { scripts: string[]; styles: string[] } | undefined, o: CspOptions): string {
  const list = (...items: string[]) => items.filter(Boolean).join(' ')
  const nonce = typeof own === 'string' ? [`'nonce-${own}'`] : []
  const scripts = typeof own === 'object' ? own.scripts : nonce
  const styles = typeof own === 'object' ? own.styles : nonce
  return [
    `default-src 'self'`,
    `script-src ${list(`'self'`, ...scripts, ...o.scripts)}`,
    `style-src ${o.dev ? `'self' 'unsafe-inline'` : list(`'self'`, ...styles)}`,
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

/** The headers every answer carries whatever it is: a page, an API answer, a file, an error. */
export const PROTECTIVE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
}
const HSTS = 'max-age=63072000; includeSubDomains'

/**
 * What a data answer (JSON) carries instead. It is never a document: it may load and run nothing at all
 * (`default-src 'none'`, stricter than a page's policy), be framed by nobody, and never be sniffed as something
 * else. The headers that only steer a document (referrer, permissions, opener) have nothing to act on.
 */
export const DATA_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
}

/** JSON of any kind (application/json, application/problem+json, the identity protocol's application/x-amz-json-1.1). */
export const isDataType = (contentType: string | null | undefined): boolean =>
  contentType !== null && contentType !== undefined && /^application\/(?:[\w.+-]*\+)?json\b|^application\/x-amz-json/i.test(contentType)

/** servedOverHttps for a request as Node hands it over, before the framework sees it. */
export function nodeRequestOverHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  const proto = trustProxy ? req.headers['x-forwarded-proto'] : undefined
  return proto !== undefined ? proto === 'https' : (req.socket as TLSSocket | undefined)?.encrypted === true
}

/** Whether the visitor's browser used HTTPS; a forwarded protocol counts only behind a trusted proxy. */
export function servedOverHttps(c: Context, trustProxy: boolean): boolean {
  const proto = trustProxy ? c.req.header('x-forwarded-proto') : undefined
  return proto !== undefined ? proto === 'https' : c.req.url.startsWith('https:')
}

/**
 * The nonce of the page being rendered, made on first use: a fresh one for every page, and none at all for
 * answers that are not pages (their policy then allows no inline script or style).
 */
export function pageNonce(c: Context<{ Variables: NonceVariables }>): string {
  let nonce = c.get('nonce')
  if (!nonce) {
    nonce = randomBytes(16).toString('base64')
    c.set('nonce', nonce)
  }
  return nonce
}

/** The same headers with their names in lower case, as answers made whole carry them. */
export const lowerCaseNames = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

/** Security headers on every response; HSTS only where the page was served over HTTPS. */
export function securityHeaders(options: CspOptions & { trustProxy: boolean }) {
  const withoutNonce = contentSecurityPolicy(undefined, options)
  const entries = Object.entries(PROTECTIVE_HEADERS)
  return createMiddleware<{ Variables: NonceVariables & Partial<RequestIdVariables> }>(async (c, next) => {
    await next()
    const https = servedOverHttps(c, options.trustProxy)
    const h = c.res.headers
    const own = c.get('nonce') ?? c.get('inlineSources')
    if (!own && isDataType(h.get('content-type'))) for (const name in DATA_HEADERS) h.set(name, DATA_HEADERS[name]!)
    else {
      h.set('Content-Security-Policy', own ? contentSecurityPolicy(own, options) : withoutNonce)
      for (const [name, value] of entries) h.set(name, value)
    }
    if (https) h.set('Strict-Transport-Security', HSTS)
  })
}

/** The same headers as a plain record, for answers made before the middleware chain (files from memory). */
export function staticSecurityHeaders(options: CspOptions): Record<string, string> {
  return { 'Content-Security-Policy': contentSecurityPolicy(undefined, options), ...PROTECTIVE_HEADERS }
}
export { HSTS }
