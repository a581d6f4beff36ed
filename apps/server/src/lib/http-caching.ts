import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { appendVary } from './compression.ts'
import { replayableWhile, type StillRight } from './replay.ts'

/**
 * Standard HTTP caching for answers that are the same for everyone who asks the same thing
 * (docs/decisions/024-shared-answers-by-http-caching.md). A route opts in, explicitly, with `sharedAnswer`; every
 * other answer carries no shared caching at all. A shared answer gets:
 * - `Cache-Control: public, max-age=0, s-maxage=N, stale-while-revalidate=N` (N: PUBLIC_CACHE_SECONDS), so that a
 *   CDN or reverse proxy in front of several processes keeps it as long as the server keeps its source; or
 *   `public, no-cache` for an answer that must never be stale (free times): kept, but asked again each time;
 * - a strong `ETag`, a hash of the bytes as sent: every process gives the same content in the same encoding the
 *   same tag, and each encoding has its own (RFC 9110); `304 Not Modified` to a request whose `If-None-Match`
 *   names it;
 * - `Vary: Accept-Encoding` and every request header the answer depends on.
 * The same answer is also given again from memory, ahead of the framework (lib/replay.ts), for as long.
 */

/** The headers a salon API answer depends on: which shop, and whether its key is good (a wrong one gets 401). */
export const SHOP_HEADERS = ['shop_id', 'api_key'] as const

interface Sharing {
  seconds: number
  now: () => number
  how?: { vary: readonly string[]; revalidate: boolean }
}
export type SharingVariables = { sharing?: Sharing }

export interface SharedAnswerOptions {
  /** Request headers the answer depends on (besides Accept-Encoding). */
  vary?: readonly string[]
  /**
   * For an answer kept until something changes (free times): whether it is still right. Such an answer is never
   * served stale by a shared cache (`no-cache`: revalidated each time), and replayed from memory while this holds.
   */
  whileRight?: StillRight
  /**
   * For an answer made from content kept for a while (the salon's public content): whether that content is still
   * what it was. Shared caches keep it for their time as usual; this process gives it again from memory only while
   * this holds, so a change reaches every process at once.
   */
  keptWhile?: StillRight
}

/** The route's answer is the same for everyone who sends the same request: it may be shared. */
export function sharedAnswer(c: Context, options: SharedAnswerOptions = {}): void {
  const sharing = (c as Context<{ Variables: SharingVariables }>).get('sharing')
  if (!sharing) return
  sharing.how = { vary: options.vary ?? [], revalidate: options.whileRight !== undefined }
  if (options.whileRight) replayableWhile(c, options.whileRight)
  else if (sharing.seconds > 0) {
    // Given again from memory no longer than a shared cache may keep it.
    const until = sharing.now() + sharing.seconds * 1000
    const kept = options.keptWhile
    replayableWhile(c, kept ? () => sharing.now() < until && kept() : () => sharing.now() < until)
  }
}

/** A strong entity tag of these bytes: the same in every process for the same content. */
export const entityTag = (bytes: Uint8Array) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`

/** Whether If-None-Match names this tag (or any, `*`); weak comparison, as RFC 9110 asks for GET. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((part) => {
    const tag = part.trim().replace(/^W\//, '')
    return tag === '*' || tag === bare
  })
}

/**
 * Gives the answers routes mark with `sharedAnswer` their caching headers, and 304 when the client has them.
 * Placed outside compression(), so it tags the bytes as sent.
 */
export function httpCaching(options: { seconds: number; now?: () => number }) {
  const now = options.now ?? Date.now
  return createMiddleware<{ Variables: SharingVariables }>(async (c, next) => {
    const sharing: Sharing = { seconds: options.seconds, now }
    c.set('sharing', sharing)
    await next()
    const how = sharing.how
    if (!how || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return
    const res = c.res
    if (res.status !== 200 || res.headers.has('set-cookie')) return
    const bytes = new Uint8Array(await res.arrayBuffer())
    const etag = entityTag(bytes)
    const headers = new Headers(res.headers)
    headers.set('ETag', etag)
    headers.set(
      'Cache-Control',
      how.revalidate || options.seconds <= 0 ? 'public, no-cache' : `public, max-age=0, s-maxage=${options.seconds}, stale-while-revalidate=${options.seconds}`,
    )
    for (const name of [...how.vary, 'Accept-Encoding']) appendVary(headers, name)
    c.res = undefined
    if (noneMatch(c.req.header('if-none-match'), etag)) {
      for (const name of ['content-type', 'content-length', 'content-encoding']) headers.delete(name)
      c.res = new Response(null, { status: 304, headers })
    } else c.res = new Response(bytes, { status: 200, headers })
  })
}
