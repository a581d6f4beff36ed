import { schema } from '@salon/db'
import { expect, it } from 'vitest'
import { describeDatabase } from '../test/harness.ts'
import { createRateLimiter, MAX_WINDOW_SECONDS, removeExpiredWindows } from './rate-limit.ts'
import { createRateLimitRepository } from './rate-limit.repository.ts'

const rule = { name: 'test-rule', limit: 2, windowSeconds: 600 }

describeDatabase('rate limits', (database) => {
  const keys = async () => (await database().db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map((row) => row.key).sort()

  it('lets a subject through up to the limit within its window, then refuses it', async () => {
    const limiter = createRateLimiter(createRateLimitRepository(database().db))
    expect(await limiter.allow(rule, 'counted')).toBe(true)
    expect(await limiter.allow(rule, 'counted')).toBe(true)
    expect(await limiter.allow(rule, 'counted')).toBe(false)
    expect(await limiter.allow(rule, 'someone-else')).toBe(true)
  })

  it('starts a new window once the old one has run out', async () => {
    const limiter = createRateLimiter(createRateLimitRepository(database().db))
    const before = new Date(Date.now() - (rule.windowSeconds + 60) * 1000)
    await database().db.insert(schema.rateLimits).values({ key: 'test-rule:returning', windowStart: before, count: 50 })
    expect(await limiter.allow(rule, 'returning')).toBe(true)
    expect(await limiter.allow(rule, 'returning')).toBe(true)
    expect(await limiter.allow(rule, 'returning')).toBe(false)
  })

  it('removes the counters of windows that have run out and keeps the live ones', async () => {
    const repository = createRateLimitRepository(database().db)
    const limiter = createRateLimiter(repository)
    await limiter.allow(rule, 'live')
    const longAgo = new Date(Date.now() - (MAX_WINDOW_SECONDS + 3600) * 1000)
    await database().db.insert(schema.rateLimits).values({ key: 'test-rule:expired', windowStart: longAgo, count: 9 })

    const removed = await removeExpiredWindows(repository)

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
