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

/** A message that may have reached the provider, looked for by its recipient and exact words since its send began. */
export interface SmsLookup {
  to: string
  body: string
  since: Date
}

/**
 * Sends text messages: the outbox locally, an SMS gateway in production. `send` throws SendRefused when the message
 * certainly did not go; any other error leaves its fate unknown. `lookup` answers the provider's messages that match
 * (none when it has no such message) and throws when it cannot tell (docs/decisions/034-messages-never-sent-blind.md).
 */
export interface SmsSender {
  readonly kind: 'outbox' | 'twilio'
  send(message: SmsMessage): Promise<SmsReceipt | void>
  lookup?(query: SmsLookup): Promise<SmsReceipt[]>
}
