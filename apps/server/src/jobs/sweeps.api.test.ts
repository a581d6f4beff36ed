import { eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { createLogger } from '../lib/logger.ts'
import { anotherProcess, describeApi } from '../test/harness.ts'
import { createWorker } from './worker.ts'

/** The periodic clean-ups run as jobs on the shared queue: once per period, however many processes run them. */
describeApi('the periodic clean-ups', (get) => {
  it('runs each clean-up once per period with two server processes, and keeps what it did', async () => {
    const t = get()
    const logger = createLogger('silent')
    const second = anotherProcess(t)
    const workers = [createWorker({ ...t.app.jobs, logger }), createWorker({ ...second.jobs, logger })]
    // A rate-limit window long past, which the clean-up removes.
    await t.db.insert(schema.rateLimits).values({ key: 'test-old-window', windowStart: new Date(Date.now() - 3 * 24 * 3600_000), count: 1 })
    await Promise.all(workers.map((w) => w.runDue()))
    await Promise.all(workers.map((w) => w.runDue()))
    const done = await t.db.select().from(schema.jobs).where(eq(schema.jobs.status, 'done'))
    const kinds = done.map((job) => job.kind).sort()
    expect(kinds).toEqual([
      'sweep.contact-messages',
      'sweep.credit-holds',
      'sweep.expired-minutes',
      'sweep.expiring-minutes',
      'sweep.finished-jobs',
      'sweep.inactive-customers',
      'sweep.offer-leads',
      'sweep.rate-limits',
      'sweep.spent-codes',
      'sweep.stale-sign-ups',
      'sweep.waitlist',
      'sweep.withdrawn-consents',
    ])
    expect(done.find((job) => job.kind === 'sweep.rate-limits')?.result).toEqual({ removed: 1 })
  })
})
