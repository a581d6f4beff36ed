import type { Database } from '@salon/db'
import type { Logger } from '../lib/logger.ts'
import { removeExpiredWindows } from '../lib/rate-limit.ts'
import { createRateLimitRepository } from '../lib/rate-limit.repository.ts'
import { removeExpiredSignIns } from '../modules/hosted-sign-in/public.ts'
import { identityTransaction, removeStaleSignUps } from '../modules/identity/public.ts'

export interface SweepOptions {
  database: Database
  logger: Logger
  /** Writes off minutes whose lot has expired; answers how many ledger entries it wrote. */
  expireMinutes: () => Promise<number>
  /** The built-in user pool is in use (not a Cognito pool): its unconfirmed sign-ups are this server's to remove. */
  builtInPool: boolean
  /** The hosted sign-in is on: its expired requests are removed too. */
  hostedSignIn: boolean
}

/**
 * The periodic clean-ups, each at start and then every so often. Each is safe to run in several processes at
 * once (a row removed twice is removed once), which is what happens today with several processes.
 */
export function startSweeps(options: SweepOptions): void {
  const { database, logger } = options
  const every = (ms: number, sweep: () => Promise<unknown>) => {
    void sweep()
    setInterval(() => void sweep(), ms).unref()
  }
  const logged = (work: () => Promise<number>, done: (count: number) => void, failed: string) => () =>
    work().then(
      (count) => count > 0 && done(count),
      (err: unknown) => logger.error({ err }, failed),
    )

  // Sign-ups nobody confirmed within 24 hours, so a number cannot be held.
  if (options.builtInPool)
    every(
      3600_000,
      logged(
        () => removeStaleSignUps(identityTransaction(database.db)),
        (removed) => logger.info({ removed }, 'removed sign-ups left unconfirmed for 24 hours'),
        'could not remove stale sign-ups',
      ),
    )
  // Hosted sign-in requests past their time.
  if (options.hostedSignIn)
    every(
      3600_000,
      logged(
        () => removeExpiredSignIns(database.db),
        (removed) => logger.debug({ removed }, 'removed expired hosted sign-in requests'),
        'could not remove expired hosted sign-in requests',
      ),
    )
  // Rate-limit counters whose window has run out, so the table holds only live windows.
  const rateLimits = createRateLimitRepository(database.db)
  every(
    3600_000,
    logged(
      () => removeExpiredWindows(rateLimits),
      (removed) => logger.debug({ removed }, 'removed expired rate-limit windows'),
      'could not remove expired rate-limit windows',
    ),
  )
  // Minutes whose lot has expired are written off in the ledger, so the salon's records agree with what customers
  // see (each customer's own reads and bookings also write off what is due).
  every(
    15 * 60_000,
    logged(options.expireMinutes, (written) => logger.info({ written }, 'wrote off expired minutes'), 'could not write off expired minutes'),
  )
}
