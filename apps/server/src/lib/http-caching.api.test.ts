import { expect, it } from 'vitest'
import { shopCustomer } from '../test/factories/customers.ts'
import { fastPasswords, testClock } from '../test/factories/doubles.ts'
import type { ShopInput } from '../test/factories/shop.ts'
import { eventually } from '../test/eventually.ts'
import { anotherProcess, describeApi, type TestApp } from '../test/harness.ts'

/** Public answers carry standard HTTP caching (http-caching.ts): what a CDN in front of several processes needs. */
const HOUR = 3_600_000
/** Monday 23 November 2026, 08:01 GMT. */
const clock = testClock('2026-11-23T08:01:00Z')
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '18:00' })),
  closures: [],
  rules: { slotStepMinutes: 15, leadTimeMinutes: 60, horizonDays: 28, firstSessionMaxMinutes: 6, minHoursBetweenSessions: 0, payInSalon: true },
  beds: [{ id: 'caching-bed-1', type: 'lay-down', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 }],
} satisfies ShopInput
const deps = () => ({ now: clock.now, passwords: fastPasswords, availabilityCacheMs: HOUR, publicCacheMs: HOUR })
const SHARED_FOR_AN_HOUR = 'public, max-age=0, s-maxage=3600, stale-while-revalidate=3600'
const vary = (response: { headers: Headers }) => (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase())

describeApi(
  'public answers carry standard HTTP caching',
  (t: () => TestApp) => {
    /** Another server process on the same database: it learns of the first one's changes only from the database. */
    async function secondProcess() {
      const app = anotherProcess(t(), deps())
      await eventually(
        async () => app.availability.listening,
        (on) => on,
      )
      return app
    }

    it('a public answer gets a strong ETag, Cache-Control for shared caches, the Vary it depends on, and 304 when the client has it', async () => {
      for (const path of ['blogs', 'website/salon', 'website/packages', 'google/reviews']) {
        for (const encoding of ['gzip', 'identity']) {
          const first = await t().app.request(`/api/${path}`, { headers: { ...t().shop.headers, 'accept-encoding': encoding } })
          expect(first.status, path).toBe(200)
          const etag = first.headers.get('etag')!
          expect(etag, path).toMatch(/^"[\w-]{32}"$/)
          expect(first.headers.get('cache-control'), path).toBe(SHARED_FOR_AN_HOUR)
          expect(vary(first), path).toEqual(expect.arrayContaining(['shop_id', 'api_key', 'accept-encoding']))
          const again = await t().app.request(`/api/${path}`, { headers: { ...t().shop.headers, 'accept-encoding': encoding, 'if-none-match': etag } })
          expect(again.status, path).toBe(304)
          expect(await again.text()).toBe('')
          expect(again.headers.get('etag')).toBe(etag)
          expect(again.headers.get('cache-control')).toBe(SHARED_FOR_AN_HOUR)
          const stale = await t().app.request(`/api/${path}`, { headers: { ...t().shop.headers, 'accept-encoding': encoding, 'if-none-match': '"other"' } })
          expect(stale.status, path).toBe(200)
        }
      }
    })

    it('free times are shared but never served stale: revalidated each time, and a booking changes their tag', async () => {
      clock.set('2026-11-23T08:01:00Z')
      const first = await t().api('p_preload_times')
      expect(first.headers.get('cache-control')).toBe('public, no-cache')
      const etag = first.headers.get('etag')!
      expect(etag).toMatch(/^"[\w-]{32}"$/)
      expect(vary(first)).toEqual(expect.arrayContaining(['shop_id', 'api_key', 'accept-encoding']))
      const ask = (etag: string) => t().app.request('/api/p_preload_times', { headers: { ...t().shop.headers, 'if-none-match': etag } })
      expect((await ask(etag)).status).toBe(304)
      const customer = await shopCustomer(t())
      const booked = await t().api('p_book', { body: { date: '2026-11-24', time: '10:00', minutes: 6, bedId: 'caching-bed-1' }, headers: customer.headers })
      expect(booked.status).toBe(201)
      const after = await ask(etag)
      expect(after.status).toBe(200)
      expect(after.headers.get('etag')).not.toBe(etag)
    })

    it("a customer's own answer is never shared, with or without cookies", async () => {
      const customer = await shopCustomer(t())
      for (const cookie of [undefined, '_ga=GA1.1.1.1']) {
        for (const path of ['p_bookings', 'p_account']) {
          const response = await t().api(path, { headers: { ...customer.headers, ...(cookie ? { cookie } : {}) } })
          expect(response.status, path).toBe(200)
          expect(response.headers.get('etag'), path).toBeNull()
          expect(response.headers.get('cache-control') ?? '', path).not.toMatch(/public|s-maxage/)
        }
      }
    })

    it('every process gives the same content the same tag, and after a booking no process keeps the old answer', async () => {
      clock.set('2026-11-23T08:01:00Z')
      const second = await secondProcess()
      const ask = async (app: { request: TestApp['app']['request'] }, path: string, etag?: string) =>
        await app.request(`/api/${path}`, { headers: { ...t().shop.headers, 'accept-encoding': 'gzip', ...(etag ? { 'if-none-match': etag } : {}) } })
      for (const path of ['blogs', 'p_preload_times']) {
        const here = await ask(t().app, path)
        const there = await ask(second, path)
        expect(there.headers.get('etag'), path).toBe(here.headers.get('etag'))
      }
      const before = (await ask(second, 'p_preload_times')).headers.get('etag')!
      const customer = await shopCustomer(t())
      const booked = await t().api('p_book', { body: { date: '2026-11-24', time: '11:00', minutes: 6, bedId: 'caching-bed-1' }, headers: customer.headers })
      expect(booked.status).toBe(201)
      // The other process hears of the booking from the database, a moment after it commits.
      const seen = await eventually(
        () => ask(second, 'p_preload_times', before),
        (response) => response.status === 200,
      )
      expect(seen.headers.get('etag')).not.toBe(before)
      expect(seen.headers.get('etag')).toBe((await ask(t().app, 'p_preload_times')).headers.get('etag'))
    })
  },
  { deps, shop: SHOP },
)
