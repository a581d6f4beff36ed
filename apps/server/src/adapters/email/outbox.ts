import type { Logger } from '../../lib/logger.ts'
import { maskEmail } from '../../lib/mask.ts'
import type { OutboxRepository } from '../outbox/outbox.repository.ts'
import { SendRefused } from '../send-refused.ts'
import type { EmailSender } from './email.ts'

/**
 * Stores the message for /dev/outbox/; the log names the address masked. Subject and body reach the log
 * only outside production: a contact message's subject carries the sender's name.
 */
export function createOutboxEmailSender(outbox: OutboxRepository, logger: Logger, logBodies: boolean): EmailSender {
  return {
    kind: 'outbox',
    async send(message) {
      // One insert: when it fails, nothing was written to the outbox, and sending again is safe.
      const id = await outbox
        .add({ channel: 'email', to: message.to, subject: message.subject, body: message.text, shopId: message.shopId })
        .catch((error: unknown) => {
          throw new SendRefused(error instanceof Error ? error.message : String(error))
        })
      logger.info({ to: maskEmail(message.to), ...(logBodies ? { subject: message.subject, body: message.text } : {}) }, 'email written to the outbox')
      return { ref: `outbox:${id}` }
    },
  }
}
