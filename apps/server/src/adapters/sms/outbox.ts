import type { Logger } from '../../lib/logger.ts'
import { maskPhone } from '../../lib/mask.ts'
import type { OutboxRepository } from '../outbox/outbox.repository.ts'
import type { SmsSender } from './sms.ts'

/** Stores the message for /dev/outbox/; the log names the number masked, and has the body only outside production. */
export function createOutboxSmsSender(outbox: OutboxRepository, logger: Logger, logBodies: boolean): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      const id = await outbox.add({ channel: 'sms', to: message.to, body: message.body, shopId: message.shopId })
      logger.info({ to: maskPhone(message.to), ...(logBodies ? { body: message.body } : {}) }, 'text message written to the outbox')
      return { ref: `outbox:${id}` }
    },
  }
}
