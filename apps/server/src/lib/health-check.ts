import type { Database } from '@salon/db'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from './logger.ts'
import { HSTS, lowerCaseNames, servedOverHttps } from './security-headers.ts'

export const HEALTH_PATH = '/healthz'

/**
 * GET /healthz for a load balancer or uptime monitor, answered first, as the built files are: a probe that asks
 * many times a second gets no request id or log line of its own. The database is asked at most once a second and
 * never twice at once; when it does not answer, that is logged once per question, and the probe gets 503.
 */
export function healthCheck(options: { database: Database; logger: Logger; trustProxy: boolean; headers: Record<string, string> }): MiddlewareHandler {
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

  return async (c, next) => {
    const method = c.req.method
    if ((method !== 'GET' && method !== 'HEAD') || c.req.path !== HEALTH_PATH) return next()
    const answers = await databaseAnswers()
    return new Response(method === 'HEAD' ? null : answers ? ok : unavailable, {
      status: answers ? 200 : 503,
      headers: servedOverHttps(c, trustProxy) ? overHttps : headers,
    })
  }
}
