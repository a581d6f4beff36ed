export interface EmailMessage {
  to: string
  subject: string
  text: string
  replyTo?: string
  shopId?: string
}

/**
 * Sends email: the outbox locally, SMTP when SMTP_URL is set. `send` throws SendRefused when the message certainly
 * did not go; any other error leaves its fate unknown, and email has no way to look (docs/decisions/034).
 */
export interface EmailSender {
  readonly kind: 'outbox' | 'smtp'
  /** Answers the provider's reference for the message when it gives one (the outbox's row). */
  send(message: EmailMessage): Promise<{ ref: string } | void>
}
