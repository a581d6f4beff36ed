import { schema } from '@salon/db'
import { expect, it } from 'vitest'
import { testClock } from '../test/factories/doubles.ts'
import { describeDatabase } from '../test/harness.ts'
import { createRateLimiter, MAX_WINDOW_SECONDS, removeExpiredWindows } from './rate-limit.ts'
import { createRateLimitRepository } from './rate-limit.repository.ts'

const rule = { name: 'test-rule', limit: 2, windowSeconds: 600 }
const clock = testClock('2026-06-01T10:00:00Z')

describeDatabase('rate limits', (database) => {
  const keys = async () => (await database().db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map((row) => row.key).sort()

  it('lets a subject through up to the limit within its window, then refuses it', async () => {
    const limiter = createRateLimiter(createRateLimitRepository(database().db))
    expect(await limiter.allow(rule, 'counted')).toBe(true)
    expect(await limiter.allow(rule, 'counted')).toBe(true)
    expect(await limiter.allow(rule, 'counted')).toBe(false)
    expect(await limiter.allow(rule, 'someone-else')).toBe(true)
  })

  it('starts a new window once the old one has run out on the app’s clock', async () => {
    clock.reset()
    const limiter = createRateLimiter(createRateLimitRepository(database().db), clock.now)
    expect(await limiter.allow(rule, 'returning')).toBe(true)
    expect(await limiter.allow(rule, 'returning')).toBe(true)
    expect(await limiter.allow(rule, 'returning')).toBe(false)
    clock.advance((rule.windowSeconds - 1) * 1000)
    expect(await limiter.allow(rule, 'returning')).toBe(false)
    clock.advance(1000)
    expect(await limiter.allow(rule, 'returning')).toBe(true)
    expect(await limiter.allow(rule, 'returning')).toBe(true)
    expect(await limiter.allow(rule, 'returning')).toBe(false)
  })

  it('removes the counters of windows that have run out and keeps the live ones', async () => {
    clock.reset()
    const repository = createRateLimitRepository(database().db)
    const limiter = createRateLimiter(repository, clock.now)
    await limiter.allow(rule, 'expired')
    clock.advance((MAX_WINDOW_SECONDS + 3600) * 1000)
    await limiter.allow(rule, 'live')

    const removed = await removeExpiredWindows(repository, clock.now())

    expect(removed).toBeGreaterThanOrEqual(1)
    const left = await keys()
    expect(left).toContain('test-rule:live')
    expect(left).not.toContain('test-rule:expired')
  })

  it('refuses a rule whose window is longer than the sweep keeps counters', async () => {
    const limiter = createRateLimiter(createRateLimitRepository(database().db))
    await expect(limiter.allow({ ...rule, windowSeconds: MAX_WINDOW_SECONDS + 1 }, 'x')).rejects.toThrow(/at most/)
  })
})
