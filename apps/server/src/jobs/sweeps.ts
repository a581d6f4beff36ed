import { RETENTION_JOBS } from '@salon/contracts/rules/retention'
import type { Db } from '@salon/db'
import type { JobQueue } from '../lib/job-queue.ts'
import { removeExpiredWindows } from '../lib/rate-limit.ts'
import { createRateLimitRepository } from '../lib/rate-limit.repository.ts'
import { removeExpiredSignIns } from '../modules/hosted-sign-in/public.ts'
import { identityTransaction, removeStaleSignUps, type Retention } from '../modules/identity/public.ts'
import type { JobHandler, PeriodicJob } from './worker.ts'

export interface SweepOptions {
  db: Db
  queue: JobQueue
  /** Writes off minutes whose lot has expired; answers how many ledger entries it wrote. */
  expireMinutes: () => Promise<number>
  /** The built-in user pool is in use (not a Cognito pool): its unconfirmed sign-ups are this server's to remove. */
  builtInPool: boolean
  /** The hosted sign-in is on: its expired requests are removed too. */
  hostedSignIn: boolean
  /** The app's clock, which every cut-off is measured from. */
  now?: () => number
  /** The jobs that keep the privacy notice's periods (identity/retention.service.ts, docs/product.md §4.16). */
  retention?: Pick<Retention, 'handlers' | 'periodic' | 'spentCodes'>
}

const HOUR = 3600_000
/** Finished jobs are kept this long for the record; failed ones stay until the salon has seen them. */
const FINISHED_JOBS_KEPT_MS = 30 * 24 * HOUR

/**
 * The periodic clean-ups, as jobs on the shared queue (docs/decisions/029): each runs once per period however many
 * server processes there are, and its answer (how many rows it removed or wrote) is kept with the job.
 */
export function sweepJobs(options: SweepOptions): { handlers: Record<string, JobHandler>; periodic: PeriodicJob[] } {
  const now = options.now ?? Date.now
  const handlers: Record<string, JobHandler> = {
    // Minutes whose lot has expired are written off in the ledger, so the salon's records agree with what customers
    // see (each customer's own reads and bookings also write off what is due).
    'sweep.expired-minutes': async () => ({ written: await options.expireMinutes() }),
    // Rate-limit counters whose window has run out, so the table holds only live windows.
    [RETENTION_JOBS.rateLimits]: async () => ({ removed: await removeExpiredWindows(createRateLimitRepository(options.db), now()) }),
    'sweep.finished-jobs': async () => ({ removed: await options.queue.prune(new Date(now() - FINISHED_JOBS_KEPT_MS)) }),
  }
  const periodic: PeriodicJob[] = [
    { kind: 'sweep.expired-minutes', everyMs: 15 * 60_000 },
    { kind: RETENTION_JOBS.rateLimits, everyMs: HOUR },
    { kind: 'sweep.finished-jobs', everyMs: 24 * HOUR },
  ]
  // Sign-ups nobody confirmed within 24 hours, so a number cannot be held.
  if (options.builtInPool) {
    handlers['sweep.stale-sign-ups'] = async () => ({ removed: await removeStaleSignUps(identityTransaction(options.db), now()) })
    periodic.push({ kind: 'sweep.stale-sign-ups', everyMs: HOUR })
  }
  // What the privacy notice says is kept only so long: inactive customers, contact messages, offer requests and the
  // times of withdrawn consents, daily; texted codes once spent, hourly, where this server's pool sent them.
  if (options.retention) {
    Object.assign(handlers, options.retention.handlers)
    periodic.push(...options.retention.periodic)
    if (options.builtInPool) {
      handlers[options.retention.spentCodes.periodic.kind] = options.retention.spentCodes.handler
      periodic.push(options.retention.spentCodes.periodic)
    }
  }
  // Hosted sign-in requests past their time.
  if (options.hostedSignIn) {
    handlers['sweep.hosted-sign-ins'] = async () => ({ removed: await removeExpiredSignIns(options.db, now()) })
    periodic.push({ kind: 'sweep.hosted-sign-ins', everyMs: HOUR })
  }
  return { handlers, periodic }
}
