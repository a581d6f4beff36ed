import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { isDataType, contentSecurityPolicy, pageNonce, securityHeaders, type NonceVariables } from './security-headers.ts'

const none = { connect: [], scripts: [], images: [], dev: false }
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))

describe('Content-Security-Policy', () => {
  it('scripts and styles need the nonce of the page', () => {
    const csp = contentSecurityPolicy('abc123==', none)
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'nonce-abc123=='")
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'nonce-abc123=='")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('unsafe-eval')
  })

  it('the page cannot be framed, and plugins, base and form targets are locked down', () => {
    const csp = contentSecurityPolicy('n', none)
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive(csp, 'object-src')).toBe("object-src 'none'")
    expect(directive(csp, 'base-uri')).toBe("base-uri 'self'")
    expect(directive(csp, 'form-action')).toBe("form-action 'self'")
    expect(directive(csp, 'default-src')).toBe("default-src 'self'")
  })

  it('production allows no websockets', () => {
    expect(directive(contentSecurityPolicy('n', none), 'connect-src')).toBe("connect-src 'self'")
  })

  it("development allows the dev server's websocket and inline styles", () => {
    const csp = contentSecurityPolicy('n', { ...none, dev: true })
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' ws: wss:")
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline'")
    expect(directive(csp, 'script-src')).toContain("'nonce-n'")
  })

  it('extra origins are added to their own directives only', () => {
    const csp = contentSecurityPolicy('n', {
      connect: ['https://api.bronze-glow.example', 'https://www.google-analytics.com'],
      scripts: ['https://www.googletagmanager.com'],
      images: ['https://lh3.googleusercontent.com'],
      dev: false,
    })
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.bronze-glow.example https://www.google-analytics.com")
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'nonce-n' https://www.googletagmanager.com")
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: https://lh3.googleusercontent.com")
    expect(directive(csp, 'default-src')).toBe("default-src 'self'")
  })
})

describe('Content-Security-Policy frames', () => {
  it('without frame origins there is no frame-src: default-src keeps frames to this site', () => {
    const csp = contentSecurityPolicy('n', none)
    expect(directive(csp, 'frame-src')).toBeUndefined()
    expect(csp.split('; ').every((d) => d.length > 0)).toBe(true)
    expect(directive(contentSecurityPolicy('n', { ...none, frames: [] }), 'frame-src')).toBeUndefined()
  })

  it("frame origins are allowed besides this site's own", () => {
    const csp = contentSecurityPolicy('n', { ...none, frames: ['https://js.stripe.com', 'https://hooks.stripe.com'] })
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://js.stripe.com https://hooks.stripe.com")
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive(csp, 'default-src')).toBe("default-src 'self'")
  })
})

describe('security headers middleware', () => {
  const app = (trustProxy: boolean) =>
    new Hono<{ Variables: NonceVariables }>()
      .use(securityHeaders({ ...none, trustProxy }))
      .get('/', (c) => c.text(pageNonce(c)))
      .get('/data', (c) => c.json({ ok: true }))
      .get('/text', (c) => c.text('plain'))

  it('the nonce handed to the page is the one in the policy, and new for each response', async () => {
    const first = await app(false).request('/')
    const nonce = await first.text()
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(first.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
    const second = await app(false).request('/')
    expect(await second.text()).not.toBe(nonce)
  })

  it('an answer that made no nonce gets a policy without one: nothing inline may run', async () => {
    const csp = (await app(false).request('/text')).headers.get('content-security-policy')!
    expect(directive(csp, 'script-src')).toBe("script-src 'self'")
    expect(directive(csp, 'style-src')).toBe("style-src 'self'")
  })

  it('data (JSON) may load nothing and be framed by nobody, and carries no header that only steers a document', async () => {
    const response = await app(false).request('/data')
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('referrer-policy')).toBeNull()
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull()
    expect((await app(false).request('https://salon.example/data')).headers.get('strict-transport-security')).toContain('max-age=63072000')
  })

  it('knows JSON of every kind the server answers with', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/problem+json', 'application/x-amz-json-1.1'])
      expect(isDataType(type)).toBe(true)
    for (const type of ['text/html; charset=utf-8', 'text/plain', 'application/xml', 'application/jsonp', null]) expect(isDataType(type)).toBe(false)
  })

  it('sets the other protective headers', async () => {
    const response = await app(false).request('/')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(response.headers.get('permissions-policy')).toContain('camera=()')
  })

  it('HSTS only over https, and a forwarded protocol only counts behind a trusted proxy', async () => {
    expect((await app(false).request('http://salon.example/')).headers.get('strict-transport-security')).toBeNull()
    expect((await app(false).request('https://salon.example/')).headers.get('strict-transport-security')).toContain('max-age=63072000')
    const forwarded = { headers: { 'x-forwarded-proto': 'https' } }
    expect((await app(false).request('http://salon.example/', forwarded)).headers.get('strict-transport-security')).toBeNull()
    expect((await app(true).request('http://salon.example/', forwarded)).headers.get('strict-transport-security')).toContain('max-age=63072000')
    const downgraded = { headers: { 'x-forwarded-proto': 'http' } }
    expect((await app(true).request('https://internal.example/', downgraded)).headers.get('strict-transport-security')).toBeNull()
  })
})
