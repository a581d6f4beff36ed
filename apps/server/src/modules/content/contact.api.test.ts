import { desc, eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import type { EmailSender } from '../../adapters/email/email.ts'
import { createApp } from '../../app.ts'
import { createLogger } from '../../lib/logger.ts'
import { newAddress } from '../../test/factories/doubles.ts'
import { describeApi } from '../../test/harness.ts'

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sophie Turner',
  email: 'sophie@example.com',
  phone: '07700 900123',
  message: 'Do you have a stand-up bed free on Saturday morning?',
  consent: true,
  ...overrides,
})

describeApi(
  'contact form',
  (t) => {
    const send = (body: unknown, address = newAddress()) => t().api('p_message', { body, headers: { 'x-forwarded-for': address } })
    const messagesFrom = (name: string) => t().db.select().from(schema.contactMessages).where(eq(schema.contactMessages.name, name))
    const counts = async () => ({ messages: await t().db.$count(schema.contactMessages), outbox: await t().db.$count(schema.outbox) })

    it('contact form message is stored and forwarded to the salon', async () => {
      const body = valid({ name: 'Sophie Turner', message: 'Do you have a stand-up bed free on Saturday morning?' })
      const { status, json } = await send(body)
      expect(status).toBe(201)
      expect(json).toEqual({ message: expect.stringContaining('Sophie Turner') })

      const [row, ...others] = await messagesFrom('Sophie Turner')
      expect(others).toHaveLength(0)
      expect(row).toMatchObject({
        shopId: t().shop.id,
        email: 'sophie@example.com',
        phone: '07700 900123',
        message: 'Do you have a stand-up bed free on Saturday morning?',
      })
      expect(row!.consentAt).toBeInstanceOf(Date)
      expect(Math.abs(Date.now() - row!.consentAt.getTime())).toBeLessThan(60_000)

      const [email] = await t().db.select().from(schema.outbox).where(eq(schema.outbox.channel, 'email')).orderBy(desc(schema.outbox.id)).limit(1)
      expect(email).toMatchObject({ recipient: t().shop.email, shopId: t().shop.id })
      expect(email!.subject).toContain('Sophie Turner')
      expect(email!.body).toContain('Do you have a stand-up bed free on Saturday morning?')
      expect(email!.body).toContain('sophie@example.com')
      expect(email!.body).toContain(`#${row!.id}`)
    })

    it('a message with only a phone number is accepted', async () => {
      const { status } = await send(valid({ name: 'Phone Only', email: undefined, phone: '+44 7700 900456' }))
      expect(status).toBe(201)
      const [row] = await messagesFrom('Phone Only')
      expect(row).toMatchObject({ email: null, phone: '+44 7700 900456' })
    })

    it('a message with only an email address and a blank phone is accepted', async () => {
      const { status } = await send(valid({ name: 'Email Only', phone: '  ', email: 'only@example.com' }))
      expect(status).toBe(201)
      const [row] = await messagesFrom('Email Only')
      expect(row).toMatchObject({ email: 'only@example.com', phone: null })
    })

    it('spaces around what the visitor typed are trimmed', async () => {
      const { status, json } = await send(valid({ name: '  Trim Me  ', email: ' trim@example.com ', message: '  Hello there  ' }))
      expect(status).toBe(201)
      expect(json.message).toContain('Trim Me.')
      const [row] = await messagesFrom('Trim Me')
      expect(row).toMatchObject({ email: 'trim@example.com', message: 'Hello there' })
    })

    const badInputs: [string, Record<string, unknown>, RegExp][] = [
      ['a message without a name', valid({ name: undefined }), /\bname\b/],
      ['a message whose name is only spaces', valid({ name: '   ' }), /name is required/],
      ['a message without its text', valid({ message: undefined }), /\bmessage\b/],
      ['a one-letter message', valid({ message: 'x' }), /message is required/],
      ['a message over 5000 characters', valid({ message: 'a'.repeat(5001) }), /message must be at most 5000 characters/],
      ['a message with neither email nor phone', valid({ email: undefined, phone: undefined }), /email.*phone number/],
      ['a message with a bad email address', valid({ email: 'sophie-at-example' }), /email must be a valid email address/],
      ['a message with a bad phone number', valid({ phone: 'call me maybe' }), /phone must be a phone number/],
      ['a message whose phone number has no digits', valid({ email: undefined, phone: '(((-----)))' }), /phone must be a phone number/],
      ['a message with consent unticked', valid({ consent: false }), /consent must be ticked/],
      ['a message without consent', valid({ consent: undefined }), /consent must be ticked/],
      ['a message with consent sent as a string', valid({ consent: 'true' }), /\bconsent\b/],
      ['a message with a number for the name', valid({ name: 42 }), /\bname\b/],
      ['a message with a list for the text', valid({ message: ['hi', 'there'] }), /\bmessage\b/],
    ]
    it.each(badInputs)('%s is refused with the field named and nothing stored', async (_label, body, field) => {
      const before = await counts()
      const { status, json } = await send(body)
      expect(status).toBe(400)
      expect(json.message).toMatch(/^Please check the request: /)
      expect(json.message).toMatch(field)
      expect(json.issues.length).toBeGreaterThan(0)
      expect(await counts()).toEqual(before)
    })

    it('a body that is not JSON is refused as not valid JSON', async () => {
      const before = await counts()
      const { status, json } = await t().api('p_message', { raw: '{oops', headers: { 'x-forwarded-for': newAddress() } })
      expect(status).toBe(400)
      expect(json.message).toMatch(/not valid JSON/)
      expect(await counts()).toEqual(before)
    })

    it('a JSON array instead of a form is refused', async () => {
      const before = await counts()
      const { status, json } = await send([valid()])
      expect(status).toBe(400)
      expect(json.message).toMatch(/^Please check the request: /)
      expect(await counts()).toEqual(before)
    })

    it('a body over 64 KiB is refused as too large and nothing is stored', async () => {
      const before = await counts()
      const { status, json } = await send(valid({ name: 'Huge Body', message: 'x'.repeat(70 * 1024) }))
      expect(status).toBe(413)
      expect(json.message).toContain('64 KiB')
      expect(await counts()).toEqual(before)
      expect(await messagesFrom('Huge Body')).toHaveLength(0)
    })

    it('a body whose declared length is over 64 KiB is refused before it is read', async () => {
      const before = await counts()
      const declared = await t().api('p_message', {
        raw: JSON.stringify(valid({ name: 'Declared Huge' })),
        headers: { 'content-length': String(65 * 1024), 'x-forwarded-for': newAddress() },
      })
      expect(declared.status).toBe(413)
      expect(declared.json.message).toContain('64 KiB')
      expect(await counts()).toEqual(before)
    })

    it('unknown extra fields are ignored and cannot choose the shop or the id', async () => {
      const { status } = await send({
        ...valid({ name: 'Extra Fields' }),
        shopId: 'someone-else',
        id: 999_999,
        consentAt: '2000-01-01T00:00:00Z',
        isAdmin: true,
      })
      expect(status).toBe(201)
      const [row] = await messagesFrom('Extra Fields')
      expect(row!.shopId).toBe(t().shop.id)
      expect(row!.id).not.toBe(999_999)
      expect(row!.consentAt.getFullYear()).toBeGreaterThan(2000)
    })

    it('the sixth message from one address within ten minutes is refused and not stored', async () => {
      const address = newAddress()
      for (let i = 1; i <= 5; i++) {
        const { status } = await send(valid({ name: `Busy Sender ${i}` }), address)
        expect(status).toBe(201)
      }
      const { status, json } = await send(valid({ name: 'Busy Sender 6' }), address)
      expect(status).toBe(429)
      expect(json.message).toMatch(/wait ten minutes/)
      expect(await messagesFrom('Busy Sender 5')).toHaveLength(1)
      expect(await messagesFrom('Busy Sender 6')).toHaveLength(0)

      const other = await send(valid({ name: 'Neighbour Sender' }), newAddress())
      expect(other.status).toBe(201)
      expect(await messagesFrom('Neighbour Sender')).toHaveLength(1)
    })

    it('a client cannot dodge the limit by inventing X-Forwarded-For entries before the proxy’s own', async () => {
      const address = newAddress()
      for (let i = 1; i <= 5; i++) {
        const { status } = await send(valid({ name: `Spoofing Sender ${i}` }), `203.0.113.${i}, ${address}`)
        expect(status).toBe(201)
      }
      const { status } = await send(valid({ name: 'Spoofing Sender 6' }), `203.0.113.99, ${address}`)
      expect(status).toBe(429)
      expect(await messagesFrom('Spoofing Sender 6')).toHaveLength(0)
    })

    it('a window that has passed lets the address send again', async () => {
      const address = newAddress()
      for (let i = 1; i <= 5; i++) expect((await send(valid({ name: `Patient ${i}` }), address)).status).toBe(201)
      expect((await send(valid({ name: 'Patient 6' }), address)).status).toBe(429)
      await t()
        .db.update(schema.rateLimits)
        .set({ windowStart: new Date(Date.now() - 11 * 60_000) })
        .where(eq(schema.rateLimits.key, `contact:${address}`))
      expect((await send(valid({ name: 'Patient 7' }), address)).status).toBe(201)
      expect(await messagesFrom('Patient 7')).toHaveLength(1)
    })

    it('the message is still stored and the visitor still thanked when the email cannot be sent', async () => {
      const failing: EmailSender = {
        kind: 'smtp',
        send: async () => {
          throw new Error('down')
        },
      }
      const app = createApp({ database: t().database, logger: createLogger('silent'), email: failing, sms: { kind: 'twilio', send: async () => {} } })
      const outboxBefore = await t().db.$count(schema.outbox)
      const response = await app.request('/api/p_message', {
        method: 'POST',
        headers: { ...t().shop.headers, 'content-type': 'application/json' },
        body: JSON.stringify(valid({ name: 'Unlucky Timing' })),
      })
      expect(response.status).toBe(201)
      expect((await response.json()).message).toContain('Unlucky Timing')
      expect(await messagesFrom('Unlucky Timing')).toHaveLength(1)
      expect(await t().db.$count(schema.outbox)).toBe(outboxBefore)
    })
  },
  () => ({ trustProxy: true }),
)

describeApi(
  'contact form: messages sent at once',
  (t) => {
    const send = (body: unknown, address: string) => t().api('p_message', { body, headers: { 'x-forwarded-for': address } })

    it('twelve messages sent at once from one address store exactly five', async () => {
      const address = newAddress()
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send(valid({ name: `Burst Sender ${i}`, message: 'Burst of messages' }), address)))
      const statuses = answers.map((a) => a.status).sort()
      expect(statuses.filter((s) => s === 201)).toHaveLength(5)
      expect(statuses.filter((s) => s === 429)).toHaveLength(7)
      const stored = await t().db.select().from(schema.contactMessages).where(eq(schema.contactMessages.message, 'Burst of messages'))
      expect(stored).toHaveLength(5)
    })
  },
  { deps: () => ({ trustProxy: true }), postgresOnly: true },
)
