export interface SmsMessage {
  /** E.164, for example +447700900123 */
  to: string
  body: string
  shopId?: string
}

/** Sends text messages: the outbox locally, an SMS gateway in production. */
export interface SmsSender {
  readonly kind: 'outbox' | 'twilio'
  send(message: SmsMessage): Promise<void>
}
