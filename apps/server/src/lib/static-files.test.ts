import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { loadStaticFiles, staticFiles } from './static-files.ts'

function buildDir() {
  const root = mkdtempSync(path.join(tmpdir(), 'static-'))
  mkdirSync(path.join(root, 'assets'))
  mkdirSync(path.join(root, 'images'))
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))}\n`
  writeFileSync(path.join(root, 'assets/entry-Ab12.js'), script)
  // A precompressed sibling the build wrote: served as it is, not made again.
  writeFileSync(path.join(root, 'assets/entry-Ab12.js.br'), brotliCompressSync(script))
  writeFileSync(path.join(root, 'assets/tiny-Cd34.css'), 'a{color:red}')
  writeFileSync(path.join(root, 'images/hero.jpg'), Buffer.alloc(4096, 7))
  return { root, script }
}

function app() {
  const { root, script } = buildDir()
  const files = loadStaticFiles(root, { 'X-Content-Type-Options': 'nosniff' })
  const hono = new Hono().use(staticFiles(files, () => ({}))).all('*', (c) => c.text('not a file', 404))
  return { hono, script }
}

describe('built files from memory', () => {
  it('a hashed file is sent in Brotli to a browser that takes it, and may be kept for a year', async () => {
    const { hono, script } = app()
    const response = await hono.request('/assets/entry-Ab12.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(script)
  })

  it('gzip when the browser takes no Brotli, plain when it takes neither or refuses them with q=0', async () => {
    const { hono, script } = app()
    const gzip = await hono.request('/assets/entry-Ab12.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script)
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await hono.request('/assets/entry-Ab12.js', { headers: accept ? { 'accept-encoding': accept } : {} })
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(await plain.text()).toBe(script)
    }
  })

  it('a small file is sent as it is; a picture is never compressed and is kept for a day', async () => {
    const { hono } = app()
    const css = await hono.request('/assets/tiny-Cd34.css', { headers: { 'accept-encoding': 'br' } })
    expect(css.headers.get('content-encoding')).toBeNull()
    expect(await css.text()).toBe('a{color:red}')
    const image = await hono.request('/images/hero.jpg', { headers: { 'accept-encoding': 'br' } })
    expect(image.headers.get('content-encoding')).toBeNull()
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    expect(image.headers.get('cache-control')).toBe('public, max-age=86400')
    expect((await image.arrayBuffer()).byteLength).toBe(4096)
  })

  it('answers 304 to the ETag it gave, and HEAD with headers only', async () => {
    const { hono } = app()
    const first = await hono.request('/assets/entry-Ab12.js')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]{22}"$/)
    const again = await hono.request('/assets/entry-Ab12.js', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const head = await hono.request('/assets/entry-Ab12.js', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'))
    expect(await head.text()).toBe('')
  })

  it('anything else goes on: other paths, other methods, the compressed siblings themselves, and no way out of the folder', async () => {
    const { hono } = app()
    for (const [method, url] of [
      ['GET', '/assets/missing.js'],
      ['POST', '/assets/entry-Ab12.js'],
      ['GET', '/assets/entry-Ab12.js.br'],
      ['GET', '/assets/../../etc/passwd'],
      ['GET', '/assets/%2e%2e/%2e%2e/etc/passwd'],
    ]) {
      const response = await hono.request(url!, { method })
      expect(response.status, `${method} ${url}`).toBe(404)
    }
  })
})
