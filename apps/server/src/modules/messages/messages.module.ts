import type { Db } from '@salon/db'
import type { EmailSender } from '../../adapters/email/email.ts'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import type { JobQueue } from '../../lib/job-queue.ts'
import { createMessagesRepository } from './messages.repository.ts'
import { createMessagesService } from './messages.service.ts'
import { createTwilioWebhooks } from './twilio-webhooks.ts'

/**
 * The messages module as the app uses it: the handlers of the message jobs (confirmations, reminders, cancellations,
 * refunds done, minutes about to run out) and their periodic search, and Twilio's webhooks when Twilio sends texts.
 */
export function createMessagesModule(deps: {
  db: Db
  queue: JobQueue
  sms: SmsSender
  email: EmailSender
  linkBase: string
  /** Twilio's auth token, which signs its webhooks; without it there are none. */
  twilioAuthToken?: string
  publicUrl?: string
  now: () => number
}) {
  const repository = createMessagesRepository(deps.db)
  const service = createMessagesService({ repository, queue: deps.queue, sms: deps.sms, email: deps.email, linkBase: deps.linkBase, now: deps.now })
  return {
    repository,
    handlers: service.handlers,
    periodic: service.periodic,
    webhooks: deps.twilioAuthToken
      ? createTwilioWebhooks({ repository, authToken: deps.twilioAuthToken, publicUrl: deps.publicUrl, now: deps.now })
      : undefined,
  }
}
