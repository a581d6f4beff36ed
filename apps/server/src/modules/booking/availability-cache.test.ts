import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { AVAILABILITY_CHANNEL, createAvailabilityCache, type ComputedAnswer, type NotificationSource } from './availability-cache.ts'

/** A database whose notifications the test sends by hand. */
function notifications() {
  let deliver: ((payload: string) => void) | undefined
  let state: ((listening: boolean) => void) | undefined
  const source: NotificationSource = {
    async listen(channel, onNotify, onListening) {
      expect(channel).toBe(AVAILABILITY_CHANNEL)
      deliver = onNotify
      state = onListening
      onListening?.(true)
      return async () => {}
    },
  }
  return { source, notify: (payload: string) => deliver!(payload), setListening: (on: boolean) => state!(on) }
}

/** A computation the test finishes when it likes. */
function deferred() {
  let resolve!: (value: ComputedAnswer) => void
  const promise = new Promise<ComputedAnswer>((r) => (resolve = r))
  return { promise, resolve }
}

async function setUp(options: { maxEntries?: number; maxAgeMs?: number } = {}) {
  let now = 1_000_000
  const cache = createAvailabilityCache({ now: () => now, ...options })
  const db = notifications()
  await cache.follow(db.source)
  let computed = 0
  /** An answer that holds for a minute, numbered so a test sees which computation gave it. */
  const work = async (at: number): Promise<ComputedAnswer> => ({ json: JSON.stringify({ n: ++computed, at }), expiresAt: at + 60_000 })
  const ask = async (shop = 'shop-a', key = 'preload') => JSON.parse((await cache.answer(shop, key, work)).json) as { n: number; at: number }
  return { cache, db, ask, work, setNow: (at: number) => (now = at), getNow: () => now, computed: () => computed }
}

describe('the availability cache', () => {
  it('keeps an answer per shop and query until it expires', async () => {
    const { ask, setNow, getNow } = await setUp()
    expect((await ask()).n).toBe(1)
    expect((await ask()).n).toBe(1)
    expect((await ask('shop-a', 'other')).n).toBe(2)
    expect((await ask('shop-b')).n).toBe(3)
    setNow(getNow() + 59_999)
    expect((await ask()).n).toBe(1)
    setNow(getNow() + 1)
    expect((await ask()).n).toBe(4)
  })

  it('keeps nothing longer than its longest age, and nothing at all with 0', async () => {
    const short = await setUp({ maxAgeMs: 1_000 })
    expect((await short.ask()).n).toBe(1)
    short.setNow(short.getNow() + 1_000)
    expect((await short.ask()).n).toBe(2)
    const none = await setUp({ maxAgeMs: 0 })
    expect((await none.ask()).n).toBe(1)
    expect((await none.ask()).n).toBe(2)
    expect(none.cache.size).toBe(0)
  })

  it('does not serve an answer worked out later than now, when a test clock goes back', async () => {
    const { ask, setNow, getNow } = await setUp()
    const start = getNow()
    expect((await ask()).n).toBe(1)
    setNow(start - 1)
    expect((await ask()).n).toBe(2)
  })

  it("drops a shop's answers when it changes, and only that shop's", async () => {
    const { cache, db, ask } = await setUp()
    await ask('shop-a')
    await ask('shop-b')
    cache.invalidate('shop-a')
    expect((await ask('shop-a')).n).toBe(3)
    expect((await ask('shop-b')).n).toBe(2)
    db.notify('shop-b')
    expect((await ask('shop-b')).n).toBe(4)
    db.notify('*')
    expect((await ask('shop-a')).n).toBe(5)
    expect((await ask('shop-b')).n).toBe(6)
  })

  it('does not keep an answer that was being worked out when its shop changed, though its caller gets it', async () => {
    const { cache, ask } = await setUp()
    const slow = deferred()
    const first = cache.answer('shop-a', 'preload', () => slow.promise)
    // A booking commits while the answer is being worked out from what was read before it.
    cache.invalidate('shop-a')
    slow.resolve({ json: '"before the booking"', expiresAt: Infinity })
    expect((await first).json).toBe('"before the booking"')
    expect((await ask()).n).toBe(1)
    expect(cache.size).toBe(1)
  })

  it('shares one computation among requests arriving together, but not with one arriving after a change', async () => {
    const { cache } = await setUp()
    const slow = deferred()
    let started = 0
    const work = () => {
      started++
      return slow.promise
    }
    const a = cache.answer('shop-a', 'preload', work)
    const b = cache.answer('shop-a', 'preload', work)
    await Promise.resolve()
    expect(started).toBe(1)
    cache.invalidate('shop-a')
    const fresh = deferred()
    const c = cache.answer('shop-a', 'preload', () => {
      started++
      return fresh.promise
    })
    expect(started).toBe(2)
    slow.resolve({ json: '"old"', expiresAt: Infinity })
    fresh.resolve({ json: '"new"', expiresAt: Infinity })
    expect([(await a).json, (await b).json, (await c).json]).toEqual(['"old"', '"old"', '"new"'])
  })

  it('keeps nothing while it does not hear from the database, and forgets everything when it stops hearing', async () => {
    const { cache, db, ask } = await setUp()
    await ask()
    db.setListening(false)
    expect(cache.size).toBe(0)
    expect((await ask()).n).toBe(2)
    expect((await ask()).n).toBe(3)
    db.setListening(true)
    expect((await ask()).n).toBe(4)
    expect((await ask()).n).toBe(4)
    const unfollowed = createAvailabilityCache({ now: () => 0 })
    const work = async () => ({ json: '1', expiresAt: Infinity })
    await unfollowed.answer('shop-a', 'preload', work)
    expect(unfollowed.size).toBe(0)
  })

  it('holds at most so many answers, dropping the least recently used', async () => {
    const { cache, ask } = await setUp({ maxEntries: 2 })
    await ask('shop-a', 'one')
    await ask('shop-a', 'two')
    await ask('shop-a', 'one')
    await ask('shop-a', 'three')
    expect(cache.size).toBe(2)
    expect((await ask('shop-a', 'one')).n).toBe(1)
    expect((await ask('shop-a', 'two')).n).toBe(4)
  })

  it('a failed computation is not kept, and the next request tries again', async () => {
    const { cache, ask } = await setUp()
    await expect(cache.answer('shop-a', 'preload', async () => Promise.reject(new Error('no database')))).rejects.toThrow('no database')
    expect((await ask()).n).toBe(1)
  })

  it('gives the answer gzipped, made once', async () => {
    const { cache, work } = await setUp()
    const answer = await cache.answer('shop-a', 'preload', work)
    expect(gunzipSync(answer.gzip()).toString()).toBe(answer.json)
    expect(answer.gzip()).toBe(answer.gzip())
  })
})
