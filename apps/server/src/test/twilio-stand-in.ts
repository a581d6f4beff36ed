import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for the two calls the Twilio SMS adapter makes: sending a message (POST Messages.json, Basic auth,
 * form fields To, From or MessagingServiceSid, Body) and listing messages to a number (GET Messages.json?To=…&DateSent>=YYYY-MM-DD,
 * newest first, with Twilio's page fields). Errors are Twilio-shaped: `{ code, message, more_info, status }`.
 *
 * The test controls play what the real service sometimes does: accept a message and answer too late (`holdNext`),
 * drop the connection before taking it (`dropNext`), refuse it (`refuseNext`), or fail the list (`failLists`).
 * Times in its answers come from `now`, so a suite's test clock and the stand-in agree.
 */

export const STAND_IN_ACCOUNT_SID = 'AC' + 'fedcba9876543210'.repeat(2)
export const STAND_IN_AUTH_TOKEN = 'a'.repeat(32)
export const STAND_IN_FROM = '+447700900001'

export interface TwilioMessage {
  sid: string
  to: string
  from: string
  body: string
  status: string
  date_created: string
  date_sent: string | null
}

export interface TwilioRequest {
  method: string
  path: string
  query: Record<string, string>
  form: Record<string, string>
  status: number | 'held' | 'dropped'
}

/** Twilio writes its dates as RFC 2822 in UTC: "Mon, 23 Nov 2026 10:00:00 +0000". */
const rfc2822 = (ms: number) => new Date(ms).toUTCString().replace('GMT', '+0000')

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

const twilioError = (status: number, code: number, message: string) => ({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status })

export async function startTwilioStandIn(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now
  const messagesPath = `/2010-04-01/Accounts/${STAND_IN_ACCOUNT_SID}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${STAND_IN_ACCOUNT_SID}:${STAND_IN_AUTH_TOKEN}`).toString('base64')}`
  const requests: TwilioRequest[] = []
  const messages: TwilioMessage[] = []
  const held = new Set<ServerResponse>()
  const plan = { hold: 0, drop: 0, refuse: 0, failLists: 0 }

  function accept(form: Record<string, string>): TwilioMessage {
    const at = rfc2822(now())
    const message = {
      sid: 'SM' + randomBytes(16).toString('hex'),
      to: form.To ?? '',
      from: form.From ?? form.MessagingServiceSid ?? '',
      body: form.Body ?? '',
      status: 'sent',
      date_created: at,
      date_sent: at,
    }
    messages.push(message)
    return message
  }

  function send(res: ServerResponse, form: Record<string, string>, record: TwilioRequest): void {
    if (plan.drop > 0) {
      plan.drop--
      record.status = 'dropped'
      res.socket?.destroy()
      return
    }
    if (plan.refuse > 0) {
      plan.refuse--
      record.status = 400
      json(res, 400, twilioError(400, 21211, `Invalid 'To' Phone Number: ${form.To}`))
      return
    }
    const message = accept(form)
    if (plan.hold > 0) {
      plan.hold--
      record.status = 'held'
      held.add(res)
      return
    }
    record.status = 201
    json(res, 201, { ...message, account_sid: STAND_IN_ACCOUNT_SID, direction: 'outbound-api', error_code: null, error_message: null })
  }

  function list(res: ServerResponse, query: Record<string, string>, record: TwilioRequest): void {
    if (plan.failLists > 0) {
      plan.failLists--
      record.status = 500
      json(res, 500, twilioError(500, 20500, 'Internal Server Error'))
      return
    }
    const since = query['DateSent>'] ? Date.parse(`${query['DateSent>']}T00:00:00Z`) : -Infinity
    const found = messages.filter((m) => (!query.To || m.to === query.To) && m.date_sent !== null && Date.parse(m.date_sent) >= since).reverse()
    record.status = 200
    json(res, 200, {
      messages: found,
      end: Math.max(found.length - 1, 0),
      first_page_uri: `${messagesPath}?PageSize=50&Page=0`,
      next_page_uri: null,
      page: 0,
      page_size: 50,
      previous_page_uri: null,
      start: 0,
      uri: `${messagesPath}?PageSize=50&Page=0`,
    })
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)))
    const record: TwilioRequest = { method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), form, status: 0 }
    requests.push(record)
    if (url.pathname !== messagesPath) {
      record.status = 404
      json(res, 404, twilioError(404, 20404, `The requested resource ${url.pathname} was not found`))
    } else if (req.headers.authorization !== authorization) {
      record.status = 401
      json(res, 401, twilioError(401, 20003, 'Authenticate'))
    } else if (req.method === 'POST') send(res, form, record)
    else if (req.method === 'GET') list(res, record.query, record)
    else {
      record.status = 405
      json(res, 405, twilioError(405, 20004, 'Method not allowed'))
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { message: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    baseUrl,
    accountSid: STAND_IN_ACCOUNT_SID,
    authToken: STAND_IN_AUTH_TOKEN,
    from: STAND_IN_FROM,
    /** Every request, oldest first, with what the stand-in did. */
    requests,
    /** The messages it accepted (held ones too), oldest first. */
    messages,
    posts: () => requests.filter((r) => r.method === 'POST'),
    lists: () => requests.filter((r) => r.method === 'GET'),
    /** The next `n` messages are accepted but not answered until `dropHeld` or `close`. */
    holdNext(n = 1) {
      plan.hold = n
    },
    /** The next `n` sends lose their connection before the message is taken. */
    dropNext(n = 1) {
      plan.drop = n
    },
    /** The next `n` sends are refused with Twilio's 400 for an invalid number. */
    refuseNext(n = 1) {
      plan.refuse = n
    },
    /** The next `n` lists answer 500. */
    failLists(n = 1) {
      plan.failLists = n
    },
    /** Resets the connections of the held answers: their sender sees the connection lost mid-flight. */
    dropHeld() {
      for (const res of held) res.socket?.destroy()
      held.clear()
    },
    reset() {
      requests.length = 0
      messages.length = 0
      Object.assign(plan, { hold: 0, drop: 0, refuse: 0, failLists: 0 })
    },
    async close() {
      for (const res of held) res.socket?.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
export type TwilioStandIn = Awaited<ReturnType<typeof startTwilioStandIn>>
