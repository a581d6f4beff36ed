import { Writable } from 'node:stream'
import { Hono } from 'hono'
import { beforeEach, expect, it } from 'vitest'
import { describeApi } from '../test/harness.ts'
import type { WebHandler } from '../web.ts'
import { createLogger } from './logger.ts'
import type { NonceVariables } from './security-headers.ts'

/** Every line the app logs. */
const lines: Record<string, unknown>[] = []
const logger = createLogger(
  'info',
  new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  }),
)

/** A stand-in for the web app: a page, and a page whose loader fails. */
const web: WebHandler = {
  routes: () => {
    const app = new Hono<{ Variables: NonceVariables }>()
    app.get('/broken/', () => {
      throw new Error('the page could not be rendered')
    })
    app.all('*', (c) => c.html('<!doctype html><title>Prices</title>'))
    return app
  },
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const requestLines = () => lines.filter((line) => line.msg === 'request')

describeApi(
  'the request log and request ids',
  (t) => {
    beforeEach(() => {
      lines.length = 0
    })

    it('logs a request once, by its route, status and duration, with the id it answers in X-Request-Id', async () => {
      const response = await t().app.request('/api/blogs/details/no-such-post?utm_source=newsletter-4821', {
        headers: { ...t().shop.headers, 'x-visitor-note': 'private-header-value-77' },
      })
      expect(response.status).toBe(404)
      const id = response.headers.get('x-request-id')
      expect(id).toMatch(UUID)
      expect(requestLines()).toEqual([
        {
          level: 30,
          time: expect.any(Number),
          msg: 'request',
          requestId: id,
          method: 'GET',
          route: '/api/blogs/details/:id',
          status: 404,
          ms: expect.any(Number),
        },
      ])
      const text = JSON.stringify(lines)
      for (const secret of ['newsletter-4821', 'utm_source', 'private-header-value-77', t().shop.apiKey, 'no-such-post']) expect(text).not.toContain(secret)
    })

    it('never logs a body, and logs a path no route names without its query string', async () => {
      const response = await t().app.request('/api/nowhere?token=query-secret-31', {
        method: 'POST',
        headers: { ...t().shop.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'body-secret-59' }),
      })
      expect(response.status).toBe(404)
      expect(requestLines()).toEqual([
        expect.objectContaining({ method: 'POST', route: '/api/nowhere', status: 404, requestId: response.headers.get('x-request-id') }),
      ])
      expect(JSON.stringify(lines)).not.toMatch(/query-secret-31|body-secret-59/)
    })

    it('keeps a plain X-Request-Id from the caller, and replaces one that is not plain', async () => {
      const kept = await t().app.request('/api/blogs', { headers: { ...t().shop.headers, 'x-request-id': 'lb-7f3a.91_x' } })
      expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.91_x')
      for (const unsafe of ['a b', 'x'.repeat(65), '<script>', 'id\u00e9', '']) {
        const replaced = await t().app.request('/api/blogs', { headers: { ...t().shop.headers, 'x-request-id': unsafe } })
        expect(replaced.headers.get('x-request-id'), JSON.stringify(unsafe)).toMatch(UUID)
      }
      const [first, ...others] = requestLines().map((line) => line.requestId)
      expect(first).toBe('lb-7f3a.91_x')
      expect(others).toHaveLength(5)
      for (const id of others) expect(id).toMatch(UUID)
      expect(JSON.stringify(lines)).not.toContain('<script>')
    })

    it('answers the id on refusals, pages and the identity endpoint too', async () => {
      const refused = await t().app.request('/api/blogs')
      expect(refused.status).toBe(401)
      const page = await t().app.request('/prices/?ref=friend-code-88')
      expect(page.status).toBe(200)
      const cognito = await t().app.request('/cognito/', { method: 'POST', headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.Nope' } })
      expect(cognito.status).toBe(400)
      const ids = [refused, page, cognito].map((response) => response.headers.get('x-request-id'))
      for (const id of ids) expect(id).toMatch(UUID)
      expect(cognito.headers.get('x-amzn-requestid')).toBe(ids[2])
      expect(requestLines()).toEqual([
        expect.objectContaining({ requestId: ids[0], method: 'GET', status: 401 }),
        expect.objectContaining({ requestId: ids[1], method: 'GET', route: '/prices/', status: 200 }),
        expect.objectContaining({ requestId: ids[2], method: 'POST', route: '/cognito/', status: 400 }),
      ])
      expect(JSON.stringify(lines)).not.toContain('friend-code-88')
    })

    it('names the request id in the error log of a 500', async () => {
      const response = await t().app.request('/broken/')
      expect(response.status).toBe(500)
      const id = response.headers.get('x-request-id')
      expect(id).toMatch(UUID)
      expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: 'unhandled error', requestId: id }))
      expect(requestLines()).toEqual([expect.objectContaining({ requestId: id, status: 500 })])
    })
  },
  () => ({ logger, web }),
)
