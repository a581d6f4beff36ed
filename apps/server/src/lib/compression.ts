import { constants, brotliCompressSync, gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { keptAs, keptWhile } from './memoize.ts'
import { replayableWhile } from './replay.ts'
import { isWhole } from './whole-answers.ts'

/** Pages, React Router's data and route manifest, and other text: what is worth compressing as it streams. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i

/** Smaller answers gain nothing from compression: the headers alone are a few hundred bytes. */
export const MIN_COMPRESS_BYTES = 1024

const acceptedCache = new Map<string, Set<string>>()
/** The encodings an Accept-Encoding header lists, less those refused with q=0 (browsers send a handful of distinct headers). */
function accepted(header: string): Set<string> {
  let names = acceptedCache.get(header)
  if (!names) {
    names = new Set()
    for (const part of header.split(',')) {
      const [name = '', ...params] = part.split(';')
      const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='))
      if (q === undefined || Number(q.slice(2)) > 0) names.add(name.trim().toLowerCase())
    }
    if (acceptedCache.size >= 100) acceptedCache.clear()
    acceptedCache.set(header, names)
  }
  return names
}

/** Which encoding to answer with, of those at hand: Brotli, then gzip, when the client accepts it. */
export function pickEncoding(acceptEncoding: string | undefined, available: { br?: unknown; gzip?: unknown }): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  const names = accepted(acceptEncoding)
  if (available.br && names.has('br')) return 'br'
  if (available.gzip && names.has('gzip')) return 'gzip'
  return null
}

/**
 * Whether an answer made whole with these headers (lower-case names) and this many bytes would still be compressed
 * on its way out, as compression() does to text it did not make itself.
 */
export function compressedOnTheWay(headers: Record<string, string>, length: number): boolean {
  return headers['content-encoding'] === undefined && length >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(headers['content-type'] ?? '')
}

/** An answer made once and sent many times: its text and its compressed forms, made as they are first asked for. */
export class PreparedBody {
  readonly contentType: string
  #make: () => string
  #text?: string
  #bytes?: Buffer
  #br?: Buffer
  #gzip?: Buffer

  constructor(make: () => string, contentType: string) {
    this.#make = make
    this.contentType = contentType
  }

  static json(value: unknown): PreparedBody {
    return new PreparedBody(() => JSON.stringify(value), 'application/json')
  }

  get text(): string {
    return (this.#text ??= this.#make())
  }

  get bytes(): Buffer {
    return (this.#bytes ??= Buffer.from(this.text))
  }
  get br(): Buffer {
    return (this.#br ??= brotliCompressSync(this.bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length },
    }))
  }
  get gzip(): Buffer {
    return (this.#gzip ??= gzipSync(this.bytes, { level: 9 }))
  }

  /** The answer for this request, compressed when it is worth it and the client takes it. */
  respond(c: Context, status: 200 | 201 = 200) {
    const worth = this.text.length >= MIN_COMPRESS_BYTES
    const encoding = worth ? pickEncoding(c.req.header('accept-encoding'), { br: true, gzip: true }) : null
    const headers: Record<string, string> = { 'content-type': this.contentType }
    if (worth) headers.vary = 'Accept-Encoding'
    if (!encoding) return c.body(this.text, status, headers)
    headers['content-encoding'] = encoding
    return c.body(asBody(encoding === 'br' ? this.br : this.gzip), status, headers)
  }
}

const asBody = (buffer: Buffer) => buffer as Uint8Array<ArrayBuffer>

const preparedBodies = new WeakMap<object, PreparedBody>()
/**
 * Marks a value that is sent many times unchanged (the salon's content, kept in memory for a while): c.json
 * then serialises and compresses it once, not on every request. The value must not be changed afterwards.
 */
export function sentUnchanged<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !preparedBodies.has(value)) preparedBodies.set(value, PreparedBody.json(value))
  return value
}

const wrappers = new WeakMap<object, object>()
/** `{ [key]: value }`, the same object for the same value, and sent unchanged when the value is. */
export function wrapped<K extends string, T extends object>(key: K, value: T): Record<K, T> {
  let wrapper = wrappers.get(value) as Record<K, T> | undefined
  if (!wrapper || !(key in wrapper)) {
    wrapper = { [key]: value } as Record<K, T>
    wrappers.set(value, wrapper)
    if (preparedBodies.has(value)) sentUnchanged(wrapper)
    keptAs(value, wrapper)
  }
  return wrapper
}

/**
 * Compresses what the server says, each kind the cheap way:
 * - JSON answers (c.json) are compressed whole, in one call, when they are over a kilobyte: no stream is built;
 * - pages, streamed as React renders them, and other text answers made elsewhere (React Router's data and route
 *   manifest) are gzipped as they stream.
 * Answers that already carry an encoding (prepared bodies, files) pass untouched.
 */
export function compression() {
  return createMiddleware(async (c, next) => {
    const acceptEncoding = c.req.header('accept-encoding')
    let answeredByJson = false
    c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string>) => {
      answeredByJson = true
      const prepared = typeof object === 'object' && object !== null ? preparedBodies.get(object) : undefined
      if (prepared && !headers && (arg === undefined || typeof arg === 'number')) {
        // Content a memo keeps may be given again from memory while the memo still answers with it.
        const stillKept = keptWhile(object as object)
        if (stillKept) replayableWhile(c, stillKept)
        return prepared.respond(c, (arg ?? 200) as 200)
      }
      const text = JSON.stringify(object)
      if (text.length < MIN_COMPRESS_BYTES) return c.body(text, arg as 200, { ...headers, 'Content-Type': 'application/json' })
      c.header('Vary', 'Accept-Encoding')
      const encoding = pickEncoding(acceptEncoding, { gzip: true })
      if (!encoding) return c.body(text, arg as 200, { ...headers, 'Content-Type': 'application/json' })
      return c.body(asBody(gzipSync(text, { level: 6 })), arg as 200, { ...headers, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })
    }) as unknown as typeof c.json
    await next()
    const res = c.res
    if (answeredByJson || isWhole(res)) return
    if (c.req.method === 'HEAD' || res.headers.has('content-encoding') || !COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return
    const length = res.headers.get('content-length')
    if (length !== null && Number(length) < MIN_COMPRESS_BYTES) return
    if (pickEncoding(acceptEncoding, { gzip: true }) !== 'gzip' || !res.body) return
    const headers = new Headers(res.headers)
    headers.set('Content-Encoding', 'gzip')
    headers.append('Vary', 'Accept-Encoding')
    headers.delete('Content-Length')
    c.res = new Response(res.body.pipeThrough(new CompressionStream('gzip')), { status: res.status, statusText: res.statusText, headers })
  })
}
