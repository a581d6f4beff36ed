import { constants, brotliCompressSync, gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'

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

/** JSON of any kind: known in full when the route answers, so compressed in one call rather than as a stream. */
const DATA = /^application\/(?:[\w.+-]*\+)?json\b/i

/**
 * Compresses what the server says, each kind the cheap way, through Hono's public API only (the answer is read
 * and replaced after the route has made it):
 * - JSON answers are gzipped whole, in one call, when they are over a kilobyte: no stream is built;
 * - pages, streamed as React renders them, and other text answers (React Router's data and route manifest) are
 *   gzipped as they stream.
 * Answers that already carry an encoding (prepared bodies, files) pass untouched.
 */
export function compression() {
  return createMiddleware(async (c, next) => {
    await next()
    const res = c.res
    if (c.req.method === 'HEAD' || !res.body || res.headers.has('content-encoding')) return
    const type = res.headers.get('content-type') ?? ''
    if (!COMPRESSIBLE.test(type)) return
    const length = res.headers.get('content-length')
    if (length !== null && Number(length) < MIN_COMPRESS_BYTES) return
    const acceptEncoding = c.req.header('accept-encoding')
    if (DATA.test(type)) {
      const bytes = new Uint8Array(await res.arrayBuffer())
      const headers = new Headers(res.headers)
      const gzip = bytes.byteLength >= MIN_COMPRESS_BYTES && pickEncoding(acceptEncoding, { gzip: true }) === 'gzip'
      if (bytes.byteLength >= MIN_COMPRESS_BYTES) appendVary(headers, 'Accept-Encoding')
      if (gzip) headers.set('Content-Encoding', 'gzip')
      // Replaced whole: Hono would otherwise carry the old answer's headers over into the new one.
      c.res = undefined
      c.res = new Response(gzip ? asBody(gzipSync(bytes, { level: 6 })) : bytes, { status: res.status, statusText: res.statusText, headers })
      return
    }
    if (pickEncoding(acceptEncoding, { gzip: true }) !== 'gzip') return
    const headers = new Headers(res.headers)
    headers.set('Content-Encoding', 'gzip')
    appendVary(headers, 'Accept-Encoding')
    headers.delete('Content-Length')
    c.res = undefined
    c.res = new Response(res.body.pipeThrough(new CompressionStream('gzip')), { status: res.status, statusText: res.statusText, headers })
  })
}

/** Adds a name to the Vary header unless it is listed already. */
export function appendVary(headers: Headers, name: string): void {
  const vary = headers.get('vary')
  if (!vary) return headers.set('Vary', name)
  if (!vary.split(',').some((part) => part.trim().toLowerCase() === name.toLowerCase())) headers.set('Vary', `${vary}, ${name}`)
}
