import { expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import { createLogger } from '../../lib/logger.ts'
import { describeApi } from '../../test/harness.ts'
import { createOutboxSmsSender } from '../sms/outbox.ts'

describeApi('outbox', (t) => {
  const contact = (name: string, message: string) =>
    t().api('p_message', { body: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, message, consent: true } })

  it('the JSON outbox lists what was sent, newest first', async () => {
    await t().outbox.add({ channel: 'sms', to: '+447700900111', body: 'Your code is 123456' })
    expect((await contact('First Writer', 'The first message')).status).toBe(201)
    expect((await contact('Second Writer', 'The second message')).status).toBe(201)

    const response = await t().app.request('/dev/outbox.json')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const entries = await response.json()
    expect(Object.keys(entries[0]).sort()).toEqual(['body', 'channel', 'sentAt', 'subject', 'to'])
    const mine = entries.filter((e: { body: string }) => /The (first|second) message|123456/.test(e.body))
    expect(mine.map((e: { channel: string; subject: string | null }) => [e.channel, e.subject])).toEqual([
      ['email', 'New message from Second Writer via the website'],
      ['email', 'New message from First Writer via the website'],
      ['sms', null],
    ])
    expect(mine[2]).toMatchObject({ to: '+447700900111', body: 'Your code is 123456' })
    expect(mine[0].to).toBe('hello@bronze-glow.example')
    expect(new Date(mine[0].sentAt).toISOString()).toBe(mine[0].sentAt)
  })

  it('the outbox page shows message bodies as text, not markup', async () => {
    expect((await contact('Markup Writer', 'Look: <b>x</b> and <script>alert(1)</script>')).status).toBe(201)
    const response = await t().app.request('/dev/outbox/')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const page = await response.text()
    expect(page).toContain('New message from Markup Writer via the website')
    expect(page).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(page).not.toContain('<b>x</b>')
    expect(page).not.toContain('<script>alert(1)</script>')
  })

  it('the outbox page styles carry the nonce of its Content-Security-Policy', async () => {
    const response = await t().app.request('/dev/outbox/')
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
    const response = await t().app.request('/dev/outbox.json', { headers: {} })
    expect(response.status).toBe(200)
  })

  it('the outbox is not served when email and text messages go out for real', async () => {
    const app = createApp({
      database: t().database,
      logger: createLogger('silent'),
      email: { kind: 'smtp', send: async () => {} },
      sms: { kind: 'twilio', send: async () => {} },
    })
    const json = await app.request('/dev/outbox.json')
    expect(json.status).toBe(404)
    expect(await json.json()).not.toBeInstanceOf(Array)
    const page = await app.request('/dev/outbox/')
    expect(page.status).toBe(404)
    expect(await page.text()).not.toContain('<h1>Outbox</h1>')
    // The shared app, with the local senders, still shows it.
    expect((await t().app.request('/dev/outbox.json')).status).toBe(200)
  })

  it('the outbox stays available while only one sender is local', async () => {
    const app = createApp({
      database: t().database,
      logger: createLogger('silent'),
      email: { kind: 'smtp', send: async () => {} },
      sms: createOutboxSmsSender(t().outbox, createLogger('silent'), false),
    })
    expect((await app.request('/dev/outbox.json')).status).toBe(200)
  })
})
