import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { describe, expect, it } from 'vitest'
import { compression } from './compression.ts'
import { createPageCache, inlineSources, type SharingRequest } from './page-cache.ts'
import { pageNonce, securityHeaders, type NonceVariables } from './security-headers.ts'

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const SCRIPT = 'window.__context = {"salon":"Bronze Glow"}'
const STYLE = 'body{margin:0}'

function site(options: { status?: number; setCookie?: boolean; ttlMs?: number; sharedWith?: (request: SharingRequest) => boolean } = {}) {
  let clock = 1_000_000
  let renders = 0
  const cache = createPageCache({
    ttlMs: options.ttlMs ?? 30_000,
    cacheable: (path) => path === '/' || path === '/prices/',
    now: () => clock,
    sharedWith: options.sharedWith,
  })
  const render = async (nonce: string) => {
    renders++
    await new Promise((r) => setImmediate(r))
    const html = `<!doctype html><html><head><style nonce="${nonce}">${STYLE}</style><script type="application/ld+json">{"@type":"HealthAndBeautyBusiness"}</script></head><body><p>Render ${renders}</p><p>${'Tan safely and book ahead. '.repeat(60)}</p><script nonce="${nonce}">${SCRIPT}</script><script nonce="${nonce}" type="module" src="/assets/entry.js"></script></body></html>`
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'x-page': 'home' })
    if (options.setCookie) headers.set('set-cookie', 'choice=1')
    return new Response(html, { status: options.status ?? 200, headers })
  }
  const app = new Hono<{ Variables: NonceVariables }>()
    .use(securityHeaders({ connect: [], scripts: [], images: [], dev: false, trustProxy: false }))
    .use(compression())
    .get('*', (c) => (cache.applies(c) ? cache.serve(c, render) : render(pageNonce(c))))
  return { app, renders: () => renders, later: (ms: number) => (clock += ms) }
}

describe('shared public pages', () => {
  it('a page is rendered once and sent to every visitor without cookies, its inline code allowed by hash, no nonce left', async () => {
    const s = site()
    const first = await s.app.request('/')
    const second = await s.app.request('/')
    expect(s.renders()).toBe(1)
    const html = await second.text()
    expect(html).toBe(await first.text())
    expect(html).toContain('Render 1')
    expect(html).not.toContain('nonce=')
    expect(second.headers.get('x-page')).toBe('home')
    const csp = second.headers.get('content-security-policy')!
    expect(csp).toContain(`script-src 'self' ${hash(SCRIPT)}`)
    expect(csp).toContain(`style-src 'self' ${hash(STYLE)}`)
    expect(csp).not.toContain('nonce-')
    // The JSON-LD data block never runs, so it is not allowed as a script.
    expect(csp).not.toContain(hash('{"@type":"HealthAndBeautyBusiness"}'))
  })

  it('a kept page is sent in Brotli to a browser that takes it', async () => {
    const s = site()
    await s.app.request('/')
    const response = await s.app.request('/', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(s.renders()).toBe(1)
  })

  it('many visitors at once cause one render', async () => {
    const s = site()
    const pages = await Promise.all(Array.from({ length: 20 }, async () => (await s.app.request('/')).text()))
    expect(s.renders()).toBe(1)
    expect(new Set(pages).size).toBe(1)
  })

  it('after the time it is kept, the page is rendered again', async () => {
    const s = site({ ttlMs: 30_000 })
    await s.app.request('/')
    s.later(29_000)
    await s.app.request('/')
    expect(s.renders()).toBe(1)
    s.later(2_000)
    expect(await (await s.app.request('/')).text()).toContain('Render 2')
  })

  it('a visitor with a cookie, an address with a query, or another page is rendered for them with a nonce of their own', async () => {
    const s = site()
    await s.app.request('/')
    for (const [path, init] of [
      ['/', { headers: { cookie: 'CognitoIdentityServiceProvider.x.idToken=abc' } }],
      ['/?utm_source=flyer', {}],
      ['/book/', {}],
    ] as const) {
      const before = s.renders()
      const response = await s.app.request(path, init)
      expect(s.renders(), path).toBe(before + 1)
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)?.[1]
      expect(nonce).toBeTruthy()
      expect(await response.text()).toContain(`nonce="${nonce}"`)
    }
  })

  it('a returning visitor whose cookies change nothing on the page is sent the kept page; a signed-in customer gets their own', async () => {
    // As the web app says: only its session's cookies make a page the customer's own.
    const s = site({ sharedWith: (request) => !/(^|;\s*)CognitoIdentityServiceProvider\./.test(request.headers.get('cookie') ?? '') })
    const kept = await (await s.app.request('/')).text()
    const before = s.renders()
    const returning = await s.app.request('/', { headers: { cookie: '_ga=GA1.1.1.1; _ga_SALON=GS2.1.s1' } })
    expect(await returning.text()).toBe(kept)
    expect(s.renders()).toBe(before)
    const signedIn = await s.app.request('/', { headers: { cookie: '_ga=GA1.1.1.1; CognitoIdentityServiceProvider.x.idToken=abc' } })
    expect(s.renders()).toBe(before + 1)
    expect(await signedIn.text()).not.toBe(kept)
  })

  it('a page that sets a cookie or is not 200 is not kept, and its nonce is the one it was rendered with', async () => {
    for (const options of [{ setCookie: true }, { status: 404 }]) {
      const s = site(options)
      const first = await s.app.request('/')
      const nonce = /'nonce-([^']+)'/.exec(first.headers.get('content-security-policy')!)?.[1]
      expect(await first.text()).toContain(`nonce="${nonce}"`)
      await s.app.request('/')
      expect(s.renders()).toBe(2)
    }
  })

  it('a kept page carries standard HTTP caching: shared for as long as it is kept, a strong tag per encoding, 304 when the tag is known', async () => {
    const s = site({ ttlMs: 30_000 })
    const plain = await s.app.request('/')
    const brotli = await s.app.request('/', { headers: { 'accept-encoding': 'br' } })
    const gzip = await s.app.request('/', { headers: { 'accept-encoding': 'gzip' } })
    for (const response of [plain, brotli, gzip]) {
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30')
      expect(response.headers.get('vary')).toBe('Accept-Encoding')
      expect(response.headers.get('etag')).toMatch(/^"[\w-]{32}"$/)
    }
    // Each encoding is its own representation, with its own tag; the same bytes always get the same one.
    const tags = [plain, brotli, gzip].map((response) => response.headers.get('etag'))
    expect(new Set(tags).size).toBe(3)
    expect(tags[0]).toBe(
      `"${createHash('sha256')
        .update(await plain.text())
        .digest('base64url')
        .slice(0, 32)}"`,
    )
    expect((await s.app.request('/', { headers: { 'accept-encoding': 'br' } })).headers.get('etag')).toBe(tags[1])

    const again = await s.app.request('/', { headers: { 'accept-encoding': 'br', 'if-none-match': tags[1]! } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(tags[1])
    expect(again.headers.get('cache-control')).toContain('s-maxage=30')
    // Another encoding's tag is not this representation's.
    expect((await s.app.request('/', { headers: { 'accept-encoding': 'br', 'if-none-match': tags[2]! } })).status).toBe(200)
    expect(s.renders()).toBe(1)
  })

  it('a page rendered for one visitor carries no shared caching and no tag', async () => {
    const s = site()
    await s.app.request('/')
    for (const [path, init] of [
      ['/', { headers: { cookie: 'CognitoIdentityServiceProvider.x.idToken=abc' } }],
      ['/?utm_source=flyer', {}],
      ['/book/', {}],
    ] as const) {
      const response = await s.app.request(path, init)
      expect(response.headers.get('content-security-policy'), path).toContain("'nonce-")
      expect(response.headers.get('cache-control'), path).toBeNull()
      expect(response.headers.get('etag'), path).toBeNull()
    }
    for (const options of [{ setCookie: true }, { status: 404 }]) {
      const response = await site(options).app.request('/')
      expect(response.headers.get('cache-control')).toBeNull()
      expect(response.headers.get('etag')).toBeNull()
    }
  })

  it('a page that depends on another request header says so to shared caches', async () => {
    const cache = createPageCache({ ttlMs: 60_000, cacheable: () => true, vary: ['X-Forwarded-Proto'] })
    const app = new Hono<{ Variables: NonceVariables }>()
      .use(securityHeaders({ connect: [], scripts: [], images: [], dev: false, trustProxy: false }))
      .get('*', (c) => cache.serve(c, async () => c.html('<p>'.padEnd(2000, 'x'))))
    const response = await app.request('/', { headers: { 'accept-encoding': 'gzip' } })
    expect(response.headers.get('vary')).toBe('Accept-Encoding, X-Forwarded-Proto')
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60')
  })

  it('the hashes cover every inline script and style, and only those', () => {
    const sources = inlineSources(
      `<script>a()</script><script src="/x.js"></script><script type="module">b()</script><script type="application/json">{}</script><style media="print">p{}</style>`,
    )
    expect(sources.scripts).toEqual([hash('a()'), hash('b()')])
    expect(sources.styles).toEqual([hash('p{}')])
  })

  it('a page that names the address it was asked for is kept per address: a forged Host reaches nobody else', async () => {
    let renders = 0
    const byHost = (c: Context) => `${new URL(c.req.url).host}${c.req.path}`
    const cache = createPageCache({ ttlMs: 30_000, cacheable: () => true, keyOf: byHost })
    const app = new Hono<{ Variables: NonceVariables }>()
      .use(securityHeaders({ connect: [], scripts: [], images: [], dev: false, trustProxy: false }))
      .get('*', (c) =>
        cache.serve(c, async () => {
          renders++
          return c.html(`<link rel="canonical" href="http://${c.req.header('host')}/">`)
        }),
      )
    expect(await (await app.request('http://attacker.example/', { headers: { host: 'attacker.example' } })).text()).toContain('attacker.example')
    const visitor = await (await app.request('http://salon.example/', { headers: { host: 'salon.example' } })).text()
    expect(visitor).toContain('http://salon.example/')
    expect(visitor).not.toContain('attacker.example')
    // Each address's page is still kept for the visitors who ask for it there.
    await app.request('http://salon.example/', { headers: { host: 'salon.example' } })
    expect(renders).toBe(2)
  })

  it('a kept page is rendered again as soon as the content it shows changes, before its time is up', async () => {
    let renders = 0
    let generation = 0
    const cache = createPageCache({
      ttlMs: 30_000,
      cacheable: () => true,
      unchanged: () => {
        const seen = generation
        return () => generation === seen
      },
    })
    const app = new Hono<{ Variables: NonceVariables }>()
      .use(securityHeaders({ connect: [], scripts: [], images: [], dev: false, trustProxy: false }))
      .get('*', (c) => cache.serve(c, async () => c.html(`<p>Prices, version ${++renders}</p>`)))
    expect(await (await app.request('/prices/')).text()).toContain('version 1')
    expect(await (await app.request('/prices/')).text()).toContain('version 1')
    generation++
    expect(await (await app.request('/prices/')).text()).toContain('version 2')
    expect(await (await app.request('/prices/')).text()).toContain('version 2')
    expect(renders).toBe(2)
  })
})
