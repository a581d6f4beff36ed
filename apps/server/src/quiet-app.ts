import type { Database } from '@salon/db'
import { createOutboxEmailSender } from './adapters/email/outbox.ts'
import { createOutboxRepository } from './adapters/outbox/outbox.repository.ts'
import { createOutboxSmsSender } from './adapters/sms/outbox.ts'
import { createApp, type AppDeps } from './app.ts'
import { createLogger } from './lib/logger.ts'

/**
 * The app on a database with a silent log and the outbox for emails and texts, so nothing it does could reach a
 * customer: for the commands (npm run import) and the benchmarks, which drive the app without serving it.
 */
export function quietApp(database: Database, deps: Partial<Omit<AppDeps, 'database'>> = {}) {
  const logger = createLogger('silent')
  const outbox = createOutboxRepository(database.db)
  return createApp({ database, logger, email: createOutboxEmailSender(outbox, logger, false), sms: createOutboxSmsSender(outbox, logger, false), ...deps })
}
