import { describe, expect, it } from 'vitest'
import type { EmailSender } from './adapters/email/email.ts'
import type { SmsSender } from './adapters/sms/sms.ts'
import { createApp } from './app.ts'
import { createLogger } from './lib/logger.ts'
import { testDbKind } from './test/database.ts'
import { createShop } from './test/factories/shop.ts'
import { createTestApp, describeApi } from './test/harness.ts'

const silentEmail: EmailSender = { kind: 'smtp', send: async () => {} }
const silentSms: SmsSender = { kind: 'twilio', send: async () => {} }

describeApi('the server', (t) => {
  it('health check reports the database kind', async () => {
    const response = await t().app.request('/healthz')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', database: testDbKind })
  })

  it('an API answer carries the security headers', async () => {
    const response = await t().app.request('/api/blogs', { headers: t().shop.headers })
    expect(response.status).toBe(200)
    // Data, never a document: it may load and run nothing, and be framed by nobody.
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    // The headers that steer only a document are a page's.
    expect(response.headers.get('referrer-policy')).toBeNull()
    expect(response.headers.get('permissions-policy')).toBeNull()
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })

  it('error answers carry the security headers too', async () => {
    const response = await t().app.request('/api/blogs')
    expect(response.status).toBe(401)
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('health check carries the security headers and no HSTS over plain http', async () => {
    const response = await t().app.request('/healthz', { headers: { 'x-forwarded-proto': 'https' } })
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    // The forwarded protocol is not believed without a trusted proxy.
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })

  it('an answer that is not a page allows no inline script or style; data allows nothing at all', async () => {
    const csp = (await t().app.request('/robots.txt')).headers.get('content-security-policy')!
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("style-src 'self';")
    expect(csp).not.toContain('nonce-')
    expect((await t().app.request('/healthz')).headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
  })

  it('a page address without its slash redirects to it, keeping the query', async () => {
    const response = await t().app.request('/prices?bed=stand-up&utm_source=flyer')
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('/prices/?bed=stand-up&utm_source=flyer')
    const nested = await t().app.request('/blog/know-your-skin-type')
    expect(nested.headers.get('location')).toBe('/blog/know-your-skin-type/')
  })

  it('a redirect keeps the address as it was sent: an encoded line break cannot become a header', async () => {
    const response = await t().app.request('/prices%0d%0aSet-Cookie:%20a=b?x=%0d%0a')
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('/prices%0d%0aSet-Cookie:%20a=b/?x=%0d%0a')
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('the old home address redirects to the home page', async () => {
    for (const path of ['/home', '/home/']) {
      const response = await t().app.request(path)
      expect(response.status).toBe(308)
      expect(response.headers.get('location')).toBe('/')
    }
    expect((await t().app.request('/home?ref=card')).headers.get('location')).toBe('/?ref=card')
  })

  it('API, health and file addresses are not redirected', async () => {
    expect((await t().app.request('/api/blogs', { headers: t().shop.headers })).status).toBe(200)
    expect((await t().app.request('/healthz')).status).toBe(200)
    expect((await t().app.request('/robots.txt')).status).toBe(200)
    expect((await t().app.request('/sitemap.xml')).status).toBe(200)
    expect((await t().app.request('/images/logo.svg')).status).toBe(404)
    expect((await t().app.request('/blog/post.data')).status).toBe(404)
  })

  it('a doubled slash cannot redirect to another site', async () => {
    for (const path of ['//evil.example/x', '//evil.example', '/\\evil.example', '///evil.example/x']) {
      const response = await t().app.request(`http://localhost${path}`)
      const location = response.headers.get('location')
      if (response.status === 308) {
        expect(location).toMatch(/^\/(?![/\\])/)
        expect(new URL(location!, 'http://localhost').host).toBe('localhost')
      }
    }
    const response = await t().app.request('http://localhost//evil.example/x')
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('/evil.example/x/')
  })

  it('a form post is never redirected', async () => {
    const response = await t().app.request('/prices', { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(response.status).not.toBe(308)
    expect(response.headers.get('location')).toBeNull()
    expect((await t().app.request('/home', { method: 'POST' })).status).not.toBe(308)
  })

  it('a HEAD request is redirected like GET', async () => {
    const response = await t().app.request('/prices', { method: 'HEAD' })
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('/prices/')
  })

  it('an address outside the API answers 404 JSON when there is no web app', async () => {
    const response = await t().app.request('/prices/')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: expect.stringContaining('/prices/') })
  })

  it('an unexpected failure answers 500 without internals and the server carries on', async () => {
    const broken = await createTestApp()
    await broken.close()
    const response = await broken.app.request('/api/website/salon', { headers: broken.shop.headers })
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ message: 'Something went wrong on our side. Please try again in a moment.' })
    expect(text).not.toMatch(/\bat \S+ \(|\.ts:\d+|Error:|pglite|pool|select/i)
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")

    const health = await broken.app.request('/healthz')
    expect(health.status).toBe(503)
    expect(await health.json()).toEqual({ status: 'unavailable', message: 'The database does not answer.' })

    const fine = await t().app.request('/api/website/salon', { headers: t().shop.headers })
    expect(fine.status).toBe(200)
  })

  it('a large JSON answer is compressed for a browser that accepts gzip', async () => {
    // Twelve posts with long summaries: a list of several kilobytes.
    const shop = await createShop(t().db, { posts: Array.from({ length: 12 }, () => ({ summary: 'What to know before your session. '.repeat(8) })) })
    const response = await t().app.request('/api/blogs', { headers: { ...shop.headers, 'accept-encoding': 'gzip' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    const plain = await t().app.request('/api/blogs', { headers: shop.headers })
    expect(plain.headers.get('content-encoding')).toBeNull()
    const text = await plain.text()
    expect(text.length).toBeGreaterThan(4096)
    expect(JSON.parse(text).blogs).toHaveLength(12)
  })

  describe('with a separate web origin', () => {
    const withCors = () =>
      createApp({
        database: t().database,
        logger: createLogger('silent'),
        email: silentEmail,
        sms: silentSms,
        corsOrigins: ['https://www.salon.example'],
      })

    it('a browser on the allowed origin may send the shop headers', async () => {
      const response = await withCors().request('/api/p_message', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://www.salon.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, shop_id, api_key',
        },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe('https://www.salon.example')
      const allowed = response.headers.get('access-control-allow-headers')?.toLowerCase() ?? ''
      expect(allowed).toContain('shop_id')
      expect(allowed).toContain('api_key')
    })

    it('another origin is not allowed', async () => {
      const response = await withCors().request('/api/blogs', { headers: { ...t().shop.headers, origin: 'https://evil.example' } })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).not.toBe('https://evil.example')
    })

    it('without configured origins no CORS headers are sent', async () => {
      const response = await t().app.request('/api/blogs', { headers: { ...t().shop.headers, origin: 'https://www.salon.example' } })
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    })
  })

  describe('behind a trusted proxy', () => {
    /** The same server and database, configured to believe X-Forwarded-* headers. */
    const proxied = () => createApp({ database: t().database, logger: createLogger('silent'), email: silentEmail, sms: silentSms, trustProxy: true })

    it('HSTS is sent when the proxy says the page came over https', async () => {
      const app = proxied()
      const secure = await app.request('/healthz', { headers: { 'x-forwarded-proto': 'https' } })
      expect(secure.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains')
      const api = await app.request('/api/blogs', { headers: { ...t().shop.headers, 'x-forwarded-proto': 'https' } })
      expect(api.status).toBe(200)
      expect(api.headers.get('strict-transport-security')).toContain('max-age=')
      const plain = await app.request('/healthz', { headers: { 'x-forwarded-proto': 'http' } })
      expect(plain.headers.get('strict-transport-security')).toBeNull()
    })

    it('HSTS is sent for a direct https request', async () => {
      const response = await t().app.request('https://salon.example/healthz')
      expect(response.headers.get('strict-transport-security')).toContain('includeSubDomains')
    })
  })
})
