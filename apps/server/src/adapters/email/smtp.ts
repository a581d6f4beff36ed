import { createTransport } from 'nodemailer'
import { neverLeft, SendRefused } from '../send-refused.ts'
import type { EmailSender } from './email.ts'

export interface SmtpEmailSenderOptions {
  /** For example smtp://user:pass@smtp.example.com:587 or smtps://… for implicit TLS. */
  url: string
  from: string
}

/**
 * Sends plain-text email through an SMTP relay; failures reach the caller, which decides whether to retry. SMTP has no
 * way to ask whether a message arrived, so only a certain refusal is SendRefused (docs/decisions/034-messages-never-sent-blind.md).
 */
export function createSmtpEmailSender(options: SmtpEmailSenderOptions): EmailSender & { close(): void } {
  const transport = createTransport(options.url)
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        })
      } catch (error) {
        throw refusedOrUnknown(error)
      }
    },
    close() {
      transport.close()
    },
  }
}

/** nodemailer's codes for failures before any message was handed over: no address, no login. */
const BEFORE_THE_MESSAGE = new Set(['EDNS', 'EAUTH', 'ENOAUTH', 'EENVELOPE'])

/** The server's own refusal (an SMTP reply code), or a failure before the message went, is certain; anything else is not. */
function refusedOrUnknown(error: unknown): Error {
  const e = error as { responseCode?: unknown; code?: unknown; syscall?: unknown; message?: unknown }
  const message = error instanceof Error ? error.message : String(error)
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return new SendRefused(message, e.responseCode >= 500)
  if ((typeof e.code === 'string' && BEFORE_THE_MESSAGE.has(e.code)) || e.syscall === 'connect' || e.syscall === 'getaddrinfo' || neverLeft(error)) {
    return new SendRefused(message)
  }
  return error instanceof Error ? error : new Error(message)
}
