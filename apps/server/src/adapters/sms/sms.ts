export interface SmsMessage {
  /** E.164, for example +447700900123 */
  to: string
  body: string
  shopId?: string
}

/** What the provider calls a message it accepted (a Twilio message SID, or the outbox's row), for its delivery callbacks. */
export interface SmsReceipt {
  ref: string
}

/** Sends text messages: the outbox locally, an SMS gateway in production. */
export interface SmsSender {
  readonly kind: 'outbox' | 'twilio'
  send(message: SmsMessage): Promise<SmsReceipt | void>
}
