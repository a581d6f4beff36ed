import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { MIN_COMPRESS_BYTES, pickEncoding } from './compression.ts'

/** Kinds of file the built web app holds, and the ones worth compressing. */
const TYPES: Record<string, { type: string; compress: boolean }> = {
  '.js': { type: 'text/javascript; charset=utf-8', compress: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', compress: true },
  '.css': { type: 'text/css; charset=utf-8', compress: true },
  '.json': { type: 'application/json; charset=utf-8', compress: true },
  '.map': { type: 'application/json; charset=utf-8', compress: true },
  '.svg': { type: 'image/svg+xml', compress: true },
  '.txt': { type: 'text/plain; charset=utf-8', compress: true },
  '.xml': { type: 'application/xml; charset=utf-8', compress: true },
  '.webmanifest': { type: 'application/manifest+json', compress: true },
  '.ico': { type: 'image/x-icon', compress: true },
  '.png': { type: 'image/png', compress: false },
  '.jpg': { type: 'image/jpeg', compress: false },
  '.jpeg': { type: 'image/jpeg', compress: false },
  '.webp': { type: 'image/webp', compress: false },
  '.avif': { type: 'image/avif', compress: false },
  '.woff2': { type: 'font/woff2', compress: false },
}
/** Hashed build files never change: browsers may keep them for a year. Other files (images) for a day. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
const DAY = 'public, max-age=86400'

interface StaticFile {
  body: Buffer
  br?: Buffer
  gzip?: Buffer
  headers: Record<string, string>
  etag: string
}

/** A compressed sibling written by the build (file.br, file.gz), or made now when the build wrote none. */
function compressed(file: string, body: Buffer, kind: 'br' | 'gz'): Buffer {
  const sibling = `${file}.${kind}`
  if (existsSync(sibling)) return readFileSync(sibling)
  return kind === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 })
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? walk(full) : [full]
  })
}

/**
 * Every file of the built web app, read into memory once with its compressed forms: the whole build is about
 * a megabyte, and a file answered from memory costs no disk read and no compression per request.
 */
export function loadStaticFiles(root: string, extraHeaders: Record<string, string>): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  for (const file of walk(root)) {
    const ext = path.extname(file).toLowerCase()
    const kind = TYPES[ext]
    // The compressed siblings are served as encodings of their file, never as files of their own.
    if (!kind || file.endsWith('.br') || file.endsWith('.gz')) continue
    const body = readFileSync(file)
    const urlPath = '/' + path.relative(root, file).split(path.sep).join('/')
    const worth = kind.compress && body.length >= MIN_COMPRESS_BYTES
    files.set(urlPath, {
      body,
      br: worth ? compressed(file, body, 'br') : undefined,
      gzip: worth ? compressed(file, body, 'gz') : undefined,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      headers: {
        ...extraHeaders,
        'Content-Type': kind.type,
        'Cache-Control': urlPath.startsWith('/assets/') ? IMMUTABLE : DAY,
        'Last-Modified': statSync(file).mtime.toUTCString(),
        ...(worth ? { Vary: 'Accept-Encoding' } : {}),
      },
    })
  }
  return files
}

/**
 * Answers GET and HEAD for the built files from memory, with ETag and 304, before any other middleware runs;
 * everything else goes on. `perRequest` adds headers that depend on the request (HSTS over HTTPS).
 */
export function staticFiles(files: Map<string, StaticFile>, perRequest: (c: Context) => Record<string, string>): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method
    if (method !== 'GET' && method !== 'HEAD') return next()
    const file = files.get(c.req.path)
    if (!file) return next()
    const headers: Record<string, string> = { ...file.headers, ...perRequest(c), ETag: file.etag }
    if (c.req.header('if-none-match') === file.etag) return new Response(null, { status: 304, headers })
    const encoding = pickEncoding(c.req.header('accept-encoding'), file)
    const body = encoding === 'br' ? file.br! : encoding === 'gzip' ? file.gzip! : file.body
    if (encoding) headers['Content-Encoding'] = encoding
    headers['Content-Length'] = String(body.length)
    return new Response(method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers })
  }
}
