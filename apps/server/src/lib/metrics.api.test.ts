import { sql } from '@salon/db'
import { expect, it } from 'vitest'
import { createWorker } from '../jobs/worker.ts'
import { createJobQueue } from './job-queue.ts'
import { createLogger } from './logger.ts'
import { shopCustomer } from '../test/factories/customers.ts'
import { testClock } from '../test/factories/doubles.ts'
import { buyPackage } from '../test/factories/payments.ts'
import { describeApi } from '../test/harness.ts'

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef'
const clock = testClock('2026-11-23T10:00:00Z')

/** The value of one series in Prometheus's text format, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describeApi(
  'GET /metrics',
  (t) => {
    const scrape = async (init: { url?: string; token?: string } = {}) => {
      const res = await t().app.request(init.url ?? '/metrics', { headers: init.token ? { authorization: `Bearer ${init.token}` } : {} })
      return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), text: await res.text() }
    }

    it('opens on this machine, or with the token from anywhere; a wrong token or another host is refused and learns nothing', async () => {
      const here = await scrape()
      expect(here).toMatchObject({ status: 200, cache: 'no-store' })
      expect(here.type).toContain('text/plain')
      expect(here.text).toContain('# TYPE salon_http_requests_total counter')
      expect(await scrape({ url: 'https://salon.example/metrics', token: TOKEN })).toMatchObject({ status: 200 })
      for (const refused of [
        await scrape({ url: 'https://salon.example/metrics' }),
        await scrape({ url: 'https://salon.example/metrics', token: `${TOKEN}x` }),
        await scrape({ token: 'not-the-token' }),
      ]) {
        expect(refused.status).toBe(403)
        expect(JSON.parse(refused.text)).toEqual({
          message: 'The metrics open only on the server itself, or with the METRICS_TOKEN setting as a bearer token.',
        })
        expect(refused.text).not.toContain('salon_')
      }
      const proxied = await t().app.request('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } })
      expect(proxied.status).toBe(403)
    })

    it('counts requests by the route as registered, never by an id in the address, with their durations', async () => {
      const before = await scrape()
      const series = 'salon_http_requests_total{method="GET",route="/api/p_bookings/:id",status="401"}'
      expect(valueOf(before.text, series)).toBeUndefined()
      for (const id of ['8c7e0d6e-55a4-4c1e-9d55-1a2b3c4d5e6f', '0f0e0d0c-0b0a-4908-8706-050403020100']) {
        expect((await t().api(`p_bookings/${id}`)).status).toBe(401)
      }
      expect((await t().api('nothing/here')).status).toBe(404)
      const after = await scrape()
      expect(valueOf(after.text, series)).toBe(2)
      expect(after.text).not.toContain('8c7e0d6e')
      expect(after.text).not.toContain('nothing/here')
      expect(valueOf(after.text, 'salon_http_requests_total{method="GET",route="(unmatched)",status="404"}')).toBeGreaterThanOrEqual(1)
      expect(valueOf(after.text, 'salon_http_request_duration_seconds_count{method="GET",route="/api/p_bookings/:id",status_class="4xx"}')).toBe(2)
      // Scrapes themselves are neither logged nor counted.
      expect(after.text).not.toContain('route="/metrics"')
    })

    it("says the job queue's depth, its running and failed jobs, and how long the oldest due job has waited, by kind", async () => {
      const queue = createJobQueue(t().db, clock.now)
      await queue.enqueue({ kind: 'test.metrics', runAt: new Date(clock.now() - 90_000) })
      await queue.enqueue({ kind: 'test.metrics', runAt: new Date(clock.now() - 30_000) })
      await queue.enqueue({ kind: 'test.metrics', runAt: new Date(clock.now() + 3_600_000) })
      // A job a trigger asks for is due from the start of time; it has waited since it was made.
      await t().db.execute(
        sql`insert into jobs (id, kind, key, run_at, created_at) values (gen_random_uuid(), 'test.infinite', null, '-infinity', ${new Date(clock.now() - 45_000).toISOString()}::timestamptz)`,
      )
      const [taken] = await queue.claim('worker-a', ['test.metrics'], 1, 60_000)
      await queue.fail(taken!.id, 'worker-a', 'it broke', null)
      const text = (await scrape()).text
      expect(valueOf(text, 'salon_jobs_due{kind="test.metrics"}')).toBe(1)
      expect(valueOf(text, 'salon_jobs_failed{kind="test.metrics"}')).toBe(1)
      expect(valueOf(text, 'salon_jobs_running{kind="test.metrics"}')).toBe(0)
      expect(valueOf(text, 'salon_jobs_oldest_due_seconds{kind="test.metrics"}')).toBe(30)
      expect(valueOf(text, 'salon_jobs_due{kind="test.infinite"}')).toBe(1)
      expect(valueOf(text, 'salon_jobs_oldest_due_seconds{kind="test.infinite"}')).toBe(45)
    })

    it('counts payments by provider, purpose and status, and messages by channel and status, without naming anyone', async () => {
      const customer = await shopCustomer(t())
      await buyPackage(t(), customer, t().shop.packages[0]!.id)
      // The receipt is emailed by the job queue.
      expect(await createWorker({ ...t().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()).toBeGreaterThanOrEqual(1)
      const text = (await scrape()).text
      expect(valueOf(text, 'salon_payments{provider="offline",purpose="package",status="succeeded"}')).toBe(1)
      expect(valueOf(text, 'salon_messages{channel="email",status="sent"}')).toBe(1)
      expect(text).not.toContain(customer.phone)
    })

    it('shows the database pool of PostgreSQL, which the embedded database does not have', async () => {
      const text = (await scrape()).text
      if (t().database.kind === 'postgres') expect(valueOf(text, 'salon_database_connections{state="total"}')).toBeGreaterThanOrEqual(1)
      else expect(text).not.toContain('salon_database_connections')
    })
  },
  () => ({ metricsToken: TOKEN, now: clock.now }),
)
