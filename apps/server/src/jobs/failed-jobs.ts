import type { FailedJob } from '@salon/contracts/staff-jobs'
import { and, desc, eq, schema, type Db } from '@salon/db'
import { HttpError } from '../lib/errors.ts'
import { createAuditLog, type StaffActor } from '../modules/shop/public.ts'

/**
 * Work that failed on every try and was given up, shown to the owner of the salon it was for, who may have it tried
 * again (docs/operations.md "Work that failed", docs/decisions/048). Each job names its salon (the `jobs_shop`
 * trigger); the installation's own work (sweeps, backups) names none and is the server's keeper's to watch.
 */

/** What each kind of work is, as the owner reads it. Every kind the worker runs for a salon is here (its test checks). */
export const WORK_IN_WORDS: Readonly<Record<string, string>> = {
  'booking.confirmed': 'A booking confirmation to a customer',
  'booking.reminder': 'A session reminder to a customer',
  'booking.moved': 'A message to a customer that their session moved',
  'booking.cancelled': 'A message to a customer that their session was cancelled',
  'salon.skin-reaction': 'An email to the salon about a skin reaction reported online',
  'waitlist.freed': 'Offering a freed time to the waitlist',
  'waitlist.offer-text': 'A text offering a freed time to a customer on the waitlist',
  'membership.renew': 'A membership’s monthly payment',
  'membership.payment-failed': 'A text to a member that their payment did not go through',
  'voucher.send': 'Sending a gift voucher to its recipient',
  'payment.refund': 'A refund to a customer’s card',
  'payment.refund-done': 'A message to a customer that their refund was made',
  'payment.receipt': 'A receipt to a customer',
  'payment.refused-notice': 'A message to a customer that their payment was refused and refunded',
  'lot.expiring': 'A reminder to a customer that their minutes run out soon',
}

export const FAILED_WORK_MESSAGES = {
  notFound: 'There is no such failed work at this salon.',
  notFailed: 'This work is no longer failed, so there is nothing to try again.',
  retried: (what: string) => `${what}: it will be tried again in a moment.`,
}

/** At most this many are listed, newest first: more than a salon can read through, fewer than would slow the page. */
const LISTED = 100

export function createFailedWork(db: Db, now: () => number) {
  const { jobs } = schema
  const mine = (shopId: string, id?: string) => and(eq(jobs.shopId, shopId), id ? eq(jobs.id, id) : undefined)
  const what = (kind: string) => WORK_IN_WORDS[kind] ?? kind

  return {
    async list(shopId: string): Promise<FailedJob[]> {
      const rows = await db
        .select()
        .from(jobs)
        .where(and(mine(shopId), eq(jobs.status, 'failed')))
        .orderBy(desc(jobs.finishedAt))
        .limit(LISTED)
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        what: what(row.kind),
        failedAt: (row.finishedAt ?? row.updatedAt).toISOString(),
        tries: row.attempts,
        error: row.lastError,
      }))
    },

    /**
     * Queues a failed job again, due now, with its tries afresh. The change is one conditional update, so of any
     * number of retries at once one queues it and the others find it no longer failed; each job's work is keyed, so
     * what its earlier tries finished is not done twice.
     */
    async retry(actor: StaffActor, id: string): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        const at = new Date(now())
        const [row] = await tx
          .update(jobs)
          .set({ status: 'queued', runAt: at, attempts: 0, lockedBy: null, lockedUntil: null, finishedAt: null, updatedAt: at })
          .where(and(mine(actor.shopId, id), eq(jobs.status, 'failed')))
          .returning({ kind: jobs.kind })
        if (!row) {
          const [found] = await tx.select({ id: jobs.id }).from(jobs).where(mine(actor.shopId, id))
          throw new HttpError(found ? 409 : 404, found ? FAILED_WORK_MESSAGES.notFailed : FAILED_WORK_MESSAGES.notFound)
        }
        await createAuditLog(tx as unknown as Db).record(actor, { action: 'work.retried', subjectType: 'job', subjectId: id, after: { kind: row.kind } })
        return { message: FAILED_WORK_MESSAGES.retried(what(row.kind)) }
      })
    },
  }
}
export type FailedWork = ReturnType<typeof createFailedWork>
