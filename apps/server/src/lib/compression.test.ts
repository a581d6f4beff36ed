import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { compression, sentUnchanged, wrapped } from './compression.ts'

const large = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, text: 'a sunbed session of twelve minutes' })) }

function app() {
  let serialised = 0
  const shared = sentUnchanged(Array.from({ length: 50 }, (_, i) => ({ id: i, toJSON: () => (serialised++, { id: i, name: `Session ${i}` }) })))
  const hono = new Hono()
    .use(compression())
    .get('/small', (c) => c.json({ ok: true }))
    .get('/large', (c) => c.json(large, 201))
    .get('/shared', (c) => c.json(wrapped('items', shared)))
    .get('/__manifest', () => new Response(JSON.stringify(large), { headers: { 'content-type': 'application/json; charset=utf-8' } }))
    .get('/tiny', () => new Response('{}', { headers: { 'content-type': 'application/json', 'content-length': '2' } }))
    .get('/page', (c) => c.html(`<!doctype html><p>${'Book your session. '.repeat(200)}</p>`))
  return { hono, serialised: () => serialised }
}
const gzip = { headers: { 'accept-encoding': 'gzip, deflate, br' } }

describe('compression', () => {
  it('a small JSON answer is sent as it is', async () => {
    const response = await app().hono.request('/small', gzip)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({ ok: true })
  })

  it('a large JSON answer is gzipped whole for a client that takes gzip, keeping its status', async () => {
    const response = await app().hono.request('/large', gzip)
    expect(response.status).toBe(201)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString())).toEqual(large)
    const plain = await app().hono.request('/large')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(await plain.json()).toEqual(large)
  })

  it('an answer sent unchanged is serialised and compressed once, and sent in Brotli', async () => {
    const { hono, serialised } = app()
    const first = await hono.request('/shared', gzip)
    expect(first.headers.get('content-encoding')).toBe('br')
    const body = JSON.parse(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString())
    expect(body.items).toHaveLength(50)
    const once = serialised()
    expect(once).toBe(50)
    for (let i = 0; i < 5; i++) await (await hono.request('/shared', gzip)).arrayBuffer()
    expect(await (await hono.request('/shared')).json()).toEqual(body)
    expect(serialised()).toBe(once)
  })

  it("text made outside c.json, such as React Router's route manifest, is gzipped too, unless it says it is small", async () => {
    const manifest = await app().hono.request('/__manifest', gzip)
    expect(manifest.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(gunzipSync(Buffer.from(await manifest.arrayBuffer())).toString())).toEqual(large)
    const tiny = await app().hono.request('/tiny', gzip)
    expect(tiny.headers.get('content-encoding')).toBeNull()
    expect(await tiny.text()).toBe('{}')
  })

  it('a page is gzipped as it streams', async () => {
    const response = await app().hono.request('/page', gzip)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toContain('Accept-Encoding')
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toContain('Book your session.')
  })
})
