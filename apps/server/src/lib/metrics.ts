import { timingSafeEqual } from 'node:crypto'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { MiddlewareHandler } from 'hono'
import { isFromThisMachine } from './client-address.ts'

export const METRICS_PATH = '/metrics'

/** One reading of a gauge that is measured when the metrics are asked for (the job queue's depth, a pool's connections). */
export interface Reading {
  labels?: Record<string, string>
  value: number
}

export interface MeasuredGauge {
  name: string
  help: string
  labelNames?: readonly string[]
  /** Asked on every scrape; what it answers replaces the last readings, so a label that is gone is gone. */
  read(): Promise<Reading[]> | Reading[]
}

/** What a request's answer adds to the metrics: its route as registered (never an id or a query string). */
export type ObserveRequest = (method: string, route: string, status: number, ms: number) => void

export interface MetricsOptions {
  /** The process's own figures (CPU, memory, the event loop's delay, garbage collection): on for a server, off in tests. */
  processMetrics?: boolean
  gauges?: readonly MeasuredGauge[]
}

/**
 * The server's figures in Prometheus's text format (docs/operations.md): requests by route, method and status with
 * their durations, and gauges read when scraped. Each app has a registry of its own, so two apps in one process (the
 * set-up page, tests) never count into each other.
 */
export function createMetrics(options: MetricsOptions = {}) {
  const registry = new Registry()
  if (options.processMetrics) collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'salon_http_requests_total',
    help: 'Requests answered, by method, route as registered and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const durations = new Histogram({
    name: 'salon_http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer, by method, route as registered and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  for (const measured of options.gauges ?? []) {
    new Gauge({
      name: measured.name,
      help: measured.help,
      labelNames: measured.labelNames ?? [],
      registers: [registry],
      async collect() {
        const readings = await measured.read()
        this.reset()
        for (const reading of readings) {
          if (reading.labels) this.set(reading.labels, reading.value)
          else this.set(reading.value)
        }
      },
    })
  }

  const observe: ObserveRequest = (method, route, status, ms) => {
    requests.inc({ method, route, status: String(status) })
    durations.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, ms / 1000)
  }

  return { registry, observe, text: () => registry.metrics(), contentType: registry.contentType }
}

export type Metrics = ReturnType<typeof createMetrics>

const sameSecret = (given: string, token: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * GET /metrics, for a Prometheus server: open to a request made on this machine (as the outbox is), or from
 * anywhere with `Authorization: Bearer <METRICS_TOKEN>`. Anyone else is told how it opens, and learns nothing else.
 */
export function metricsRoute(metrics: Metrics, token: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path !== METRICS_PATH || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next()
    const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    const allowed = (token !== undefined && bearer !== undefined && sameSecret(bearer, token)) || (bearer === undefined && isFromThisMachine(c))
    if (!allowed) {
      return c.json({ message: 'The metrics open only on the server itself, or with the METRICS_TOKEN setting as a bearer token.' }, 403, {
        'Cache-Control': 'no-store',
      })
    }
    return c.body(await metrics.text(), 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' })
  }
}
