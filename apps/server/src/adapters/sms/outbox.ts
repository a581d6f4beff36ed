import type { Logger } from '../../lib/logger.ts'
import type { OutboxRepository } from '../outbox/outbox.repository.ts'
import type { SmsSender } from './sms.ts'

/** Stores the message for /dev/outbox/; the body reaches the log only outside production. */
export function createOutboxSmsSender(outbox: OutboxRepository, logger: Logger, logBodies: boolean): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      await outbox.add({ channel: 'sms', to: message.to, body: message.body, shopId: message.shopId })
      logger.info({ to: message.to, ...(logBodies ? { body: message.body } : {}) }, 'text message written to the outbox')
    },
  }
}
