import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import { createLogger } from '../../lib/logger.ts'
import { describeApi } from '../../test/harness.ts'
import { createOutboxSmsSender } from '../sms/outbox.ts'
import { TEST_OUTBOX_TOKEN } from '../../test/factories/doubles.ts'
import { startNginxLikeProxy } from '../../test/nginx-proxy.ts'
import { OUTBOX_COOKIE, OUTBOX_REFUSED_MESSAGE } from './outbox.routes.ts'

const withToken = (path: string) => `${path}?token=${TEST_OUTBOX_TOKEN}`

describeApi('outbox', (t) => {
  const contact = (name: string, message: string) =>
    t().api('p_message', { body: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, message, consent: true } })

  it('the JSON outbox lists what was sent, newest first', async () => {
    await t().outbox.add({ channel: 'sms', to: '+447700900111', body: 'Your code is 123456' })
    expect((await contact('First Writer', 'The first message')).status).toBe(201)
    expect((await contact('Second Writer', 'The second message')).status).toBe(201)

    const response = await t().app.request(withToken('/dev/outbox.json'))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const entries = await response.json()
    expect(Object.keys(entries[0]).sort()).toEqual(['body', 'channel', 'sentAt', 'state', 'subject', 'to'])
    // Codes and the salon's own mail have no state; messages about bookings do (messages.api.test.ts).
    expect(entries.every((e: { state: unknown }) => e.state === null)).toBe(true)
    const mine = entries.filter((e: { body: string }) => /The (first|second) message|123456/.test(e.body))
    expect(mine.map((e: { channel: string; subject: string | null }) => [e.channel, e.subject])).toEqual([
      ['email', 'New message from Second Writer via the website'],
      ['email', 'New message from First Writer via the website'],
      ['sms', null],
    ])
    expect(mine[2]).toMatchObject({ to: '+447700900111', body: 'Your code is 123456' })
    expect(mine[0].to).toBe(t().shop.email)
    expect(new Date(mine[0].sentAt).toISOString()).toBe(mine[0].sentAt)
  })

  it('the outbox page shows message bodies as text, not markup', async () => {
    expect((await contact('Markup Writer', 'Look: <b>x</b> and <script>alert(1)</script>')).status).toBe(201)
    const response = await t().app.request('/dev/outbox/', { headers: { cookie: `${OUTBOX_COOKIE}=${TEST_OUTBOX_TOKEN}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const page = await response.text()
    expect(page).toContain('New message from Markup Writer via the website')
    expect(page).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(page).not.toContain('<b>x</b>')
    expect(page).not.toContain('<script>alert(1)</script>')
  })

  it('the outbox page styles carry the nonce of its Content-Security-Policy', async () => {
    const response = await t().app.request('/dev/outbox/', { headers: { authorization: `Bearer ${TEST_OUTBOX_TOKEN}` } })
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
    expect(nonce).toBeTruthy()
    expect(await response.text()).toContain(`<style nonce="${nonce}">`)
  })

  it('the outbox page without its slash redirects to it', async () => {
    const response = await t().app.request('/dev/outbox')
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('/dev/outbox/')
  })

  it('the outbox needs no shop key', async () => {
    const response = await t().app.request(withToken('/dev/outbox.json'), { headers: {} })
    expect(response.status).toBe(200)
  })

  it('the outbox is not served when email and text messages go out for real', async () => {
    const app = createApp({
      database: t().database,
      logger: createLogger('silent'),
      email: { kind: 'smtp', send: async () => {} },
      sms: { kind: 'twilio', send: async () => {} },
    })
    const json = await app.request(withToken('/dev/outbox.json'))
    expect(json.status).toBe(404)
    expect(await json.json()).not.toBeInstanceOf(Array)
    const page = await app.request(withToken('/dev/outbox/'))
    expect(page.status).toBe(404)
    expect(await page.text()).not.toContain('<h1>Outbox</h1>')
    // The shared app, with the local senders, still shows it.
    expect((await t().app.request(withToken('/dev/outbox.json'))).status).toBe(200)
  })

  it('the outbox stays available while only one sender is local', async () => {
    const app = createApp({
      database: t().database,
      logger: createLogger('silent'),
      email: { kind: 'smtp', send: async () => {} },
      sms: createOutboxSmsSender(t().outbox, createLogger('silent'), false),
      outboxToken: TEST_OUTBOX_TOKEN,
    })
    expect((await app.request(withToken('/dev/outbox.json'))).status).toBe(200)
  })

  /** A request as it arrives over a socket from `address`, the way the Node server hands it to the app. */
  const fromSocket = (path: string, address: string, headers: Record<string, string> = {}) =>
    t().app.request(
      path,
      { headers: { host: 'localhost:3000', ...headers } },
      { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: address.includes(':') ? 'IPv6' : 'IPv4' } } },
    )

  it('the outbox answers a browser on the machine the server runs on', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const json = await fromSocket(withToken('/dev/outbox.json'), address)
      expect(json.status, address).toBe(200)
      expect(await json.json()).toBeInstanceOf(Array)
    }
    expect((await fromSocket('/dev/outbox/', '127.0.0.1', { host: '127.0.0.1:3000', cookie: `${OUTBOX_COOKIE}=${TEST_OUTBOX_TOKEN}` })).status).toBe(200)
  })

  it('the outbox refuses any other computer, and shows it no code', async () => {
    await t().outbox.add({ channel: 'sms', to: '+447700900112', body: 'Your code is 654321' })
    for (const address of ['192.0.2.10', '10.0.0.5', '2001:db8::1', '::ffff:192.0.2.10']) {
      for (const path of ['/dev/outbox.json', '/dev/outbox/']) {
        const response = await fromSocket(withToken(path), address)
        expect(response.status, `${path} from ${address}`).toBe(403)
        const text = await response.text()
        expect(text).not.toContain('654321')
        expect(JSON.parse(text).message).toBe(OUTBOX_REFUSED_MESSAGE)
      }
    }
  })

  it('the outbox refuses a request that came through a proxy, though the proxy is on this machine', async () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.7;proto=https' },
      { 'x-real-ip': '203.0.113.7' },
      { via: '1.1 nginx' },
      { 'x-forwarded-host': 'salon.example' },
    ]
    for (const headers of proxied) {
      const response = await fromSocket(withToken('/dev/outbox.json'), '127.0.0.1', headers)
      expect(response.status, JSON.stringify(headers)).toBe(403)
    }
  })

  it('the outbox refuses a page of another site that points its name at this machine', async () => {
    for (const host of ['attacker.example', 'attacker.example:3000', '127.0.0.1.nip.io']) {
      expect((await fromSocket(withToken('/dev/outbox.json'), '127.0.0.1', { host })).status, host).toBe(403)
    }
  })

  it('the outbox is served to a real loopback connection of the running server', async () => {
    const server = serve({ fetch: t().app.fetch, hostname: '127.0.0.1', port: 0 })
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    try {
      expect((await fetch(`http://127.0.0.1:${port}${withToken('/dev/outbox.json')}`)).status).toBe(200)
      expect((await fetch(`http://127.0.0.1:${port}${withToken('/dev/outbox.json')}`, { headers: { 'x-forwarded-for': '198.51.100.4' } })).status).toBe(403)
    } finally {
      server.close()
    }
  })
})

describeApi('outbox token', (t) => {
  const CODE = 'Your code is 271828'
  const leaks = (text: string) => text.includes('271828')

  /** The app on a real loopback socket, as `npm start` serves it. */
  async function listening() {
    const server = serve({ fetch: t().app.fetch, hostname: '127.0.0.1', port: 0 })
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
  }

  it('the outbox stays shut on this machine to a request without its token', async () => {
    await t().outbox.add({ channel: 'sms', to: '+447700900113', body: CODE })
    const wrong = TEST_OUTBOX_TOKEN.replace(/.$/, (last) => (last === 'p' ? 'q' : 'p'))
    const attempts: [string, Record<string, string>][] = [
      ['/dev/outbox.json', {}],
      ['/dev/outbox/', {}],
      [`/dev/outbox.json?token=${wrong}`, {}],
      [`/dev/outbox.json?token=${TEST_OUTBOX_TOKEN.toUpperCase()}`, {}],
      ['/dev/outbox.json?token=', {}],
      [`/dev/outbox.json?token=${TEST_OUTBOX_TOKEN}x`, {}],
      ['/dev/outbox.json', { authorization: `Bearer ${wrong}` }],
      ['/dev/outbox.json', { authorization: `Basic ${TEST_OUTBOX_TOKEN}` }],
      ['/dev/outbox/', { cookie: `${OUTBOX_COOKIE}=${wrong}` }],
    ]
    for (const [path, headers] of attempts) {
      const response = await t().app.request(path, { headers })
      expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403)
      const text = await response.text()
      expect(leaks(text)).toBe(false)
      expect(JSON.parse(text).message).toBe(OUTBOX_REFUSED_MESSAGE)
    }
  })

  it('the link from the log opens the outbox in one click and keeps the token out of the address bar', async () => {
    await t().outbox.add({ channel: 'sms', to: '+447700900114', body: CODE })
    const opened = await t().app.request(withToken('/dev/outbox/'))
    expect(opened.status).toBe(303)
    expect(opened.headers.get('location')).toBe('/dev/outbox/')
    const cookie = opened.headers.get('set-cookie') ?? ''
    expect(cookie).toContain(`${OUTBOX_COOKIE}=${TEST_OUTBOX_TOKEN}`)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Strict/i)
    expect(cookie).toMatch(/Path=\/dev\//i)
    // The browser follows the redirect with the cookie it was just given: the page and its JSON link both open.
    const sent = cookie.split(';')[0]!
    const page = await t().app.request('/dev/outbox/', { headers: { cookie: sent } })
    expect(page.status).toBe(200)
    expect(leaks(await page.text())).toBe(true)
    expect((await t().app.request('/dev/outbox.json', { headers: { cookie: sent } })).status).toBe(200)
  })

  it('the outbox refuses every request through a reverse proxy on this machine that forwards as nginx does by default', async () => {
    await t().outbox.add({ channel: 'sms', to: '+447700900115', body: CODE })
    const server = await listening()
    // What the proxies add: nothing at all (nginx's default), or one header of those a deny-list would have to know.
    const adds: Record<string, string>[] = [
      {},
      { 'x-forwarded-server': 'edge-1' },
      { 'client-ip': '203.0.113.9' },
      { 'x-cluster-client-ip': '203.0.113.9' },
      { 'fastly-client-ip': '203.0.113.9' },
      { 'x-envoy-external-address': '203.0.113.9' },
    ]
    try {
      for (const headers of adds) {
        const proxy = await startNginxLikeProxy(server.port, headers)
        try {
          for (const path of ['/dev/outbox.json', '/dev/outbox/']) {
            const response = await fetch(`${proxy.url}${path}`)
            expect(response.status, `${path} via a proxy adding ${JSON.stringify(headers)}`).toBe(403)
            expect(leaks(await response.text())).toBe(false)
          }
        } finally {
          await proxy.close()
        }
      }
    } finally {
      await server.close()
    }
  })
})
