export interface EmailMessage {
  to: string
  subject: string
  text: string
  replyTo?: string
  shopId?: string
}

/** Sends email: the outbox locally, SMTP when SMTP_URL is set. */
export interface EmailSender {
  readonly kind: 'outbox' | 'smtp'
  send(message: EmailMessage): Promise<void>
}
