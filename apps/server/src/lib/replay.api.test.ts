import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { PreloadTimesResponse, SessionsResponse, type TimeSlot } from '@salon/contracts/booking'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { shopCustomer } from '../test/factories/customers.ts'
import { fastPasswords, testClock } from '../test/factories/doubles.ts'
import type { ShopInput } from '../test/factories/shop.ts'
import { eventually } from '../test/eventually.ts'
import { describeApi, type TestApp } from '../test/harness.ts'
import { servedByNode } from '../test/served-by-node.ts'
import { createLogger } from './logger.ts'
import { createReplay, replayableWhile } from './replay.ts'
import type { RequestLine } from './request-log.ts'

/**
 * Answers made from what is kept in memory are given again ahead of the framework (replay.ts). Everything here
 * goes through a real Node server, as production serves it: the front only exists there.
 */
const HOUR = 3_600_000
/** Monday 23 November 2026, 08:01 GMT: the first slot's lead time (09:00 less an hour) has passed, so answers are kept until 08:15 */
const clock = testClock('2026-11-23T08:01:00Z')
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '18:00' })),
  closures: [],
  rules: { slotStepMinutes: 15, leadTimeMinutes: 60, horizonDays: 28, firstSessionMaxMinutes: 6, minHoursBetweenSessions: 0, payInSalon: true },
  beds: [{ id: 'replay-bed-1', type: 'lay-down', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 }],
} satisfies ShopInput

const lines: Record<string, unknown>[] = []
const logger = createLogger('info', {
  write: (line: string) => {
    lines.push(JSON.parse(line) as Record<string, unknown>)
  },
})
const deps = () => ({ now: clock.now, passwords: fastPasswords, availabilityCacheMs: HOUR, publicCacheMs: HOUR, logger })

const offered = (times: TimeSlot[] | undefined, time: string) => (times ?? []).some((slot) => slot.time === time)

describeApi(
  'answers given again from memory',
  (t: () => TestApp) => {
    const node = servedByNode(t, () =>
      eventually(
        async () => t().app.availability.listening,
        (on) => on,
      ),
    )
    const send = (path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
      fetch(`${node.base()}${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers: {
          ...t().shop.headers,
          'accept-encoding': 'gzip',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
    const headersOf = (response: Response) => {
      const all: Record<string, string> = {}
      response.headers.forEach((value, name) => (all[name] = value))
      delete all['x-request-id']
      delete all.date
      return all
    }

    it('the same request is answered with the same bytes and headers, its own request id and log line', async () => {
      const first = await send('/api/blogs')
      const before = node.reachedApp()
      const second = await send('/api/blogs')
      expect(second.status).toBe(200)
      expect(node.reachedApp()).toBe(before)
      expect(await second.text()).toBe(await first.text())
      expect(headersOf(second)).toEqual(headersOf(first))
      expect(second.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')]
      expect(new Set(ids).size).toBe(2)
      const logged = lines.filter((line) => line.msg === 'request' && ids.includes(line.requestId as string))
      expect(logged).toHaveLength(2)
      for (const line of logged) expect(line).toMatchObject({ method: 'GET', route: '/api/blogs', status: 200 })
      // A caller's own plain id is kept, as the chain does.
      expect((await send('/api/blogs', { headers: { 'x-request-id': 'probe-7' } })).headers.get('x-request-id')).toBe('probe-7')
    })

    it('is never given for another encoding, another shop key, or a request with credentials', async () => {
      await send('/api/blogs')
      const plain = await send('/api/blogs', { headers: { 'accept-encoding': 'identity' } })
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect((await plain.json()) as unknown).toHaveProperty('blogs')
      const wrongKey = await send('/api/blogs', { headers: { api_key: 'pk_not_this_shops_key' } })
      expect(wrongKey.status).toBe(401)
      expect(((await wrongKey.json()) as { message: string }).message).toBe('The api_key header is wrong: it is not an active key of this shop.')
      const noShop = await fetch(`${node.base()}/api/blogs`, { headers: { 'accept-encoding': 'gzip' } })
      expect(noShop.status).toBe(401)
      // An address too long to be worth keeping is never kept, so a flood of them cannot fill the memory.
      const long = `/api/blogs?pad=${'x'.repeat(3000)}`
      await send(long)
      const beforeLong = node.reachedApp()
      expect((await send(long)).status).toBe(200)
      expect(node.reachedApp()).toBe(beforeLong + 1)
      // Credentials go through the app.
      const before = node.reachedApp()
      expect((await send('/api/blogs', { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(200)
      expect(node.reachedApp()).toBe(before + 1)
    })

    it('a browser’s cookies change nothing: the API reads none, so a returning visitor and a signed-in customer are answered from memory too', async () => {
      const first = await send('/api/blogs')
      const before = node.reachedApp()
      for (const cookie of ['_ga=GA1.1.1.1', 'CognitoIdentityServiceProvider.client.LastAuthUser=%2B447700900123']) {
        const answer = await send('/api/blogs', { headers: { cookie } })
        expect(answer.status).toBe(200)
        expect(answer.headers.get('set-cookie')).toBeNull()
        expect(headersOf(answer)).toEqual(headersOf(first))
      }
      expect(node.reachedApp()).toBe(before)
    })

    it('free times given again never offer a slot booked since: the booking drops them at once', async () => {
      clock.set('2026-11-23T08:01:00Z')
      const customer = await shopCustomer(t())
      const preload = async () => PreloadTimesResponse.parse(await (await send('/api/p_preload_times')).json())
      const sessions = async () => SessionsResponse.parse(await (await send('/api/p_sessions', { body: { date: '2026-11-24', minutes: 6 } })).json())
      expect(offered((await preload()).times['2026-11-24'], '10:00')).toBe(true)
      expect(offered((await sessions()).times, '10:00')).toBe(true)
      // The first answer on a POST path teaches the front to read that path's bodies; the next one is kept.
      expect(offered((await sessions()).times, '10:00')).toBe(true)
      // Asked again: answered from memory.
      const before = node.reachedApp()
      expect(offered((await preload()).times['2026-11-24'], '10:00')).toBe(true)
      expect(node.reachedApp()).toBe(before)
      expect(offered((await sessions()).times, '10:00')).toBe(true)
      expect(node.reachedApp()).toBe(before)

      const booked = await t().api('p_book', { body: { date: '2026-11-24', time: '10:00', minutes: 6, bedId: 'replay-bed-1' }, headers: customer.headers })
      expect(booked.status).toBe(201)
      expect(offered((await preload()).times['2026-11-24'], '10:00')).toBe(false)
      expect(offered((await sessions()).times, '10:00')).toBe(false)
    })

    it('a question asked with another body is answered for that body, which reaches the app whole', async () => {
      clock.set('2026-11-23T08:01:00Z')
      const ask = async (body: unknown) => {
        const response = await send('/api/p_sessions', { body })
        return { status: response.status, json: (await response.json()) as Record<string, unknown> }
      }
      expect((await ask({ date: '2026-11-25', minutes: 6 })).json.date).toBe('2026-11-25')
      const before = node.reachedApp()
      expect((await ask({ date: '2026-11-25', minutes: 6 })).json.date).toBe('2026-11-25')
      expect(node.reachedApp()).toBe(before)
      expect((await ask({ date: '2026-11-26', minutes: 6 })).json.date).toBe('2026-11-26')
      expect(node.reachedApp()).toBe(before + 1)
      const refused = await ask({ date: '2026-02-30', minutes: 6 })
      expect(refused.status).toBe(400)
      expect(refused.json.message).toEqual(expect.stringContaining('date'))
    })

    it('an API call made in process for a page, which carries the page’s request, is never kept as that page', async () => {
      const kept = t().app.replay.size
      const page = { method: 'GET', url: '/book/', headers: { ...t().shop.headers, 'accept-encoding': 'gzip' }, socket: {} }
      const response = await t().app.fetch(new Request('http://localhost/api/website/salon', { headers: { ...t().shop.headers, 'accept-encoding': 'gzip' } }), {
        incoming: page,
      })
      expect(response.status).toBe(200)
      expect(t().app.replay.size).toBe(kept)
    })

    it('the health check is answered ahead of the app, with no-store; a query string goes to the app', async () => {
      const before = node.reachedApp()
      const probe = await fetch(`${node.base()}/healthz`)
      expect(probe.status).toBe(200)
      expect(probe.headers.get('cache-control')).toBe('no-store')
      expect(probe.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await probe.json()).toMatchObject({ status: 'ok' })
      expect(node.reachedApp()).toBe(before)
      const head = await fetch(`${node.base()}/healthz`, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(await head.text()).toBe('')
      expect((await fetch(`${node.base()}/healthz?verbose=1`)).status).toBe(200)
      expect(node.reachedApp()).toBe(before + 1)
    })
  },
  { deps, shop: SHOP },
)

describeApi(
  'answers given again from memory, when the first question is a POST',
  (t: () => TestApp) => {
    const node = servedByNode(t, () =>
      eventually(
        async () => t().app.availability.listening,
        (on) => on,
      ),
    )

    it('the third same question is answered from memory, with nothing else kept before it', async () => {
      clock.set('2026-11-23T08:01:00Z')
      const ask = () =>
        fetch(`${node.base()}/api/p_sessions`, {
          method: 'POST',
          headers: { ...t().shop.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ date: '2026-11-24', minutes: 6 }),
        })
      expect(t().app.replay.size).toBe(0)
      for (let i = 0; i < 2; i++) expect((await ask()).status).toBe(200)
      const before = node.reachedApp()
      const third = await ask()
      expect(third.status).toBe(200)
      expect(SessionsResponse.parse(await third.json()).date).toBe('2026-11-24')
      expect(node.reachedApp()).toBe(before)
    })
  },
  { deps, shop: SHOP },
)

describe('the log lines of answers given from memory', () => {
  it('each replayed answer has its line, handed to the log once the answers of its turn are sent', async () => {
    const logged: RequestLine[] = []
    const replay = createReplay({ trustProxy: false, logLine: (line) => logged.push(line) })
    const app = new Hono()
    app.use(replay.capture())
    app.get('/kept', (c) => {
      replayableWhile(c, () => true)
      return c.text('kept')
    })
    const front = replay.front(getRequestListener(app.fetch))
    /** How many lines were logged while each request was being answered. */
    const loggedWhileAnswering: number[] = []
    const server = createServer((req, res) => {
      const before = logged.length
      front(req, res)
      loggedWhileAnswering.push(logged.length - before)
    })
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kept`
      expect(await (await fetch(url)).text()).toBe('kept')
      expect(replay.size).toBe(1)
      const answers = await Promise.all([1, 2, 3].map(() => fetch(url)))
      for (const answer of answers) expect(await answer.text()).toBe('kept')
      expect(logged.map((line) => line.requestId).sort()).toEqual(answers.map((answer) => answer.headers.get('x-request-id')).sort())
      for (const line of logged) expect(line).toMatchObject({ method: 'GET', route: '/kept', status: 200 })
      expect(loggedWhileAnswering).toEqual([0, 0, 0, 0])
    } finally {
      await new Promise<void>((closed) => server.close(() => closed()))
    }
  })
})
