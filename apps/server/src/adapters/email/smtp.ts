import { createTransport } from 'nodemailer'
import type { EmailSender } from './email.ts'

export interface SmtpEmailSenderOptions {
  /** For example smtp://user:pass@smtp.example.com:587 or smtps://… for implicit TLS. */
  url: string
  from: string
}

/** Sends plain-text email through an SMTP relay; failures reach the caller, which decides whether to retry. */
export function createSmtpEmailSender(options: SmtpEmailSenderOptions): EmailSender & { close(): void } {
  const transport = createTransport(options.url)
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      })
    },
    close() {
      transport.close()
    },
  }
}
