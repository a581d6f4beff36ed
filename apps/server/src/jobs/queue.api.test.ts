import { schema } from '@salon/db'
import { beforeEach, expect, it } from 'vitest'
import { createJobQueue } from '../lib/job-queue.ts'
import { createLogger } from '../lib/logger.ts'
import { testDbKind } from '../test/database.ts'
import { testClock } from '../test/factories/doubles.ts'
import { describeDatabase } from '../test/harness.ts'
import { backoffMs, createWorker, type JobHandler } from './worker.ts'

const logger = createLogger('silent')

/** docs/decisions/029: one queue in the database, shared by every server process, each job done once. */
describeDatabase('the job queue', (database) => {
  const clock = testClock('2026-11-26T10:00:00Z')
  const queue = () => createJobQueue(database().db, clock.now)
  const worker = (handlers: Record<string, JobHandler>, extra: { periodic?: { kind: string; everyMs: number }[]; lockMs?: number } = {}) =>
    createWorker({ queue: queue(), handlers, logger, now: clock.now, ...extra })

  beforeEach(async () => {
    clock.reset()
    await database().db.delete(schema.jobs)
  })

  it('adds a keyed job once, however many times and from however many places it is asked for', async () => {
    const asked = await Promise.all(Array.from({ length: 60 }, () => queue().enqueue({ kind: 'greet', key: 'greet:once', payload: { to: 'Ann' } })))
    expect(asked.filter(Boolean)).toHaveLength(1)
    expect(await database().db.$count(schema.jobs)).toBe(1)
  })

  it('runs a due job once, and a job that is not due yet only when its time comes', async () => {
    const ran: string[] = []
    const handlers = { greet: async (payload: Record<string, unknown>) => (ran.push(String(payload.to)), { greeted: payload.to }) }
    await queue().enqueue({ kind: 'greet', payload: { to: 'now' } })
    await queue().enqueue({ kind: 'greet', payload: { to: 'later' }, runAt: new Date(clock.now() + 3600_000), key: 'greet:later' })
    const w = worker(handlers)
    expect(await w.runDue()).toBe(1)
    expect(await w.runDue()).toBe(0)
    expect(ran).toEqual(['now'])
    clock.advance(3600_000)
    expect(await w.runDue()).toBe(1)
    expect(ran).toEqual(['now', 'later'])
    expect(await queue().byKey('greet:later')).toMatchObject({ status: 'done', attempts: 1, result: { greeted: 'later' } })
  })

  it('retries a failing job with backoff and keeps it as failed with its error after the last try', async () => {
    let tries = 0
    const w = worker({
      flaky: async () => {
        tries++
        throw new Error(`provider down (${tries})`)
      },
    })
    await queue().enqueue({ kind: 'flaky', key: 'flaky:1', maxAttempts: 3 })
    await w.runDue()
    const first = await queue().byKey('flaky:1')
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: 'provider down (1)' })
    expect(first!.runAt.getTime() - clock.now()).toBeGreaterThanOrEqual(backoffMs(1, () => 0))
    // Not again before its time.
    expect(await w.runDue()).toBe(0)
    clock.advance(backoffMs(1, () => 1))
    await w.runDue()
    clock.advance(backoffMs(2, () => 1))
    await w.runDue()
    expect(tries).toBe(3)
    expect(await queue().byKey('flaky:1')).toMatchObject({ status: 'failed', attempts: 3, lastError: 'provider down (3)' })
    expect((await queue().failed(['flaky'])).map((j) => j.key)).toEqual(['flaky:1'])
    clock.advance(24 * 3600_000)
    expect(await w.runDue()).toBe(0)
  })

  it('gives a job whose process died to another once its lock has lapsed; the dead one can no longer finish it', async () => {
    await queue().enqueue({ kind: 'greet', key: 'greet:orphan' })
    const [taken] = await queue().claim('dead-process', ['greet'], 1, 60_000)
    expect(taken).toMatchObject({ key: 'greet:orphan', status: 'running', lockedBy: 'dead-process' })
    const ran: string[] = []
    const alive = worker({ greet: async (_payload, context) => void ran.push(`${context.key}:${context.attempt}`) })
    expect(await alive.runDue()).toBe(0)
    clock.advance(60_001)
    expect(await alive.runDue()).toBe(1)
    expect(ran).toEqual(['greet:orphan:2'])
    expect(await queue().complete(taken!.id, 'dead-process')).toBe(false)
    expect(await queue().byKey('greet:orphan')).toMatchObject({ status: 'done', attempts: 2 })
  })

  it('cancels and moves a job that has not started, by its key', async () => {
    await queue().enqueue({ kind: 'greet', key: 'greet:moved', runAt: new Date(clock.now() + 1000) })
    await queue().enqueue({ kind: 'greet', key: 'greet:cancelled', runAt: new Date(clock.now() + 1000) })
    expect(await queue().reschedule('greet:moved', new Date(clock.now() + 7200_000))).toBe(true)
    expect(await queue().cancel('greet:cancelled')).toBe(true)
    expect(await queue().cancel('greet:nothing')).toBe(false)
    const ran: string[] = []
    const w = worker({ greet: async (_p, c) => void ran.push(c.key!) })
    clock.advance(3600_000)
    await w.runDue()
    expect(ran).toEqual([])
    clock.advance(3600_000)
    await w.runDue()
    expect(ran).toEqual(['greet:moved'])
  })

  it('asks for a periodic job once per period, however many processes ask', async () => {
    const ran: string[] = []
    const periodic = [{ kind: 'sweep', everyMs: 3600_000 }]
    const handlers = { sweep: async (_p: Record<string, unknown>, c: { key: string | null }) => void ran.push(c.key!) }
    const processes = [worker(handlers, { periodic }), worker(handlers, { periodic }), worker(handlers, { periodic })]
    await Promise.all(processes.map((p) => p.runDue()))
    await Promise.all(processes.map((p) => p.runDue()))
    expect(ran).toHaveLength(1)
    clock.advance(3600_000)
    await Promise.all(processes.map((p) => p.runDue()))
    expect(ran).toHaveLength(2)
    expect(new Set(ran).size).toBe(2)
  })

  it.skipIf(testDbKind !== 'postgres')('runs each of 200 jobs exactly once with four processes taking them at the same time', async () => {
    const runs = new Map<string, number>()
    const handlers = {
      count: async (payload: Record<string, unknown>) => {
        const n = String(payload.n)
        runs.set(n, (runs.get(n) ?? 0) + 1)
        await new Promise((resolve) => setImmediate(resolve))
      },
    }
    for (let n = 0; n < 200; n++) await queue().enqueue({ kind: 'count', payload: { n }, key: `count:${n}` })
    const processes = Array.from({ length: 4 }, () => worker(handlers))
    const ran = await Promise.all(processes.map((p) => p.runDue()))
    expect(ran.reduce((a, b) => a + b, 0)).toBe(200)
    expect(runs.size).toBe(200)
    expect([...runs.values()].every((count) => count === 1)).toBe(true)
  })
})
