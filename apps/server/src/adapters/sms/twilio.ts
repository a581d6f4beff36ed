import { z } from 'zod'
import type { SmsMessage, SmsSender } from './sms.ts'

export interface TwilioSmsSenderOptions {
  accountSid: string
  authToken: string
  /** A sending number in E.164, or a Messaging Service SID (MG…) to let Twilio pick the sender. */
  from: string
  /** Overridable so tests can point at a local stand-in of the service. */
  baseUrl?: string
  fetch?: typeof fetch
  timeoutMs?: number
}

// Messaging Service SIDs are "MG" and 32 hex digits; the full shape keeps an alphanumeric
// sender ID that merely starts with "MG" (say "MGTanning") being sent as From.
const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/i

// Twilio answers every error as JSON with these fields (plus status); we read only what we report.
const TwilioMessageBody = z.object({ sid: z.string().regex(/^[SM]M[0-9a-f]{32}$/i) })
const TwilioErrorBody = z.object({ code: z.number(), message: z.string(), more_info: z.string().optional() })

/** Sends text messages through Twilio's Programmable Messaging API; failures reach the caller, which decides whether to retry. */
export function createTwilioSmsSender(options: TwilioSmsSenderOptions): SmsSender {
  const baseUrl = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '')
  const fetchImpl = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 10_000
  const url = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`

  return {
    kind: 'twilio',
    async send(message) {
      // The body carries one-time codes and the token opens the account: neither may reach logs or error pages.
      const fail = (text: string): Error => new Error(redact(text, [options.authToken, message.body]))
      let answer: RawAnswer
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: formFields(message, options.from),
          signal: AbortSignal.timeout(timeoutMs),
        })
        // Read the body under the same signal so a slowly trickling answer also times out.
        answer = { ok: response.ok, status: response.status, statusText: response.statusText, body: await response.text() }
      } catch (error) {
        throw fail(transportFailure(error, timeoutMs))
      }
      // A 2xx means Twilio accepted (queued) the message; delivery failures arrive later, by status callback.
      if (!answer.ok) throw fail(`Twilio answered ${answer.status}: ${errorMessage(answer.body, answer.statusText)}`)
      const sid = messageSid(answer.body)
      return sid ? { ref: sid } : undefined
    },
  }
}

interface RawAnswer {
  ok: boolean
  status: number
  statusText: string
  body: string
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
