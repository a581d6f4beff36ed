import { createHmac, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { limitBody } from '../../lib/body-limit.ts'
import { HttpError } from '../../lib/errors.ts'
import type { MessagesRepository } from './messages.repository.ts'

/** The words Twilio's own opt-out handling treats as STOP and START (docs/product.md §4.14). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'])
const START_WORDS = new Set(['START', 'YES', 'UNSTOP', 'OPTIN'])
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'
const E164 = /^\+[1-9]\d{6,14}$/
/** Twilio's fields (a text of at most 1,600 characters, ten media addresses, the numbers and ids) fit well within this. */
export const MAX_WEBHOOK_BYTES = 16 * 1024
const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i

/**
 * Twilio's request signature: HMAC-SHA1 with the account's auth token over the address Twilio called followed by
 * each POST field's name and value, sorted by name, in base64 (X-Twilio-Signature).
 */
export function twilioSignature(authToken: string, url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((acc, name) => acc + name + fields[name], url)
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64')
}

function signedBy(authToken: string, url: string, fields: Record<string, string>, given: string | undefined): boolean {
  if (!given) return false
  const expected = Buffer.from(twilioSignature(authToken, url, fields))
  const actual = Buffer.from(given)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/**
 * Twilio's webhooks (POST /webhooks/twilio/…): texts to the salon's number (STOP turns booking texts off for that
 * number, START back on) and delivery reports of the texts sent. Each is refused (403) unless Twilio signed it with
 * the account's auth token for the address it called: `publicUrl` (PUBLIC_URL) when set, which is what Twilio was
 * given, else the request's own address.
 */
export function createTwilioWebhooks(deps: { repository: MessagesRepository; authToken: string; publicUrl?: string; now: () => number }) {
  const app = new Hono()

  // Twilio posts a plain form; anything else (a multipart body, JSON) is refused before a byte of it is parsed.
  app.use(async (c, next) => {
    if (!FORM.test(c.req.header('content-type') ?? '')) {
      throw new HttpError(415, 'Twilio webhooks take a form body: the content type must be application/x-www-form-urlencoded.')
    }
    await next()
  })
  app.use(limitBody(MAX_WEBHOOK_BYTES))

  async function signedFields(c: { req: { url: string; header(name: string): string | undefined; text(): Promise<string> } }) {
    const body = await c.req.text()
    let fields: Record<string, string>
    try {
      fields = Object.fromEntries(new URLSearchParams(body))
    } catch {
      throw new HttpError(400, 'The request body could not be read as a form.')
    }
    const requested = new URL(c.req.url)
    const url = deps.publicUrl ? `${deps.publicUrl.replace(/\/+$/, '')}${requested.pathname}${requested.search}` : requested.toString()
    if (!signedBy(deps.authToken, url, fields, c.req.header('x-twilio-signature'))) {
      throw new HttpError(403, 'The X-Twilio-Signature header is missing or wrong: this request was not signed by Twilio.')
    }
    return fields
  }

  app.post('/inbound', async (c) => {
    const fields = await signedFields(c)
    const from = fields.From ?? ''
    const word = (fields.Body ?? '').trim().toUpperCase()
    if (E164.test(from)) {
      if (STOP_WORDS.has(word)) await deps.repository.setBookingTextsByPhone(from, false, new Date(deps.now()))
      else if (START_WORDS.has(word)) await deps.repository.setBookingTextsByPhone(from, true, new Date(deps.now()))
    }
    // Twilio answers STOP and START itself; the salon adds nothing.
    return c.body(EMPTY_TWIML, 200, { 'content-type': 'text/xml; charset=utf-8' })
  })

  app.post('/status', async (c) => {
    const fields = await signedFields(c)
    const sid = fields.MessageSid ?? ''
    const status = fields.MessageStatus ?? ''
    if (status === 'delivered') await deps.repository.delivered(sid, 'delivered', null, new Date(deps.now()))
    else if (status === 'undelivered' || status === 'failed') {
      await deps.repository.delivered(
        sid,
        'failed',
        `Twilio: ${status}${fields.ErrorCode ? ` (error ${fields.ErrorCode.slice(0, 10)})` : ''}`,
        new Date(deps.now()),
      )
    }
    return c.body(null, 204)
  })

  return app
}
