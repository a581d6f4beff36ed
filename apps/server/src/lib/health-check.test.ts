import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import type { Database } from '@salon/db'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createHealthCheck } from './health-check.ts'
import { createLogger } from './logger.ts'
import { requestLog } from './request-log.ts'
import { PROTECTIVE_HEADERS } from './security-headers.ts'

/** A server with the health check in front of the request log, a database whose pings the test decides, and its log. */
function probe(ping: () => Promise<void>, options: { trustProxy?: boolean; ready?: () => boolean } = {}) {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
        done()
      },
    }),
  )
  let pings = 0
  const database = {
    kind: 'postgres',
    ping: () => {
      pings++
      return ping()
    },
  } as unknown as Database
  const app = new Hono()
  app.use(
    createHealthCheck({
      database,
      logger,
      trustProxy: options.trustProxy ?? false,
      headers: { 'Content-Security-Policy': "default-src 'self'", ...PROTECTIVE_HEADERS },
      ready: options.ready,
    }).middleware,
  )
  app.use(requestLog(logger))
  app.get('/other', (c) => c.text('other'))
  return { app, lines, pings: () => pings }
}

describe('GET /healthz', () => {
  it('says the database answers, with the security headers, never to be cached, and without a log line', async () => {
    const { app, lines } = probe(async () => {})
    const res = await app.request('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: 'postgres' })
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'")
    for (const [name, value] of Object.entries(PROTECTIVE_HEADERS)) expect(res.headers.get(name)).toBe(value)
    expect(res.headers.get('strict-transport-security')).toBeNull()
    expect(lines).toEqual([])
    // Other requests are still logged.
    await app.request('/other')
    expect(lines).toEqual([expect.objectContaining({ route: '/other', status: 200 })])
  })

  it('answers HEAD with the status alone', async () => {
    const { app } = probe(async () => {})
    const res = await app.request('/healthz', { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
  })

  it('answers 503 when the database does not answer, and logs why once per question', async () => {
    const { app, lines, pings } = probe(async () => {
      throw new Error('connection refused')
    })
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.request('/healthz')))
    for (const res of answers) {
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({ status: 'unavailable', message: 'The database does not answer.' })
    }
    expect(pings()).toBe(1)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 40, msg: 'The health check found the database not answering.', err: { message: 'connection refused' } })
  })

  it('asks the database at most once a second however often it is asked', async () => {
    const { app, pings } = probe(async () => {})
    for (let i = 0; i < 30; i++) expect((await app.request('/healthz')).status).toBe(200)
    expect(pings()).toBe(1)
  })

  it('sends HSTS only over HTTPS, and believes a forwarded protocol only behind a trusted proxy', async () => {
    const direct = probe(async () => {})
    expect((await direct.app.request('https://salon.example/healthz')).headers.get('strict-transport-security')).toContain('max-age=')
    expect((await direct.app.request('/healthz', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull()
    const proxied = probe(async () => {}, { trustProxy: true })
    expect((await proxied.app.request('/healthz', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toContain(
      'max-age=',
    )
  })

  it('leaves other methods and paths to the rest of the server', async () => {
    const { app } = probe(async () => {})
    expect((await app.request('/healthz', { method: 'POST' })).status).toBe(404)
    expect((await app.request('/healthz/')).status).toBe(404)
    expect((await app.request('/other')).status).toBe(200)
  })
})

describe('GET /readyz', () => {
  it('is ready while the database answers and the process is not stopping; once it stops, 503 while /healthz stays 200', async () => {
    let stopping = false
    const { app, lines } = probe(async () => {}, { ready: () => !stopping })
    const ready = await app.request('/readyz')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ok', database: 'postgres' })
    stopping = true
    const stopped = await app.request('/readyz')
    expect(stopped.status).toBe(503)
    expect(stopped.headers.get('cache-control')).toBe('no-store')
    expect(await stopped.json()).toEqual({ status: 'stopping', message: 'This process is stopping: it finishes what it has and takes nothing new.' })
    expect((await app.request('/healthz')).status).toBe(200)
    expect(lines).toEqual([])
  })

  it('is not ready when the database does not answer', async () => {
    const { app } = probe(async () => {
      throw new Error('connection refused')
    })
    const res = await app.request('/readyz')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ status: 'unavailable', message: 'The database does not answer.' })
  })

  it("is answered ahead of the app by the Node server's front too, with the same answers", async () => {
    let stopping = false
    const check = createHealthCheck({
      database: { kind: 'pglite', ping: async () => {} } as unknown as Database,
      logger: createLogger('silent'),
      trustProxy: false,
      headers: {},
      ready: () => !stopping,
    })
    const server = createServer(check.front((_req, res) => res.writeHead(418).end()))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      expect((await fetch(`${url}/readyz`)).status).toBe(200)
      stopping = true
      const stopped = await fetch(`${url}/readyz`)
      expect([stopped.status, ((await stopped.json()) as { status: string }).status]).toEqual([503, 'stopping'])
      expect(stopped.headers.get('content-length')).toBe(
        String(Buffer.byteLength(JSON.stringify({ status: 'stopping', message: 'This process is stopping: it finishes what it has and takes nothing new.' }))),
      )
      expect((await fetch(`${url}/healthz`)).status).toBe(200)
      expect((await fetch(`${url}/readyz?x=1`)).status).toBe(418)
    } finally {
      server.close()
    }
  })
})
