import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Database } from '@salon/db'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from './logger.ts'
import { HSTS, lowerCaseNames, nodeRequestOverHttps, servedOverHttps } from './security-headers.ts'

export const HEALTH_PATH = '/healthz'
/** Whether to send this process new requests: as /healthz, and false too while the process is stopping. */
export const READY_PATH = '/readyz'

export interface HealthCheckOptions {
  database: Database
  logger: Logger
  trustProxy: boolean
  headers: Record<string, string>
  /** False once the process has begun to stop; always true when not given. */
  ready?: () => boolean
}

/**
 * GET /healthz for a load balancer or uptime monitor (and GET /readyz, the same but false while stopping), answered first, as the built files are: a probe that asks
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
  const stopping = JSON.stringify({ status: 'stopping', message: 'This process is stopping: it finishes what it has and takes nothing new.' })
  const ready = options.ready ?? (() => true)

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

  /** The body of the answer: ok, or why not. A process that is stopping is still healthy, but not ready. */
  const answerFor = async (path: string) => {
    if (path === READY_PATH && !ready()) return stopping
    return (await databaseAnswers()) ? ok : unavailable
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method
    if ((method !== 'GET' && method !== 'HEAD') || (c.req.path !== HEALTH_PATH && c.req.path !== READY_PATH)) return next()
    const body = await answerFor(c.req.path)
    return new Response(method === 'HEAD' ? null : body, {
      status: body === ok ? 200 : 503,
      headers: servedOverHttps(c, trustProxy) ? overHttps : headers,
    })
  }

  /** The front's headers, made once: with the length of its body, over plain HTTP and over HTTPS. */
  const sized = (body: string) => {
    const length = { 'content-length': String(Buffer.byteLength(body)) }
    return { http: { ...headers, ...length }, https: { ...overHttps, ...length } }
  }
  const sizedHeaders = new Map([ok, unavailable, stopping].map((body) => [body, sized(body)]))

  /** Node's listener with the probe answered ahead of `next`; any other request (a query string too) goes on to it. */
  const front =
    (next: (req: IncomingMessage, res: ServerResponse) => unknown) =>
    (req: IncomingMessage, res: ServerResponse): unknown => {
      const method = req.method
      const url = req.url
      if ((url !== HEALTH_PATH && url !== READY_PATH) || (method !== 'GET' && method !== 'HEAD')) return next(req, res)
      const scheme = nodeRequestOverHttps(req, trustProxy) ? 'https' : 'http'
      return answerFor(url).then((body) => {
        res.writeHead(body === ok ? 200 : 503, sizedHeaders.get(body)![scheme])
        res.end(method === 'HEAD' ? undefined : body)
      })
    }

  return { middleware, front }
}
