import { createMiddleware } from 'hono/factory'

/** Paths that are not pages keep their exact form (React Router asks /__manifest for routes it discovers lazily). */
const NOT_PAGES = /^\/(api|cognito|assets|images|\.well-known)(\/|$)|^\/(healthz|readyz|metrics|favicon\.svg|robots\.txt)$|^\/dev\/outbox\.json$|^\/__manifest$/

/**
 * Page URLs end with a slash (docs/product.md §2): the slashless form answers 308 to it, keeping the query.
 * The old home path /home goes to /.
 */
export const trailingSlash = () =>
  createMiddleware(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    // The address as sent, still percent-encoded: a decoded one could put a line break into Location.
    const url = c.req.url
    const queryAt = url.indexOf('?')
    const pathname = url.slice(url.indexOf('/', url.indexOf('//') + 2), queryAt < 0 ? undefined : queryAt)
    if (pathname.endsWith('/') && pathname !== '/home/') return next()
    const search = () => (queryAt < 0 ? '' : url.slice(queryAt))
    if (pathname === '/home' || pathname === '/home/') return c.redirect(`/${search()}`, 308)
    if (NOT_PAGES.test(pathname)) return next()
    // A file (last segment with an extension, including React Router's .data requests) is not a page.
    if (/\.[a-z0-9]+$/i.test(pathname)) return next()
    // Collapse repeated slashes so that //evil.example cannot become an off-site redirect.
    const path = pathname.replace(/\/{2,}/g, '/')
    return c.redirect(`${path}/${search()}`, 308)
  })
