import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Context } from 'hono'
import { appendVary, PreparedBody } from './compression.ts'
import { entityTag, noneMatch } from './http-caching.ts'
import { replayableWhile, replayOnlyFor } from './replay.ts'
import type { NonceVariables } from './security-headers.ts'

/** The policy sources that let a cached page's own inline scripts and styles run: their hashes, as no nonce is shared. */
export type InlineSources = NonNullable<NonceVariables['inlineSources']>

interface CachedPage {
  body: PreparedBody
  sources: InlineSources
  headers: [string, string][]
  /** The page's entity tag in each encoding it was sent in: a hash of the bytes, the same in every process. */
  tags: Map<string, string>
  until: number
  /** Whether what the page was made from still holds. */
  stillRight: () => boolean
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
const INLINE_SCRIPT = /<script\b((?:(?!\bsrc=)[^>])*)>([\s\S]*?)<\/script>/gi
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi

/**
 * What the web app reads of a request to say whether its visitor is sent the page kept for everyone: its method,
 * address and headers (the cookies). A Fetch request is one; so is `sharingRequest`'s view of a Node request.
 */
export interface SharingRequest {
  method: string
  url: string
  headers: Pick<Headers, 'get'>
}

/**
 * A request as Node hands it over, seen as the web app reads it, without making a Fetch request of it: a GET
 * without credentials, as every request given an answer again from memory is (lib/replay.ts).
 */
export function sharingRequest(req: IncomingMessage): SharingRequest {
  const scheme = (req.socket as TLSSocket | undefined)?.encrypted === true ? 'https' : 'http'
  const headers = req.headers
  return {
    method: req.method ?? 'GET',
    url: `${scheme}://${headers.host ?? 'localhost'}${req.url ?? '/'}`,
    headers: {
      get(name: string) {
        const value = headers[name.toLowerCase()]
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
      },
    },
  }
}

/** The hashes of a document's inline scripts (not data blocks such as JSON-LD, which never run) and styles. */
export function inlineSources(html: string): InlineSources {
  const scripts = new Set<string>()
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    const type = /\btype=["']?([^"'\s>]+)/i.exec(attributes ?? '')?.[1]?.toLowerCase()
    if (type && type !== 'module' && type !== 'text/javascript') continue
    scripts.add(sha256(body ?? ''))
  }
  const styles = new Set<string>()
  for (const [, body] of html.matchAll(INLINE_STYLE)) styles.add(sha256(body ?? ''))
  return { scripts: [...scripts], styles: [...styles] }
}

export interface PageCacheOptions {
  /** How long a rendered page is kept; 0 turns the cache off. */
  ttlMs: number
  /** The pages that are the same for every visitor who is not signed in (the salon's public content). */
  cacheable: (path: string) => boolean
  /**
   * Whether this request may be sent a page kept for everyone: by default only one without cookies. The web app
   * says which cookies change a page (its session's); other cookies a browser sends (a returning visitor's
   * analytics) change nothing, and such a visitor is sent the same page.
   */
  sharedWith?: (request: SharingRequest) => boolean
  /**
   * Which visitors may be sent the same page: by default all who ask for its path. A page that names the address
   * it was asked for (its canonical link, when the site's address is not configured) must be kept per address.
   */
  keyOf?: (c: Context) => string
  /** Request headers a kept page depends on besides its path, address and Accept-Encoding (told to shared caches). */
  vary?: readonly string[]
  /**
   * Taken as a render starts: whether what the page is made from (the salon's public content) is still as it was.
   * A kept page is sent only while it holds, so a change reaches the very next visitor.
   */
  unchanged?: () => () => boolean
  maxPages?: number
  now?: () => number
}

/**
 * The salon's public pages, rendered once and sent to every visitor for a short while, as a CDN would: the public
 * content they show is itself kept that long. A kept page cannot carry a per-response nonce, so it is rendered with
 * a throwaway one that is then removed, and its policy lists the hashes of its inline scripts and styles instead.
 * A request the web app renders a page of its own for (`sharedWith` says no), a query string, or a page that sets
 * a cookie or is not 200 is rendered as before, and carries no shared caching.
 *
 * A kept page carries standard HTTP caching, as a shared API answer does (lib/http-caching.ts), so that a CDN or
 * reverse proxy in front of several processes keeps it too: `Cache-Control: public, max-age=0, s-maxage=N,
 * stale-while-revalidate=N` (N: as long as it is kept here), a strong `ETag` per encoding with `304 Not Modified`
 * to a matching `If-None-Match`, and `Vary: Accept-Encoding` (and `vary`). Its address is part of every cache's key.
 */
export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now
  const maxPages = options.maxPages ?? 100
  const keyOf = options.keyOf ?? ((c: Context) => c.req.path)
  const sharedWith = options.sharedWith ?? ((request: SharingRequest) => request.headers.get('cookie') === null)
  const seconds = Math.floor(options.ttlMs / 1000)
  const cacheControl = seconds > 0 ? `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}` : 'public, no-cache'
  const pages = new Map<string, CachedPage>()
  const rendering = new Map<string, Promise<CachedPage | null>>()

  function applies(c: Context): boolean {
    if (options.ttlMs <= 0 || c.req.method !== 'GET' || !sharedWith(c.req.raw)) return false
    const url = c.req.url
    return !url.includes('?') && options.cacheable(c.req.path)
  }

  function send(c: Context<{ Variables: NonceVariables }>, key: string, page: CachedPage): Response {
    // The same answer is given again ahead of the framework (lib/replay.ts) while this page is the one kept, to
    // every request with the same address, encoding and If-None-Match that the web app shares it with.
    replayableWhile(c, () => pages.get(key) === page && page.until > now() && page.stillRight())
    replayOnlyFor(c, (req) => sharedWith(sharingRequest(req)))
    c.set('inlineSources', page.sources)
    for (const [name, value] of page.headers) c.header(name, value)
    const response = page.body.respond(c)
    const encoding = response.headers.get('content-encoding') ?? 'identity'
    let etag = page.tags.get(encoding)
    if (!etag) {
      etag = entityTag(encoding === 'br' ? page.body.br : encoding === 'gzip' ? page.body.gzip : page.body.bytes)
      page.tags.set(encoding, etag)
    }
    const headers = response.headers
    headers.set('ETag', etag)
    headers.set('Cache-Control', cacheControl)
    for (const name of ['Accept-Encoding', ...(options.vary ?? [])]) appendVary(headers, name)
    if (!noneMatch(c.req.header('if-none-match'), etag)) return response
    for (const name of ['content-type', 'content-length', 'content-encoding']) headers.delete(name)
    return new Response(null, { status: 304, headers })
  }

  const keepable = (response: Response) =>
    response.status === 200 && !response.headers.has('set-cookie') && !/private|no-store/.test(response.headers.get('cache-control') ?? '')

  async function keep(key: string, marker: string, response: Response, stillRight: () => boolean): Promise<CachedPage> {
    const html = (await response.text()).replaceAll(` nonce="${marker}"`, '')
    const headers: [string, string][] = []
    response.headers.forEach((value, name) => {
      if (!/^(content-type|content-length|content-encoding|transfer-encoding)$/i.test(name)) headers.push([name, value])
    })
    const page: CachedPage = {
      body: new PreparedBody(() => html, response.headers.get('content-type') ?? 'text/html; charset=utf-8'),
      sources: inlineSources(html),
      headers,
      tags: new Map(),
      until: now() + options.ttlMs,
      stillRight,
    }
    if (pages.size >= maxPages) pages.delete(pages.keys().next().value!)
    pages.set(key, page)
    return page
  }

  return {
    applies,
    /** The page from the cache, or rendered (once, however many ask at the same time) and kept when it may be. */
    async serve(c: Context<{ Variables: NonceVariables }>, render: (nonce: string) => Promise<Response>): Promise<Response> {
      const key = keyOf(c)
      const kept = pages.get(key)
      if (kept && kept.until > now() && kept.stillRight()) return send(c, key, kept)
      const pending = rendering.get(key)
      if (pending) {
        const page = await pending
        if (page) return send(c, key, page)
        return render(ownNonce(c))
      }
      const marker = randomBytes(16).toString('base64')
      const stillRight = options.unchanged?.() ?? (() => true)
      let settle!: (page: CachedPage | null) => void
      rendering.set(key, new Promise((resolve) => (settle = resolve)))
      try {
        const response = await render(marker)
        if (!keepable(response)) {
          settle(null)
          // Not kept: this visitor gets the page as rendered, whose nonce is used once, for them.
          c.set('nonce', marker)
          return response
        }
        const page = await keep(key, marker, response, stillRight)
        settle(page)
        return send(c, key, page)
      } catch (err) {
        settle(null)
        throw err
      } finally {
        rendering.delete(key)
      }
    },
  }
}

function ownNonce(c: Context<{ Variables: NonceVariables }>): string {
  const nonce = randomBytes(16).toString('base64')
  c.set('nonce', nonce)
  return nonce
}
