import { z } from 'zod'
import { neverLeft, SendRefused } from '../send-refused.ts'
import type { SmsMessage, SmsReceipt, SmsSender } from './sms.ts'

export interface TwilioSmsSenderOptions {
  accountSid: string
  authToken: string
  /** A sending number in E.164, or a Messaging Service SID (MG…) to let Twilio pick the sender. */
  from: string
  /** Overridable so tests can point at a local stand-in of the service. */
  baseUrl?: string
  fetch?: typeof fetch
  /** How long a request may take before its answer is given up on (10 s by default; tests pass less). */
  timeoutMs?: number
}

/** Twilio's clock and ours may differ a little: a message created this much before the send began still matches. */
const CLOCK_SKEW_MS = 60_000
/** A customer gets a few texts a day; this many pages of a hundred is far more than a day's worth to one number. */
const MAX_LIST_PAGES = 5

// Messaging Service SIDs are "MG" and 32 hex digits; the full shape keeps an alphanumeric
// sender ID that merely starts with "MG" (say "MGTanning") being sent as From.
const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/i

// Twilio answers every error as JSON with these fields (plus status); we read only what we report.
const TwilioMessageBody = z.object({ sid: z.string().regex(/^[SM]M[0-9a-f]{32}$/i) })
const TwilioMessageList = z.object({
  messages: z.array(z.object({ sid: z.string(), body: z.string(), date_created: z.string() })),
  next_page_uri: z.string().nullish(),
})
const TwilioErrorBody = z.object({ code: z.number(), message: z.string(), more_info: z.string().optional() })

/**
 * Sends text messages through Twilio's Programmable Messaging API, and looks for one whose answer never came in its
 * message list; failures reach the caller, which decides whether to retry (docs/decisions/034-messages-never-sent-blind.md).
 */
export function createTwilioSmsSender(options: TwilioSmsSenderOptions): SmsSender {
  const baseUrl = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '')
  const fetchImpl = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 10_000
  const messagesPath = `/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`
  const url = `${baseUrl}${messagesPath}`
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`

  /** A GET of Twilio's API, parsed with `schema`; any failure throws. */
  async function read<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const response = await fetchImpl(`${baseUrl}${path}`, {
      headers: { Authorization: authorization, Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
    const body = await response.text()
    if (!response.ok) throw new Error(redact(`Twilio answered ${response.status}: ${errorMessage(body, response.statusText)}`, [options.authToken]))
    try {
      return schema.parse(JSON.parse(body))
    } catch {
      // The parser's message may quote the list, and the list holds customers' words.
      throw new Error('Twilio answered a message list that could not be read')
    }
  }

  return {
    kind: 'twilio',
    async send(message) {
      // The body carries one-time codes and the token opens the account: neither may reach logs or error pages.
      const fail = (text: string): string => redact(text, [options.authToken, message.body])
      let response: Response
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: formFields(message, options.from),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        // Only a request that never left is certainly not sent; a timeout or a lost connection may follow Twilio's acceptance.
        if (neverLeft(error)) throw new SendRefused(fail(transportFailure(error, timeoutMs)))
        throw new Error(fail(transportFailure(error, timeoutMs)))
      }
      // Read the body under the same signal so a slowly trickling answer also times out.
      const body = await response.text().catch((error: unknown) => {
        // A refusal is certain from its status alone; an acceptance whose SID never arrived is found by lookup.
        if (response.ok) throw new Error(fail(transportFailure(error, timeoutMs)))
        return ''
      })
      // A 2xx means Twilio accepted (queued) the message; delivery failures arrive later, by status callback.
      if (!response.ok) {
        // A 400 is Twilio refusing the message itself (an invalid number, a recipient who opted out): it would refuse it again.
        throw new SendRefused(fail(`Twilio answered ${response.status}: ${errorMessage(body, response.statusText)}`), response.status === 400)
      }
      const sid = messageSid(body)
      return sid ? { ref: sid } : undefined
    },

    /**
     * Twilio's messages to the number sent since the day the send began (its list filters by day), newest first,
     * that have these exact words and were created no earlier than the send began (less a little for clocks apart).
     */
    async lookup(query) {
      const since = query.since.getTime() - CLOCK_SKEW_MS
      const day = new Date(since).toISOString().slice(0, 10)
      let path: string | null = `${messagesPath}?${new URLSearchParams([
        ['To', query.to],
        ['DateSent>', day],
        ['PageSize', '100'],
      ]).toString()}`
      const found: SmsReceipt[] = []
      for (let page = 0; path && page < MAX_LIST_PAGES; page++) {
        const list: z.infer<typeof TwilioMessageList> = await read(path, TwilioMessageList)
        for (const m of list.messages) if (m.body === query.body && Date.parse(m.date_created) >= since) found.push({ ref: m.sid })
        path = list.next_page_uri ?? null
      }
      // Pages left unread might hold it: not knowing is not "absent".
      if (path) throw new Error(`Twilio listed more than ${MAX_LIST_PAGES} pages of messages to the number`)
      return found
    },
  }
}

function formFields(message: SmsMessage, from: string): URLSearchParams {
  const senderField = MESSAGING_SERVICE_SID.test(from) ? 'MessagingServiceSid' : 'From'
  return new URLSearchParams([
    ['To', message.to],
    [senderField, from],
    ['Body', message.body],
  ])
}

function transportFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `Twilio did not answer within ${timeoutMs} ms`
  }
  const reason = error instanceof Error ? error.message : String(error)
  return `Twilio could not be reached: ${reason}`
}

/** Twilio's numeric code is what its docs and support index by; fall back to the HTTP status text. */
/** The SID of the message Twilio accepted (SM… or MM…), which its status callbacks name. */
function messageSid(body: string): string | undefined {
  try {
    const parsed = TwilioMessageBody.safeParse(JSON.parse(body))
    return parsed.success ? parsed.data.sid : undefined
  } catch {
    return undefined
  }
}

function errorMessage(body: string, statusText: string): string {
  try {
    const parsed = TwilioErrorBody.safeParse(JSON.parse(body))
    if (parsed.success) {
      const { code, message, more_info: moreInfo } = parsed.data
      return `${code} ${message}${moreInfo ? ` (${moreInfo})` : ''}`
    }
  } catch {
    // Not JSON (a proxy's HTML page, for instance): the status text is all we have.
  }
  return statusText || 'no details given'
}

function redact(text: string, secrets: string[]): string {
  return secrets.filter(Boolean).reduce((result, secret) => result.split(secret).join('[redacted]'), text)
}
