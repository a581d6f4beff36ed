import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Database } from '@salon/db'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from './logger.ts'
import { HSTS, lowerCaseNames, nodeRequestOverHttps, servedOverHttps } from './security-headers.ts'

export const HEALTH_PATH = '/healthz'

export interface HealthCheckOptions {
  database: Database
  logger: Logger
  trustProxy: boolean
  headers: Record<string, string>
}

/**
 * GET /healthz for a load balancer or uptime monitor, answered first, as the built files are: a probe that asks
 * many times a second gets no request id or log line of its own. The database is asked at most once a second and
 * never twice at once; when it does not answer, that is logged once per question, and the probe gets 503.
 * It is middleware of the app, and a front for the Node server, which answers the probe before the request
 * reaches the framework at all: the same answer, for a fraction of the work.
 */
export function createHealthCheck(options: HealthCheckOptions) {
  const { database, logger, trustProxy } = options
  const headers = { 'content-type': 'application/json', 'cache-control': 'no-store', ...lowerCaseNames(options.headers) }
  const overHttps = { ...headers, 'strict-transport-security': HSTS }
  const ok = JSON.stringify({ status: 'ok', database: database.kind })
  const unavailable = JSON.stringify({ status: 'unavailable', message: 'The database does not answer.' })

  let lastPing: { at: number; answered: Promise<boolean> } | undefined
  const databaseAnswers = () => {
    const at = Date.now()
    if (!lastPing || at - lastPing.at >= 1000)
      lastPing = {
        at,
        answered: database.ping().then(
          () => true,
          (error: unknown) => {
            logger.warn({ err: error }, 'The health check found the database not answering.')
            return false
          },
        ),
      }
    return lastPing.answered
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method
    if ((method !== 'GET' && method !== 'HEAD') || c.req.path !== HEALTH_PATH) return next()
    const answers = await databaseAnswers()
    return new Response(method === 'HEAD' ? null : answers ? ok : unavailable, {
      status: answers ? 200 : 503,
      headers: servedOverHttps(c, trustProxy) ? overHttps : headers,
    })
  }

  /** The front's headers, made once: with the length of its body, over plain HTTP and over HTTPS. */
  const sized = (body: string) => {
    const length = { 'content-length': String(Buffer.byteLength(body)) }
    return { http: { ...headers, ...length }, https: { ...overHttps, ...length } }
  }
  const okHeaders = sized(ok)
  const unavailableHeaders = sized(unavailable)

  /** Node's listener with the probe answered ahead of `next`; any other request (a query string too) goes on to it. */
  const front =
    (next: (req: IncomingMessage, res: ServerResponse) => unknown) =>
    (req: IncomingMessage, res: ServerResponse): unknown => {
      const method = req.method
      if (req.url !== HEALTH_PATH || (method !== 'GET' && method !== 'HEAD')) return next(req, res)
      const scheme = nodeRequestOverHttps(req, trustProxy) ? 'https' : 'http'
      return databaseAnswers().then((answers) => {
        res.writeHead(answers ? 200 : 503, (answers ? okHeaders : unavailableHeaders)[scheme])
        res.end(method === 'HEAD' ? undefined : answers ? ok : unavailable)
      })
    }

  return { middleware, front }
}
