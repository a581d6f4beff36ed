import type { Logger } from '../../lib/logger.ts'
import type { OutboxRepository } from '../outbox/outbox.repository.ts'
import type { EmailSender } from './email.ts'

/** Stores the message for /dev/outbox/; the body reaches the log only outside production. */
export function createOutboxEmailSender(outbox: OutboxRepository, logger: Logger, logBodies: boolean): EmailSender {
  return {
    kind: 'outbox',
    async send(message) {
      await outbox.add({ channel: 'email', to: message.to, subject: message.subject, body: message.text, shopId: message.shopId })
      logger.info({ to: message.to, subject: message.subject, ...(logBodies ? { body: message.text } : {}) }, 'email written to the outbox')
    },
  }
}
