import { Hono } from 'hono'
import { expect, it } from 'vitest'
import type { NonceVariables } from './lib/security-headers.ts'
import { describeApi } from './test/harness.ts'
import type { WebHandler } from './web.ts'

/** A stand-in for the web app: every path it is asked for answers its HTML page. */
const web: WebHandler = {
  routes: () => {
    const app = new Hono<{ Variables: NonceVariables }>()
    app.all('*', (c) => c.html('<!doctype html><title>Page not found</title>', 404))
    return app
  },
}

describeApi(
  'paths under /api/ that no endpoint answers',
  (t) => {
    const call = (method: string, path: string, headers: Record<string, string> = t().shop.headers) => t().app.request(path, { method, headers })

    it('an unknown path answers 404 in JSON, never the web app’s page', async () => {
      for (const [method, path] of [
        ['GET', '/api/nope'],
        ['POST', '/api/stripe_payments'],
        ['GET', '/api/'],
        ['GET', '/api/blogs/details'],
        ['DELETE', '/api/blogs/nope/again'],
      ] as const) {
        const response = await call(method, path)
        expect(response.status, `${method} ${path}`).toBe(404)
        expect(response.headers.get('content-type')).toContain('application/json')
        expect(await response.json()).toEqual({ message: `There is no API endpoint ${method} ${path}.` })
      }
    })

    it('a path that exists with other methods answers 405 naming them in Allow', async () => {
      const blogs = await call('POST', '/api/blogs')
      expect(blogs.status).toBe(405)
      expect(blogs.headers.get('allow')).toBe('GET, HEAD')
      expect(blogs.headers.get('content-type')).toContain('application/json')
      expect(await blogs.json()).toEqual({ message: 'POST is not allowed on /api/blogs: use GET or HEAD.' })

      const message = await call('GET', '/api/p_message')
      expect(message.status).toBe(405)
      expect(message.headers.get('allow')).toBe('POST')

      const post = await call('DELETE', `/api/blogs/details/${t().shop.posts[0]!.id}`)
      expect(post.status).toBe(405)
      expect(post.headers.get('allow')).toBe('GET, HEAD')
    })

    it('without the shop’s key the answer is the usual 401 in JSON', async () => {
      const response = await call('GET', '/api/nope', {})
      expect(response.status).toBe(401)
      expect(response.headers.get('content-type')).toContain('application/json')
    })

    it('endpoints that exist still answer, and pages outside /api/ still reach the web app', async () => {
      expect((await call('GET', '/api/blogs')).status).toBe(200)
      expect((await call('GET', '/api/openapi.json', {})).status).toBe(200)
      const page = await call('GET', '/no-such-page/', {})
      expect(page.status).toBe(404)
      expect(page.headers.get('content-type')).toContain('text/html')
    })
  },
  () => ({ web }),
)
