import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HttpError } from './errors.ts'

/**
 * Refuses a body over `maxBytes` with 413 and the limit named (or the caller's own words), before any of it is
 * parsed. A body whose length is declared is judged by its Content-Length, as the HTTP parser will not deliver more;
 * only a chunked body is counted as it streams. A GET or HEAD has no body. Neither case builds a web Request just to look.
 */
export const limitBody = (maxBytes: number, message = `The request body is too large: the limit is ${maxBytes / 1024} KiB.`): MiddlewareHandler => {
  const tooLarge = () => {
    throw new HttpError(413, message)
  }
  const streamed = bodyLimit({ maxSize: maxBytes, onError: tooLarge })
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) return Number(length) > maxBytes ? tooLarge() : next()
    return streamed(c, next)
  }
}
