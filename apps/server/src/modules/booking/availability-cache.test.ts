import { gunzipSync } from 'node:zlib'
import type { PreloadTimesResponse } from '@salon/contracts/booking'
import { describe, expect, it } from 'vitest'
import { AVAILABILITY_CHANNEL, createAvailabilityCache, type CachedAnswer, type ComputedAnswer, type NotificationSource } from './availability-cache.ts'
import type { BookingRepository, ShopSetup } from './booking.repository.ts'
import { createBookingService } from './booking.service.ts'

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
function deferred<T = ComputedAnswer>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
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

describe('free times kept by the booking service', () => {
  const rules = {
    slotStepMinutes: 60,
    leadTimeMinutes: 0,
    horizonDays: 28,
    cancellationCutoffMinutes: 0,
    firstSessionMaxMinutes: 6,
    minHoursBetweenSessions: 0,
    payInSalon: true,
    payUpFront: false,
  }
  const setupWith = (bedIds: string[]): ShopSetup => ({
    shopId: 'shop-a',
    name: 'Shop A',
    timeZone: 'Europe/London',
    phone: '01632 960000',
    rules,
    hours: new Map([0, 1, 2, 3, 4, 5, 6].map((weekday) => [weekday, { opensAt: '09:00', closesAt: '12:00' }])),
    beds: bedIds.map((id) => ({ id, name: id, type: 'lay-down', minMinutes: 1, maxMinutes: 12, cleaningBufferMinutes: 0, perMinutePence: 60 })),
    closures: new Map(),
    specialHours: new Map(),
  })

  it('never reuse a set-up query begun before a change was announced', async () => {
    const now = Date.parse('2026-11-23T08:00:00Z')
    const cache = createAvailabilityCache({ now: () => now })
    const db = notifications()
    await cache.follow(db.source)
    // A repository that, like the real one, lets requests arriving together share one set-up query, unless asked not to.
    const queries: { shared: boolean; answer: ReturnType<typeof deferred<ShopSetup>> }[] = []
    let inFlight: Promise<ShopSetup> | undefined
    const repository = {
      setup(_shop: string, _from: string, _to: string, shared = true) {
        if (shared && inFlight) return inFlight
        const answer = deferred<ShopSetup>()
        queries.push({ shared, answer })
        if (shared) inFlight = answer.promise
        return answer.promise
      },
      busy: async () => [],
    } as unknown as BookingRepository
    const service = createBookingService({
      bookings: repository,
      ledger: {} as never,
      customers: {} as never,
      memberships: {} as never,
      credit: {} as never,
      now: () => now,
      availability: cache,
    })
    const beds = async (answer: Promise<CachedAnswer>) => (JSON.parse((await answer).json) as PreloadTimesResponse).beds.map((b) => b.id)

    const before = service.preload('shop-a')
    await Promise.resolve()
    // The salon takes a bed out of use; the notification arrives while the first answer's query is still out.
    db.notify('shop-a')
    const after = service.preload('shop-a')
    await Promise.resolve()
    expect(queries).toHaveLength(2)
    queries[0]!.answer.resolve(setupWith(['bed-1', 'bed-2']))
    queries[1]!.answer.resolve(setupWith(['bed-1']))
    expect(await beds(before)).toEqual(['bed-1', 'bed-2'])
    expect(await beds(after)).toEqual(['bed-1'])
    expect(await beds(service.preload('shop-a'))).toEqual(['bed-1'])
    expect(queries).toHaveLength(2)
  })
})
