import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest'
import { startTwilioStandIn, type TwilioStandIn } from '../../test/twilio-stand-in.ts'
import { SendRefused } from '../send-refused.ts'
import { createTwilioSmsSender } from './twilio.ts'

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef'
const AUTH_TOKEN = 'f3a9c2d417e84b6b9d0c5e1a2b3c4d5e'
const FROM = '+447700900001'
const MESSAGING_SERVICE_SID = 'MG0123456789abcdef0123456789abcdef'
const MESSAGES_PATH = `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`
const BODY = 'Your Glow Tanning code is 482913'

// Recipients that make the stand-in answer the way the real service sometimes does.
const INVALID_TO = '+15005550001' // Twilio's own test number for "not a valid phone number"
const SILENT_TO = '+447700900999'
const PROXY_ERROR_TO = '+447700900502'
const ECHO_TO = '+447700900400'

interface Received {
  method: string | undefined
  path: string | undefined
  authorization: string | undefined
  contentType: string | undefined
  fields: Record<string, string>
}

const received: Received[] = []
const silentResponses = new Set<ServerResponse>()

const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
})

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function credentials(header: string | undefined): { user: string; password: string } | undefined {
  if (!header?.startsWith('Basic ')) return undefined
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

/** Twilio reads form parameters only from a form-encoded body; anything else arrives as no parameters at all. */
function formFields(contentType: string | undefined, body: string): Record<string, string> {
  if (!contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) return {}
  return Object.fromEntries(new URLSearchParams(body))
}

/** The 400 Twilio gives for the first missing required parameter, if any. */
function missingParameter(fields: Record<string, string>): ReturnType<typeof twilioError> | undefined {
  if (!fields.To) return twilioError(400, 21604, "A 'To' phone number is required.")
  if (!fields.From && !fields.MessagingServiceSid) return twilioError(400, 21603, "A 'From' phone number is required.")
  if (!fields.Body) return twilioError(400, 21602, 'Message body is required.')
  return undefined
}

function messageResource(fields: Record<string, string>) {
  const now = new Date().toUTCString().replace('GMT', '+0000')
  const sid = 'SM' + '0123456789abcdef'.repeat(2)
  return {
    account_sid: ACCOUNT_SID,
    api_version: '2010-04-01',
    body: fields.Body,
    date_created: now,
    date_sent: null,
    date_updated: now,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: fields.From ?? null,
    messaging_service_sid: fields.MessagingServiceSid ?? null,
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid,
    status: fields.MessagingServiceSid ? 'accepted' : 'queued',
    subresource_uris: { media: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}/Media.json` },
    to: fields.To,
    uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}.json`,
  }
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const contentType = req.headers['content-type']
  const fields = formFields(contentType, await readBody(req))
  received.push({ method: req.method, path: req.url, authorization: req.headers.authorization, contentType, fields })

  if (req.url !== MESSAGES_PATH) {
    json(res, 404, twilioError(404, 20404, `The requested resource ${req.url} was not found`))
    return
  }
  if (req.method !== 'POST') {
    json(res, 405, twilioError(405, 20004, 'Method not allowed'))
    return
  }
  const auth = credentials(req.headers.authorization)
  if (auth?.user !== ACCOUNT_SID || auth.password !== AUTH_TOKEN) {
    json(res, 401, twilioError(401, 20003, 'Authenticate'))
    return
  }
  const missing = missingParameter(fields)
  if (missing) {
    json(res, 400, missing)
    return
  }
  switch (fields.To) {
    case INVALID_TO:
      json(res, 400, twilioError(400, 21211, `Invalid 'To' Phone Number: ${INVALID_TO}`))
      return
    case SILENT_TO:
      silentResponses.add(res)
      return
    case PROXY_ERROR_TO:
      res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' })
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>')
      return
    case ECHO_TO:
      // Not an answer Twilio is known to give: it checks that nothing upstream can smuggle secrets into the error.
      json(res, 400, twilioError(400, 21617, `Rejected ${fields.Body} sent with ${auth.password}`))
      return
    default:
      json(res, 201, messageResource(fields))
  }
}

describe('Twilio SMS sender', () => {
  let server: Server
  let baseUrl: string

  beforeAll(async () => {
    server = createServer((req, res) => {
      handle(req, res).catch((error: unknown) => {
        res.writeHead(500)
        res.end(String(error))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    for (const res of silentResponses) res.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  beforeEach(() => {
    received.length = 0
  })

  const sender = (extra: { from?: string; authToken?: string; timeoutMs?: number } = {}) =>
    createTwilioSmsSender({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, baseUrl, ...extra })

  const failure = async (promise: Promise<unknown>): Promise<Error> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(Error)
    return error as Error
  }

  it('posts the message to the Messages resource with Basic auth and form fields', async () => {
    const sms = sender()
    expect(sms.kind).toBe('twilio')

    const receipt = await sms.send({ to: '+447700900123', body: BODY, shopId: 'shop-1' })

    // The message's SID, which Twilio's status callbacks name.
    expect(receipt).toEqual({ ref: 'SM' + '0123456789abcdef'.repeat(2) })
    expect(received).toEqual([
      {
        method: 'POST',
        path: MESSAGES_PATH,
        authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
        contentType: expect.stringMatching(/^application\/x-www-form-urlencoded\b/),
        fields: { To: '+447700900123', From: FROM, Body: BODY },
      },
    ])
  })

  it('sends a Messaging Service SID as MessagingServiceSid instead of From', async () => {
    await sender({ from: MESSAGING_SERVICE_SID }).send({ to: '+447700900123', body: BODY })

    expect(received).toHaveLength(1)
    expect(received[0]?.fields).toEqual({ To: '+447700900123', MessagingServiceSid: MESSAGING_SERVICE_SID, Body: BODY })
  })

  it('sends an alphanumeric sender ID that starts with MG as From', async () => {
    await sender({ from: 'MGTanning' }).send({ to: '+447700900123', body: BODY })

    expect(received[0]?.fields).toEqual({ To: '+447700900123', From: 'MGTanning', Body: BODY })
  })

  it("reports Twilio's code and message for wrong credentials, without the token or the body", async () => {
    const wrongToken = '00000000000000000000000000000bad'
    const error = await failure(sender({ authToken: wrongToken }).send({ to: '+447700900123', body: BODY }))

    expect(error.message).toBe('Twilio answered 401: 20003 Authenticate (https://www.twilio.com/docs/errors/20003)')
    expect(error.message).not.toContain(wrongToken)
    expect(error.message).not.toContain(BODY)
    expect(received).toHaveLength(1)
  })

  it('rejects when Twilio refuses the message', async () => {
    const error = await failure(sender().send({ to: INVALID_TO, body: BODY }))

    expect(error.message).toContain('Twilio answered 400: 21211')
    expect(error.message).toContain("Invalid 'To' Phone Number")
  })

  it('rejects when a required parameter is missing', async () => {
    const error = await failure(sender().send({ to: '', body: BODY }))

    expect(error.message).toContain("21604 A 'To' phone number is required.")
  })

  it('falls back to the HTTP status when the error is not JSON', async () => {
    const error = await failure(sender().send({ to: PROXY_ERROR_TO, body: BODY }))

    expect(error.message).toBe('Twilio answered 502: Bad Gateway')
  })

  it('redacts the token and the body even if an error message quotes them', async () => {
    const error = await failure(sender().send({ to: ECHO_TO, body: BODY }))

    expect(error.message).toContain('21617')
    expect(error.message).not.toContain(AUTH_TOKEN)
    expect(error.message).not.toContain(BODY)
  })

  it('gives up when Twilio does not answer', async () => {
    const error = await failure(sender({ timeoutMs: 100 }).send({ to: SILENT_TO, body: BODY }))

    expect(error.message).toBe('Twilio did not answer within 100 ms')
  })
})

describe('Twilio SMS sender, when the answer is in doubt', () => {
  let standIn: TwilioStandIn
  const at = Date.parse('2026-11-23T10:00:00Z')
  let clock = at

  beforeAll(async () => {
    standIn = await startTwilioStandIn({ now: () => clock })
  })
  afterAll(() => standIn.close())
  beforeEach(() => {
    standIn.reset()
    clock = at
  })

  // A short timeout only where a held answer is the point: elsewhere a busy machine must not turn an answer into a timeout.
  const sender = (baseUrl = standIn.baseUrl, timeoutMs = 5_000) =>
    createTwilioSmsSender({ accountSid: standIn.accountSid, authToken: standIn.authToken, from: standIn.from, baseUrl, timeoutMs })
  const caught = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => e as Error,
    )

  it('finds a message it took by number, exact words and time, and not one sent before the send began', async () => {
    clock = at - 3600_000
    await sender().send({ to: '+447700900123', body: BODY })
    clock = at
    const { ref } = (await sender().send({ to: '+447700900123', body: BODY })) as { ref: string }
    await sender().send({ to: '+447700900123', body: `${BODY}.` })
    await sender().send({ to: '+447700900124', body: BODY })

    expect(await sender().lookup!({ to: '+447700900123', body: BODY, since: new Date(at) })).toEqual([{ ref }])
    expect(standIn.lists()[0]?.query).toMatchObject({ To: '+447700900123', 'DateSent>': '2026-11-23' })
    expect(await sender().lookup!({ to: '+447700900125', body: BODY, since: new Date(at) })).toEqual([])
  })

  it('throws when the list cannot be read, rather than answering that there is no such message', async () => {
    standIn.failLists()
    expect(await caught(sender().lookup!({ to: '+447700900123', body: BODY, since: new Date(at) }))).toBeInstanceOf(Error)
  })

  it('calls a refusal certain (final for a 400), and a timeout or a lost connection not', async () => {
    standIn.refuseNext()
    const refused = await caught(sender().send({ to: '+447700900123', body: BODY }))
    expect(refused).toBeInstanceOf(SendRefused)
    expect((refused as SendRefused).final).toBe(true)

    standIn.holdNext()
    const late = await caught(sender(standIn.baseUrl, 100).send({ to: '+447700900123', body: BODY }))
    expect(late?.message).toBe('Twilio did not answer within 100 ms')
    expect(late).not.toBeInstanceOf(SendRefused)

    standIn.dropNext()
    const lost = await caught(sender().send({ to: '+447700900123', body: BODY }))
    expect(lost).toBeInstanceOf(Error)
    expect(lost).not.toBeInstanceOf(SendRefused)
  })

  it('calls a connection refused before the request went out certain', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))

    const error = await caught(sender(`http://127.0.0.1:${port}`).send({ to: '+447700900123', body: BODY }))
    expect(error).toBeInstanceOf(SendRefused)
    expect((error as SendRefused).final).toBe(false)
  })
})
