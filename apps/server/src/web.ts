import type { PublicConfig } from '@salon/contracts/web'
import { Hono, type Context } from 'hono'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router'
import { createPageCache, type SharingRequest } from './lib/page-cache.ts'
import { pageNonce, type NonceVariables } from './lib/security-headers.ts'

export interface WebOptions {
  /** The React Router server build: the built module in production, Vite's in development. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'production' | 'development'
  /** The built browser files; absent in development, where Vite serves them. */
  clientDir?: string
  config: PublicConfig
  /** How long a public page rendered for a visitor without cookies is sent to others (PUBLIC_CACHE_SECONDS); 0 renders every time. */
  pageCacheMs?: number
  /** Behind one reverse proxy that ends HTTPS: the page's address takes its scheme from X-Forwarded-Proto, so form posts from https:// pages match it. */
  trustProxy?: boolean
}

/** What the web app's entry.server exports beside React Router's own: the Cache-Control a response must carry, if any. */
interface WebEntry {
  cacheControl?: (request: SharingRequest) => string | null
}

export interface WebHandler {
  /** The built browser files, which the server answers from memory before anything else; absent in development. */
  clientDir?: string
  /**
   * `env` is the visitor's connection, so the API counts a call made for them (a form's action) against their
   * address. `contentUnchanged`, taken as a page is rendered, says whether the salon's public content it shows is
   * still as it was: a kept page is sent only while it holds.
   */
  routes(
    fetchInProcess: (request: Request, env?: unknown) => Promise<Response>,
    options?: { contentUnchanged?: () => () => boolean },
  ): Hono<{ Variables: NonceVariables }>
}

/**
 * The request with the address the visitor's browser used. Behind a proxy that ends HTTPS the server sees http://,
 * and React Router would refuse every form post as coming from another origin.
 */
export function asTheVisitorSeesIt(request: Request, trustProxy: boolean): Request {
  const proto = forwardedProtocol(request, trustProxy)
  const url = new URL(request.url)
  if (!proto || url.protocol === `${proto}:`) return request
  url.protocol = `${proto}:`
  return new Request(url, request)
}

/**
 * How a page's calls to the API leave the server while it renders: in process when they are for this site's own API
 * at the address the visitor used (behind a proxy that ends HTTPS, https://), over the network otherwise.
 */
export function apiFetchFor(visitor: Request, apiBase: string, fetchInProcess: (request: Request) => Promise<Response>) {
  const origin = new URL(visitor.url).origin
  const ownApi = new URL(apiBase, origin).origin === origin
  return (request: Request) => (ownApi && new URL(request.url).origin === origin ? fetchInProcess(request) : fetch(request))
}

/** The scheme a trusted proxy says the visitor used, if it says one we know. */
function forwardedProtocol(request: Request, trustProxy: boolean): 'http' | 'https' | undefined {
  if (!trustProxy) return undefined
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  return proto === 'https' || proto === 'http' ? proto : undefined
}

/**
 * Which visitors share a kept page. With the site's address configured (PUBLIC_URL), a page names that address
 * whatever a request says, so everyone asking for its path does. Without it the page names the address it was
 * asked for (canonical link, shared-link tags, JSON-LD), which is the request's Host header: anybody's to write.
 * Such a page is kept per address, so a page asked for as attacker.example is only ever sent to requests that
 * say attacker.example themselves.
 */
export function sharedPageKey(siteUrl: string | null | undefined, trustProxy: boolean): (c: Context) => string {
  if (siteUrl) return (c) => c.req.path
  return (c) => {
    const url = new URL(c.req.url)
    return `${forwardedProtocol(c.req.raw, trustProxy) ?? url.protocol.slice(0, -1)}://${url.host}${c.req.path}`
  }
}

/**
 * The pages that show the salon's public content and nothing of the visitor: the home page, prices, the blog
 * and its posts, the packages and the privacy notice. Not /book/, whose free times change with every booking.
 */
const SHARED_PAGES = /^\/(?:prices\/|blog\/(?:[^/]+\/)?|book\/package\/|privacypolicy\/)?$/
export const isSharedPage = (path: string) => SHARED_PAGES.test(path)

/** The request without what says who sends it: its cookies and any Authorization header. */
export function withoutCredentials(request: Request): Request {
  if (!request.headers.has('cookie') && !request.headers.has('authorization')) return request
  const headers = new Headers(request.headers)
  headers.delete('cookie')
  headers.delete('authorization')
  return new Request(request.url, { method: request.method, headers, signal: request.signal })
}

/** The web app: every GET that is not a file, rendered by React Router on the server. */
export function createWebHandler(options: WebOptions): WebHandler {
  const handle = createRequestHandler(options.build, options.mode)
  const apiBase = options.config.apiBaseUrl
  let entry: WebEntry | undefined
  let contentUnchanged: (() => () => boolean) | undefined
  const pages = createPageCache({
    unchanged: () => contentUnchanged?.() ?? (() => true),
    ttlMs: options.pageCacheMs ?? 0,
    cacheable: isSharedPage,
    keyOf: sharedPageKey(options.config.siteUrl, options.trustProxy ?? false),
    // The web app says which requests get a page of their own (a customer's own pages, any other page for a
    // signed-in customer): every other visitor, whatever cookies their browser sends (a returning visitor's
    // analytics, a signed-in customer's session on a public page), is sent the page kept for everyone.
    sharedWith: (request) => (entry?.cacheControl ? entry.cacheControl(request) === null : request.headers.get('cookie') === null),
    // Without the site's address, the page names the scheme it was asked with, which a trusted proxy says.
    vary: !options.config.siteUrl && options.trustProxy ? ['X-Forwarded-Proto'] : [],
  })

  return {
    clientDir: options.clientDir,
    routes(fetchInProcess, routeOptions) {
      contentUnchanged = routeOptions?.contentUnchanged
      const app = new Hono<{ Variables: NonceVariables }>()
      app.all('*', async (c) => {
        const build = typeof options.build === 'function' ? await options.build() : options.build
        entry = build.entry.module as WebEntry
        const render = (nonce: string, request: Request = c.req.raw) => {
          const visitor = asTheVisitorSeesIt(request, options.trustProxy ?? false)
          const apiFetch = apiFetchFor(visitor, apiBase, (call) => fetchInProcess(call, c.env))
          return handle(visitor, { nonce, config: options.config, apiFetch } satisfies AppLoadContext)
        }
        // A page kept for everyone is rendered as for a visitor without cookies: whatever the web app does with
        // them, nothing of the visitor who happened to ask first can be in it.
        const response = pages.applies(c) ? await pages.serve(c, (nonce) => render(nonce, withoutCredentials(c.req.raw))) : await render(pageNonce(c))
        const cacheControl = entry.cacheControl?.(c.req.raw)
        if (!cacheControl) return response
        // A page for a signed-in customer names them: no shared cache may keep it, nor the browser once shown.
        const headers = new Headers(response.headers)
        headers.set('Cache-Control', cacheControl)
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
      })
      return app
    },
  }
}
