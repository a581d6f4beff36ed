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
    /**
     * The outbox's own rows with these words to this number. Its times are the database's, not the app's clock, so
     * all are answered: the caller leaves out those already recorded as another message's.
     */
    async lookup(query) {
      return (await outbox.matching('sms', query.to, query.body)).map((id) => ({ ref: `outbox:${id}` }))
    },
  }
}
