import { randomUUID } from 'node:crypto'
import { and, eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { shopCustomer } from '../../test/factories/customers.ts'
import { describeApi } from '../../test/harness.ts'
import { MAX_WEBHOOK_BYTES, twilioSignature } from './twilio-webhooks.ts'

const AUTH_TOKEN = 'twilio-test-auth-token-0123456789'
const SITE = 'https://www.salon.example'

/** docs/product.md §4.14: STOP and START to the salon's number, and delivery reports, through Twilio's signed webhooks. */
describeApi(
  "Twilio's webhooks",
  (get) => {
    const post = (path: string, fields: Record<string, string>, signature?: string) =>
      get().app.request(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature === undefined ? { 'x-twilio-signature': twilioSignature(AUTH_TOKEN, `${SITE}${path}`, fields) } : { 'x-twilio-signature': signature }),
        },
        body: new URLSearchParams(fields).toString(),
      })
    const bookingTexts = async (sub: string) =>
      (
        await get()
          .db.select({ on: schema.customers.bookingTexts })
          .from(schema.customers)
          .where(and(eq(schema.customers.sub, sub), eq(schema.customers.shopId, get().shop.id)))
      )[0]?.on

    it('turns booking texts off for the number that texts STOP, and back on with START', async () => {
      const customer = await shopCustomer(get())
      const stop = await post('/webhooks/twilio/inbound', { From: customer.phone, To: '+447700900000', Body: ' stop ', MessageSid: `SM${'a'.repeat(32)}` })
      expect(stop.status).toBe(200)
      expect(stop.headers.get('content-type')).toContain('text/xml')
      expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>')
      expect(await bookingTexts(customer.sub)).toBe(false)
      await post('/webhooks/twilio/inbound', { From: customer.phone, Body: 'START' })
      expect(await bookingTexts(customer.sub)).toBe(true)
      // Anything else changes nothing.
      await post('/webhooks/twilio/inbound', { From: customer.phone, Body: 'Can I book for tomorrow?' })
      expect(await bookingTexts(customer.sub)).toBe(true)
    })

    it('refuses a forged or unsigned request and changes nothing', async () => {
      const customer = await shopCustomer(get())
      const fields = { From: customer.phone, Body: 'STOP' }
      const forged = twilioSignature('not-the-token', `${SITE}/webhooks/twilio/inbound`, fields)
      for (const signature of [forged, '', 'x'.repeat(28)]) {
        const answer = await post('/webhooks/twilio/inbound', fields, signature)
        expect(answer.status).toBe(403)
        expect(await answer.json()).toEqual({ message: 'The X-Twilio-Signature header is missing or wrong: this request was not signed by Twilio.' })
      }
      // Signed for other fields than those sent.
      const other = twilioSignature(AUTH_TOKEN, `${SITE}/webhooks/twilio/inbound`, { From: customer.phone, Body: 'START' })
      expect((await post('/webhooks/twilio/inbound', fields, other)).status).toBe(403)
      expect(await bookingTexts(customer.sub)).toBe(true)
    })

    it('records delivery reports of the texts sent, signed', async () => {
      const customer = await shopCustomer(get())
      const sid = `SM${randomUUID().replace(/-/g, '')}`
      await get()
        .db.insert(schema.customerMessages)
        .values({
          id: randomUUID(),
          key: `test:${sid}:sms`,
          shopId: get().shop.id,
          sub: customer.sub,
          kind: 'booking-confirmed',
          channel: 'sms',
          recipient: customer.phone,
          body: 'Booked',
          status: 'sent',
          providerRef: sid,
        })
      const status = async () => (await get().db.select().from(schema.customerMessages).where(eq(schema.customerMessages.providerRef, sid)))[0]
      expect((await post('/webhooks/twilio/status', { MessageSid: sid, MessageStatus: 'delivered' }, 'forged')).status).toBe(403)
      expect((await status())?.status).toBe('sent')
      expect((await post('/webhooks/twilio/status', { MessageSid: sid, MessageStatus: 'delivered' })).status).toBe(204)
      expect((await status())?.status).toBe('delivered')
      await post('/webhooks/twilio/status', { MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' })
      expect(await status()).toMatchObject({ status: 'failed', error: 'Twilio: undelivered (error 30003)' })
    })

    const send = (path: string, contentType: string, body: string, signature = 'x'.repeat(28)) =>
      get().app.request(path, { method: 'POST', headers: { 'content-type': contentType, 'x-twilio-signature': signature }, body })

    it('refuses a truncated multipart body with 415 before reading it, on both webhooks', async () => {
      const truncated = '--b\r\nContent-Disposition: form-data; name="Body"\r\n\r\nSTOP'
      for (const path of ['/webhooks/twilio/inbound', '/webhooks/twilio/status']) {
        const answer = await send(path, 'multipart/form-data; boundary=b', truncated)
        expect(answer.status, path).toBe(415)
        expect(await answer.json()).toEqual({
          message: 'Twilio webhooks take a form body: the content type must be application/x-www-form-urlencoded.',
        })
      }
    })

    it('refuses any content type but a form with 415, and takes a form with its charset', async () => {
      const customer = await shopCustomer(get())
      const fields = { From: customer.phone, Body: 'STOP' }
      const body = new URLSearchParams(fields).toString()
      const signature = twilioSignature(AUTH_TOKEN, `${SITE}/webhooks/twilio/inbound`, fields)
      for (const type of ['application/json', 'text/plain', '', 'application/x-www-form-urlencodedx']) {
        expect((await send('/webhooks/twilio/inbound', type, body, signature)).status, type).toBe(415)
      }
      expect(await bookingTexts(customer.sub)).toBe(true)
      expect((await send('/webhooks/twilio/inbound', 'application/x-www-form-urlencoded; charset=UTF-8', body, signature)).status).toBe(200)
      expect(await bookingTexts(customer.sub)).toBe(false)
    })

    it('refuses a body over the cap with 413, and reads a badly encoded form as a form (then refuses its signature)', async () => {
      const huge = `Body=${'x'.repeat(MAX_WEBHOOK_BYTES)}`
      for (const path of ['/webhooks/twilio/inbound', '/webhooks/twilio/status']) {
        const answer = await send(path, 'application/x-www-form-urlencoded', huge)
        expect(answer.status, path).toBe(413)
        expect((await answer.json()) as { message: string }).toMatchObject({ message: expect.stringContaining('too large') })
        expect((await send(path, 'application/x-www-form-urlencoded', 'Body=%E2%82&From=%&&=')).status, path).toBe(403)
      }
    })
  },
  () => ({ twilioAuthToken: AUTH_TOKEN, siteUrl: SITE }),
)
