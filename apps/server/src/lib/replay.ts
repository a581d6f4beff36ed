import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Context, MiddlewareHandler } from 'hono'
import { requestIdOf, routeOf, type RequestLine } from './request-log.ts'

/**
 * Answers given again from memory (docs/decisions/019-answers-replayed-from-memory.md).
 *
 * Some answers are made from what the server keeps in memory anyway: the salon's public content, kept for
 * PUBLIC_CACHE_SECONDS, and free times, kept until a booking or a change drops them. Working such an answer out
 * again costs little; passing the request through the framework and its middleware costs several times more. So
 * once the whole chain has made such an answer, it is kept with every byte it sent, under every part of the
 * request it could depend on, and the same request is answered again with the same bytes, ahead of the chain,
 * for as long as everything the answer was made from still holds. A fresh request id and the log line are the
 * only parts made anew.
 *
 * Nothing is replayed that the chain did not decide: a route opts in (`replayableWhile`) with a test of whether
 * its source is still as it was, and every other part that checked something kept for a while (the shop's key)
 * adds its own. Only answers with status 200 (or 304 to a request that named the answer it holds) and no
 * Set-Cookie are kept, and only for requests without an Authorization header. A cookie changes nothing: the API
 * reads none (the web app's session cookies are read by its pages, which never opt in), so a returning visitor's
 * or a signed-in customer's browser, which sends its cookies with every same-origin call, is answered as anyone.
 * A kept public page (lib/page-cache.ts) is the one answer that depends on them: the web app decides by a visitor's
 * cookies whether they are sent the page kept for everyone, so that answer is given again only to the requests the
 * web app would send it to (`replayOnlyFor`, asked anew for each request).
 */

/** Whether what an answer was made from is still as it was. */
export type StillRight = () => boolean

/** Whether a request, as Node hands it over, may be given this answer: for what the key leaves out (its cookies). */
export type Admits = (req: IncomingMessage) => boolean

interface Replayable {
  optedIn: boolean
  conditions: StillRight[]
  admits: Admits[]
}
export type ReplayVariables = { replay?: Replayable }

function conditionsOf(c: Context): Replayable {
  let replay = (c as Context<{ Variables: ReplayVariables }>).get('replay')
  if (!replay) {
    replay = { optedIn: false, conditions: [], admits: [] }
    ;(c as Context<{ Variables: ReplayVariables }>).set('replay', replay)
  }
  return replay
}

/** The route's answer may be given again while `stillRight` holds (and every other condition of the request). */
export function replayableWhile(c: Context, stillRight: StillRight): void {
  const replay = conditionsOf(c)
  replay.optedIn = true
  replay.conditions.push(stillRight)
}

/** A replayed answer of this request may stand only while `stillRight` holds (a check made from kept knowledge). */
export function replayOnlyWhile(c: Context, stillRight: StillRight): void {
  conditionsOf(c).conditions.push(stillRight)
}

/**
 * A replayed answer of this request may be given only to requests `admits` lets through: for an answer that depends
 * on a part of the request the key leaves out (a kept page, which the web app shares or not by the visitor's cookies).
 */
export function replayOnlyFor(c: Context, admits: Admits): void {
  conditionsOf(c).admits.push(admits)
}

/** Bodies this large or smaller are read ahead of the chain to be compared; larger ones always go through it. */
const MAX_REPLAYED_BODY = 4096
const MAX_ENTRIES = 1000
/** A request whose address and headers take more than this is never kept: a thousand of them stay a few megabytes. */
const MAX_KEY_LENGTH = 2048

interface Entry {
  status: number
  /** Every header as sent but the request id: name, value, name, value… */
  headers: string[]
  /** The body's bytes, sent as they are: nothing is encoded again per request. */
  body: Buffer
  route: string
  conditions: StillRight[]
  admits: Admits[]
}

type RawRequest = IncomingMessage & { rawBody?: Buffer }

const header = (req: IncomingMessage, name: string): string => {
  const value = req.headers[name]
  return value === undefined ? '' : Array.isArray(value) ? value.join(', ') : value
}

/** Requests that may be answered from memory at all: no credentials, no body on a GET. Cookies are not read (see above). */
function eligible(req: IncomingMessage): boolean {
  const h = req.headers
  if (h.authorization !== undefined || h.expect !== undefined) return false
  if (req.method === 'GET') return h['content-length'] === undefined && h['transfer-encoding'] === undefined
  return req.method === 'POST' && h['transfer-encoding'] === undefined && h['content-length'] !== undefined
}

export interface ReplayOptions {
  trustProxy: boolean
  /** Where each replayed request's line goes, as the request log writes it for the chain. */
  logLine: (line: RequestLine) => void
}

/** How many POST paths may have their bodies read ahead of the chain: the few routes that opt in. */
const MAX_POST_PATHS = 100
/** A request's path without its query string. */
const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0]!

/** The path and query of a request as the chain sees it, to tell it from the address the Node request was sent to. */
const pathAndQuery = (url: string) => url.slice(url.indexOf('/', url.indexOf('://') + 3))

export function createReplay(options: ReplayOptions) {
  const { trustProxy } = options
  /**
   * The lines of the answers given in this turn of the event loop, handed to the log together once they are sent.
   * A replayed answer costs so little that its log line was a quarter of it; lines handed over together are
   * written to the log's destination in one go rather than one write each, still within the turn that answered them.
   */
  let waiting: RequestLine[] = []
  const writeWaiting = () => {
    const lines = waiting
    waiting = []
    for (const line of lines) options.logLine(line)
  }
  const logLine = (line: RequestLine) => {
    if (waiting.push(line) === 1) setImmediate(writeWaiting)
  }
  const entries = new Map<string, Entry>()
  /** POST paths (without the query) whose answers opted in: only their bodies are read ahead of the chain. */
  const postPaths = new Set<string>()

  /** Every part of the request the chain's answer could depend on, and its body. */
  function keyOf(req: IncomingMessage, body: string): string {
    const secure = (req.socket as TLSSocket | undefined)?.encrypted === true
    return [
      req.method,
      req.url,
      secure ? 'https' : 'http',
      header(req, 'host'),
      header(req, 'shop_id'),
      header(req, 'api_key'),
      header(req, 'accept-encoding'),
      header(req, 'origin'),
      header(req, 'content-type'),
      header(req, 'if-none-match'),
      trustProxy ? header(req, 'x-forwarded-proto') : '',
      body,
    ].join('\n')
  }

  function holds(entry: Entry): boolean {
    try {
      return entry.conditions.every((stillRight) => stillRight())
    } catch {
      return false
    }
  }

  function answer(req: IncomingMessage, res: ServerResponse, entry: Entry, started: number) {
    const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined)
    res.writeHead(entry.status, [...entry.headers, 'x-request-id', requestId])
    res.end(entry.body)
    logLine({ requestId, method: req.method!, route: entry.route, status: entry.status, ms: Math.round((performance.now() - started) * 10) / 10 })
  }

  /** The answer kept for this key, while it holds, if this request may be given it. */
  function lookup(key: string, req: IncomingMessage): Entry | undefined {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (!holds(entry)) {
      entries.delete(key)
      return undefined
    }
    try {
      return entry.admits.every((admits) => admits(req)) ? entry : undefined
    } catch {
      return undefined
    }
  }

  return {
    /** How many answers are kept (for tests). */
    get size() {
      return entries.size
    },

    /**
     * Keeps the chain's answer when its route opted in and it has status 200 (or 304). Runs after the answer is
     * made, outside the security headers, so what is kept is exactly what was sent.
     */
    capture(): MiddlewareHandler {
      return async (c, next) => {
        await next()
        const replay = (c as Context<{ Variables: ReplayVariables }>).get('replay')
        const res = c.res
        if (!replay?.optedIn || (res.status !== 200 && res.status !== 304) || res.headers.has('set-cookie')) return
        const req = (c.env as { incoming?: RawRequest } | undefined)?.incoming
        // In-process calls (a page rendered on the server asking the API) carry the page's request: never kept.
        if (!req || req.method !== c.req.method || pathAndQuery(c.req.url) !== req.url || !eligible(req)) return
        if (req.method === 'POST') {
          if (postPaths.size < MAX_POST_PATHS) postPaths.add(pathOf(req.url))
          if (!req.rawBody) return
        }
        // The answer is read once, as it is kept, and sent on unchanged.
        const bytes = Buffer.from(await res.arrayBuffer())
        c.res = undefined
        c.res = new Response(bytes.byteLength > 0 ? bytes : null, { status: res.status, statusText: res.statusText, headers: res.headers })
        const headers: string[] = []
        res.headers.forEach((value, name) => {
          if (name !== 'x-request-id' && name !== 'content-length') headers.push(name, value)
        })
        if (res.status === 200) headers.push('content-length', String(bytes.byteLength))
        const request = keyOf(req, '')
        if (request.length > MAX_KEY_LENGTH) return
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
        entries.set(request + (req.method === 'POST' ? req.rawBody!.toString('latin1') : ''), {
          status: res.status,
          headers,
          body: bytes,
          route: routeOf(c),
          conditions: replay.conditions,
          admits: replay.admits,
        })
      }
    },

    /**
     * Ahead of the chain: answers a request from memory when the same request was answered before and what that
     * answer was made from still holds; otherwise hands it to `next`, with the body it read, if any.
     */
    front(next: (req: IncomingMessage, res: ServerResponse) => unknown) {
      return (req: RawRequest, res: ServerResponse) => {
        if ((entries.size === 0 && postPaths.size === 0) || !eligible(req)) return next(req, res)
        const started = performance.now()
        if (req.method === 'GET') {
          const entry = lookup(keyOf(req, ''), req)
          return entry ? answer(req, res, entry, started) : next(req, res)
        }
        const length = Number(req.headers['content-length'])
        if (!postPaths.has(pathOf(req.url)) || !(length >= 0 && length <= MAX_REPLAYED_BODY)) return next(req, res)
        const chunks: Buffer[] = []
        req.on('data', (chunk: Buffer) => chunks.push(chunk))
        req.once('end', () => {
          const body = Buffer.concat(chunks)
          const entry = lookup(keyOf(req, body.toString('latin1')), req)
          if (entry) return answer(req, res, entry, started)
          // The chain reads the body from here, as it would from the stream.
          req.rawBody = body
          next(req, res)
        })
      }
    },
  }
}
export type Replay = ReturnType<typeof createReplay>
