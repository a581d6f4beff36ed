import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { routePath } from 'hono/route'
import type { Logger } from './logger.ts'
import type { ObserveRequest } from './metrics.ts'

export type RequestIdVariables = { requestId: string }

export const REQUEST_ID_HEADER = 'X-Request-Id'
/** An id a proxy or client sends is kept only when it is this plain: it goes into every log line of the request. */
const ACCEPTED_ID = /^[A-Za-z0-9._-]{1,64}$/
const MAX_LOGGED_PATH = 200

/** The id of this request: the caller's X-Request-Id when it is plain enough to log, else a new one. */
export function requestIdOf(header: string | undefined): string {
  return header !== undefined && ACCEPTED_ID.test(header) ? header : randomUUID()
}

/**
 * The route that answered, as registered ('/api/p_bookings/:id'), so that ids, codes and other values in the
 * address stay out of the log. A catch-all (unknown paths, the web app's pages) is logged as the path, never
 * with its query string.
 */
export function routeOf(c: Context): string {
  const pattern = routePath(c)
  return pattern && !pattern.includes('*') ? pattern : c.req.path.slice(0, MAX_LOGGED_PATH)
}

/**
 * The route a request is counted under in the metrics: as registered, or the path of a page the web app served
 * (pages are as many as the salon has); any other path (a 404, a redirect) is one label, so that a scan of made-up
 * addresses cannot make a label of each.
 */
export function metricsRouteOf(c: Context, status: number): string {
  const pattern = routePath(c)
  if (pattern && !pattern.includes('*')) return pattern
  const page = (status === 200 || status === 304) && !c.req.path.startsWith('/api/')
  return page ? c.req.path.slice(0, MAX_LOGGED_PATH) : '(unmatched)'
}

export interface RequestLine {
  requestId: string
  method: string
  route: string
  status: number
  ms: number
}

/**
 * Writes a request's one line. Its fields are chosen here and hold nothing secret: the logger's redaction, which
 * costs more than the rest of a small request, is not needed for them.
 */
export function requestLines(logger: Logger): (line: RequestLine) => void {
  const lines = logger.child({}, { redact: { paths: [] } })
  return (line) => lines.info(line, 'request')
}

/**
 * Gives every request an id (answered in X-Request-Id, also on errors and pages) and logs it once when it is
 * answered: method, route, status and duration. Never a header value, a query string or a body.
 */
export function requestLog(logger: Logger, observe?: ObserveRequest) {
  const line = requestLines(logger)
  return createMiddleware<{ Variables: RequestIdVariables }>(async (c, next) => {
    const started = performance.now()
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER))
    c.set('requestId', requestId)
    // Errors reach here as the error handler's answer: this line runs for every request that is answered.
    await next()
    try {
      c.res.headers.set(REQUEST_ID_HEADER, requestId)
    } catch {
      // A response passed on as it came (its headers locked): answered again with the same body and status.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set(REQUEST_ID_HEADER, requestId)
    }
    const ms = Math.round((performance.now() - started) * 10) / 10
    const status = c.res.status
    line({ requestId, method: c.req.method, route: routeOf(c), status, ms })
    observe?.(c.req.method, metricsRouteOf(c, status), status, ms)
  })
}
