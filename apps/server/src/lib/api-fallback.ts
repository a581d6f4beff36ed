import type { Context } from 'hono'
import { METHOD_NAME_ALL } from 'hono/router'
import { TrieRouter } from 'hono/router/trie-router'
import type { RouterRoute } from 'hono/types'

/**
 * The answer for a request under the API's prefix that no endpoint took: 405 with Allow when the path
 * exists with other methods, 404 otherwise, both in JSON. Registered after the API, so that nothing under
 * /api/ falls through to the web app and its HTML pages.
 */
export function apiFallback(api: { routes: RouterRoute[] }, prefix: string) {
  let endpoints: { router: TrieRouter<true>; methods: string[] } | undefined
  // Read on first use: the API's routes are all registered by then.
  const build = () => {
    const router = new TrieRouter<true>()
    const methods = new Set<string>()
    for (const route of api.routes) {
      if (route.method === METHOD_NAME_ALL) continue // middleware, not an endpoint
      router.add(route.method, route.path, true)
      methods.add(route.method)
    }
    return { router, methods: [...methods] }
  }

  return (c: Context) => {
    endpoints ??= build()
    const path = c.req.path.slice(prefix.length) || '/'
    const allowed = new Set(endpoints.methods.filter((method) => endpoints!.router.match(method, path)[0].length > 0))
    // Every GET endpoint answers HEAD too.
    if (allowed.has('GET')) allowed.add('HEAD')
    if (allowed.size === 0) return c.json({ message: `There is no API endpoint ${c.req.method} ${c.req.path}.` }, 404)
    const methods = [...allowed].sort()
    c.header('Allow', methods.join(', '))
    const choices = methods.length === 1 ? methods[0] : `${methods.slice(0, -1).join(', ')} or ${methods.at(-1)}`
    return c.json({ message: `${c.req.method} is not allowed on ${c.req.path}: use ${choices}.` }, 405)
  }
}
