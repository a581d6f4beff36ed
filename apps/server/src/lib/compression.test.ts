import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { compression } from './compression.ts'

const large = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, text: 'a sunbed session of twelve minutes' })) }

function app() {
  const hono = new Hono()
    .use(compression())
    .get('/small', (c) => c.json({ ok: true }))
    .get('/large', (c) => c.json(large, 201))
    .get('/prepared', () => new Response('x'.repeat(2048), { headers: { 'content-type': 'application/json', 'content-encoding': 'br' } }))
    .get('/__manifest', () => new Response(JSON.stringify(large), { headers: { 'content-type': 'application/json; charset=utf-8' } }))
    .get('/tiny', () => new Response('{}', { headers: { 'content-type': 'application/json', 'content-length': '2' } }))
    .get('/page', (c) => c.html(`<!doctype html><p>${'Book your session. '.repeat(200)}</p>`))
  return { hono }
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

  it('an answer that already carries an encoding passes untouched', async () => {
    const response = await app().hono.request('/prepared', gzip)
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(await response.text()).toBe('x'.repeat(2048))
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
