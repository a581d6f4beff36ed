import { createMiddleware } from 'hono/factory'

/** Paths that are not pages keep their exact form (React Router asks /__manifest for routes it discovers lazily). */
const NOT_PAGES = /^\/(api|cognito|assets|images|\.well-known)(\/|$)|^\/(healthz|favicon\.svg|robots\.txt)$|^\/dev\/outbox\.json$|^\/__manifest$/

/**
 * Page URLs end with a slash (SPEC §2): the slashless form answers 308 to it, keeping the query.
 * The old home path /home goes to /.
 */
export const trailingSlash = () =>
  createMiddleware(async (c, next) => {
    const url = new URL(c.req.url)
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    if (url.pathname === '/home' || url.pathname === '/home/') return c.redirect(`/${url.search}`, 308)
    if (url.pathname.endsWith('/') || NOT_PAGES.test(url.pathname)) return next()
    // A file (last segment with an extension, including React Router's .data requests) is not a page.
    if (/\.[a-z0-9]+$/i.test(url.pathname)) return next()
    // Collapse repeated slashes so that //evil.example cannot become an off-site redirect.
    const path = url.pathname.replace(/\/{2,}/g, '/')
    return c.redirect(`${path}/${url.search}`, 308)
  })
