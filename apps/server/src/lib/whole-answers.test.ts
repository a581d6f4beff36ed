import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { describe, expect, it } from 'vitest'
import { compression } from './compression.ts'
import { createLogger } from './logger.ts'
import { requestLog } from './request-log.ts'
import { pageNonce, DATA_HEADERS, isDataType, PROTECTIVE_HEADERS, securityHeaders, type NonceVariables } from './security-headers.ts'
import { isWhole } from './whole-answers.ts'

const quiet = createLogger('silent')

/** The chain every answer of the server passes through, around the given routes; each answer is also recorded. */
function chain(routes: (app: Hono<{ Variables: NonceVariables }>) => void, options: { cors?: boolean } = {}) {
  const answers: Response[] = []
  const app = new Hono<{ Variables: NonceVariables }>()
  app.use(requestLog(quiet))
  app.use(async (c, next) => {
    await next()
    answers.push(c.res)
  })
  app.use(securityHeaders({ connect: [], scripts: [], images: [], dev: false, trustProxy: false }))
  app.use(compression())
  if (options.cors) app.use(cors({ origin: ['https://partner.example'] }))
  routes(app)
  return { app, answers }
}

function expectSecurityHeaders(res: Response) {
  // Each given once: a header given twice would be read back as two values joined by a comma.
  if (isDataType(res.headers.get('content-type'))) {
    for (const [name, value] of Object.entries(DATA_HEADERS)) expect(res.headers.get(name)).toBe(value)
    for (const name of Object.keys(PROTECTIVE_HEADERS)) if (!(name in DATA_HEADERS)) expect(res.headers.get(name)).toBeNull()
  } else {
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'self';[^,]*$/)
    for (const [name, value] of Object.entries(PROTECTIVE_HEADERS)) expect(res.headers.get(name)).toBe(value)
  }
  expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/)
}

describe('answers made whole', () => {
  it('a JSON answer is made whole, with every security header and the request id, given once each', async () => {
    const { app, answers } = chain((a) => a.get('/status', (c) => c.json({ status: 'ok' })))
    const res = await app.request('/status', { headers: { 'X-Request-Id': 'probe-request-1' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
    expect(res.headers.get('content-type')).toBe('application/json')
    expectSecurityHeaders(res)
    expect(res.headers.get('x-request-id')).toBe('probe-request-1')
    expect(isWhole(answers[0]!)).toBe(true)
  })

  it('keeps the status and the headers the route gives with the body', async () => {
    const { app, answers } = chain((a) => a.get('/made', (c) => c.body('{"made":true}', 201, { 'Content-Type': 'application/json', 'X-Extra': 'yes' })))
    const res = await app.request('/made')
    expect(res.status).toBe(201)
    expect(res.headers.get('x-extra')).toBe('yes')
    expect(res.headers.get('content-type')).toBe('application/json')
    expectSecurityHeaders(res)
    expect(isWhole(answers[0]!)).toBe(true)
  })

  it('a header or status set before the body is kept: such an answer is made as usual', async () => {
    const { app, answers } = chain((a) =>
      a.get('/cached', (c) => {
        c.header('Cache-Control', 'public, max-age=60')
        c.status(202)
        return c.json({ kept: true })
      }),
    )
    const res = await app.request('/cached')
    expect(res.status).toBe(202)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
    expectSecurityHeaders(res)
    expect(isWhole(answers[0]!)).toBe(false)
  })

  it('headers another middleware put on the response beforehand (CORS) are kept', async () => {
    const { app, answers } = chain((a) => a.get('/shared', (c) => c.json({ shared: true })), { cors: true })
    const res = await app.request('/shared', { headers: { Origin: 'https://partner.example' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('https://partner.example')
    expectSecurityHeaders(res)
    expect(isWhole(answers[0]!)).toBe(false)
  })

  it("a page's nonce reaches its policy: an answer with a nonce is never made whole", async () => {
    const { app, answers } = chain((a) => a.get('/page', (c) => c.body(`<p nonce="${pageNonce(c)}">hi</p>`, 200, { 'Content-Type': 'text/html' })))
    const res = await app.request('/page')
    const nonce = /nonce="([^"]+)"/.exec(await res.text())![1]!
    expect(res.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
    expect(isWhole(answers[0]!)).toBe(false)
  })

  it('text still to be compressed on its way out is compressed, not sent whole', async () => {
    const text = 'a sitemap line\n'.repeat(200)
    const { app, answers } = chain((a) => a.get('/big', (c) => c.body(text, 200, { 'Content-Type': 'application/xml' })))
    const res = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expectSecurityHeaders(res)
    expect(isWhole(answers[0]!)).toBe(false)
  })

  it('errors thrown by a route are answered with the same headers', async () => {
    const { app } = chain((a) => {
      a.onError((_, c) => c.json({ message: 'Something went wrong.' }, 500))
      a.get('/broken', () => {
        throw new Error('boom')
      })
    })
    const res = await app.request('/broken')
    expect(res.status).toBe(500)
    expectSecurityHeaders(res)
  })
})
