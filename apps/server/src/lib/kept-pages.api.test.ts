import type { IncomingMessage } from 'node:http'
import { Hono } from 'hono'
import { expect, it } from 'vitest'
import { testClock } from '../test/factories/doubles.ts'
import { describeApi, type TestApp } from '../test/harness.ts'
import { servedByNode } from '../test/served-by-node.ts'
import type { WebHandler } from '../web.ts'
import { createLogger } from './logger.ts'
import { createPageCache, sharingRequest } from './page-cache.ts'
import { pageNonce, type NonceVariables } from './security-headers.ts'

/**
 * A kept page (lib/page-cache.ts) is given again ahead of the framework (lib/replay.ts), with every header, the
 * same bytes, its 304 and its log line, to exactly the visitors the web app shares it with. Everything here goes
 * through a real Node server, as production serves it: the front only exists there.
 */
const MINUTE = 60_000
const clock = testClock('2026-11-23T08:01:00Z')
const lines: Record<string, unknown>[] = []
const logger = createLogger('info', {
  write: (line: string) => {
    lines.push(JSON.parse(line) as Record<string, unknown>)
  },
})

/** A stand-in for the web app: one public page with an inline script, shared with everyone but a signed-in customer. */
let renders = 0
const signedIn = (cookie: string | null) => /(^|;\s*)CognitoIdentityServiceProvider\./.test(cookie ?? '')
const web: WebHandler = {
  routes: () => {
    const pages = createPageCache({
      ttlMs: 5 * MINUTE,
      cacheable: (path) => path === '/',
      sharedWith: (request) => !signedIn(request.headers.get('cookie')),
      now: clock.now,
    })
    const render = async (nonce: string) => {
      renders++
      const html = `<!doctype html><html><head><script nonce="${nonce}">document.documentElement.dataset.ready = "1"</script></head><body><h1>Bronze Glow</h1><p>${'Tan safely and book ahead. '.repeat(80)}</p></body></html>`
      return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    }
    const app = new Hono<{ Variables: NonceVariables }>()
    app.get('*', (c) => (pages.applies(c) ? pages.serve(c, render) : render(pageNonce(c))))
    return app
  },
}

const headersOf = (response: Response) => {
  const all: Record<string, string> = {}
  response.headers.forEach((value, name) => (all[name] = value))
  delete all['x-request-id']
  delete all.date
  return all
}

describeApi(
  'kept pages given again from memory',
  (t: () => TestApp) => {
    const node = servedByNode(t)
    const get = (headers: Record<string, string> = {}) => fetch(`${node.base()}/`, { headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } })

    it('the same page, headers and bytes as the framework sent, with its own request id and log line', async () => {
      const first = await get()
      const firstBody = await first.arrayBuffer()
      const before = node.reachedApp()
      const second = await get()
      expect(node.reachedApp()).toBe(before)
      expect(second.status).toBe(200)
      expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(firstBody))).toBe(true)
      expect(headersOf(second)).toEqual(headersOf(first))
      expect(second.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+'/)
      expect(second.headers.get('content-security-policy')).not.toContain('nonce')
      expect(second.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=300')
      expect(second.headers.get('etag')).toMatch(/^"[^"]+"$/)
      expect(second.headers.get('vary')).toBe('Accept-Encoding')
      expect(second.headers.get('x-frame-options')).toBe('DENY')
      expect(second.headers.get('content-encoding')).toBe('br')
      const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')]
      expect(new Set(ids).size).toBe(2)
      await new Promise((r) => setImmediate(r))
      const logged = lines.filter((line) => line.msg === 'request' && ids.includes(line.requestId as string))
      expect(logged).toHaveLength(2)
      for (const line of logged) {
        expect(Object.keys(line).sort()).toEqual(['level', 'method', 'ms', 'msg', 'requestId', 'route', 'status', 'time'])
        expect(line).toMatchObject({ method: 'GET', route: '/', status: 200 })
      }
    })

    it('a browser that has the page is answered 304 with its tag, from memory once asked before', async () => {
      const etag = (await get()).headers.get('etag')!
      const first = await get({ 'if-none-match': etag })
      expect(first.status).toBe(304)
      const before = node.reachedApp()
      const second = await get({ 'if-none-match': etag })
      expect(node.reachedApp()).toBe(before)
      expect(second.status).toBe(304)
      expect(second.headers.get('etag')).toBe(etag)
      expect(await second.text()).toBe('')
      expect(headersOf(second)).toEqual(headersOf(first))
    })

    it('a returning visitor is given the kept page from memory; a visitor the web app renders a page of their own for never is', async () => {
      const kept = await (await get()).text()
      const before = node.reachedApp()
      const returning = await get({ cookie: '_ga=GA1.1.1234567890.1764000000' })
      expect(await returning.text()).toBe(kept)
      expect(node.reachedApp()).toBe(before)
      const own = await get({ cookie: 'CognitoIdentityServiceProvider.client.LastAuthUser=%2B447700900123' })
      expect(node.reachedApp()).toBe(before + 1)
      expect(own.headers.get('cache-control')).toBeNull()
      expect(own.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/)
    })

    it('once the page is no longer kept, the next request goes through the framework and renders it again', async () => {
      await get()
      const rendered = renders
      clock.advance(6 * MINUTE)
      const before = node.reachedApp()
      expect((await get()).status).toBe(200)
      expect(node.reachedApp()).toBe(before + 1)
      expect(renders).toBe(rendered + 1)
    })
  },
  { deps: () => ({ web, logger, now: clock.now }) },
)

it('a Node request is seen as the web app reads it: its address, method and headers, cookies included', () => {
  const req = {
    method: 'GET',
    url: '/prices/',
    headers: { host: 'salon.example', cookie: '_ga=GA1.1.1', 'accept-language': 'en-GB' },
    socket: {},
  } as unknown as IncomingMessage
  const seen = sharingRequest(req)
  expect(seen.url).toBe('http://salon.example/prices/')
  expect(seen.method).toBe('GET')
  expect(seen.headers.get('Cookie')).toBe('_ga=GA1.1.1')
  expect(seen.headers.get('accept-language')).toBe('en-GB')
  expect(seen.headers.get('authorization')).toBeNull()
  expect(sharingRequest({ ...req, socket: { encrypted: true } } as unknown as IncomingMessage).url).toBe('https://salon.example/prices/')
})
