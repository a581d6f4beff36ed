import { RETENTION, RETENTION_JOBS } from '@salon/contracts/rules/retention'
import type { RetentionDueResponse } from '@salon/contracts/staff-retention'
import type { Db } from '@salon/db'
import type { JobQueue } from '../../lib/job-queue.ts'
import { toIsoWithOffset } from '../../lib/local-time.ts'
import type { Logger } from '../../lib/logger.ts'
import type { ShopRepository } from '../shop/public.ts'
import { eraseCustomer } from './erasure.service.ts'
import { createRetentionRepository, type CustomerKey } from './retention.repository.ts'

const HOUR = 3600_000
/** The retention jobs that delete what the privacy notice promises to run once a day, each once across every process. */
export const RETENTION_EVERY_MS = 24 * HOUR
/** Texted codes once used, or a day after they ran out (so a late try still hears that its code expired), hourly. */
const SPENT_CODES_EVERY_MS = HOUR
const EXPIRED_CODES_KEPT_MS = 24 * HOUR

/** The audit log's name for the erasures the retention job makes: no member of staff made them. */
export const RETENTION_ACTOR = { sub: '00000000-0000-0000-0000-000000000000', name: 'Automatic deletion (privacy notice)', role: 'system' } as const

/** The instant `months` calendar months before `instant` (UTC), on the last day of the month where it has fewer days. */
export function monthsBefore(instant: number, months: number): Date {
  const from = new Date(instant)
  const monthIndex = from.getUTCFullYear() * 12 + from.getUTCMonth() - months
  const year = Math.floor(monthIndex / 12)
  const month = monthIndex - year * 12
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(
    Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay), from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()),
  )
}

/** What counts as too old at an instant, promise by promise (packages/contracts/src/rules/retention.ts). */
export function cutoffsAt(instant: number) {
  return {
    customers: monthsBefore(instant, RETENTION.inactiveCustomerMonths),
    contactMessages: monthsBefore(instant, RETENTION.contactMessageMonths),
    offerLeads: monthsBefore(instant, RETENTION.offerLeadMonths),
    withdrawnConsents: monthsBefore(instant, RETENTION.withdrawnConsentMonths),
  }
}

export interface RetentionDeps {
  db: Db
  /** The shared job queue, to tell the owner when the jobs run next. */
  queue: JobQueue
  shops: ShopRepository
  logger: Logger
  /** The app's clock: every cut-off is measured from it, never from the database's. */
  now: () => number
}

/**
 * The privacy notice's periods kept by periodic jobs on the shared queue (docs/product.md §4.16): customers who have
 * not booked, bought or signed in for the period are erased by eraseCustomer (the erasure their own deletion and the
 * salon's make), each under their record's lock and audited by id only; contact messages, offer requests, the times
 * of withdrawn consents and spent texted codes are deleted past their time. The owner sees what the next run will do.
 */
export function createRetention(deps: RetentionDeps) {
  const { db, logger, now } = deps

  /**
   * Erases each record with no activity since the cut-off, one transaction each: the record is locked and checked
   * again first, so a customer who books or buys while the job runs is kept, and a record erased by a run that
   * overlaps this one (a lapsed lock) is not erased twice.
   */
  async function eraseInactive() {
    const at = new Date(now())
    const since = cutoffsAt(at.getTime()).customers
    let erased = 0
    let accountsDeleted = 0
    for (const key of await createRetentionRepository(db).inactiveCustomers(since, at)) {
      const outcome = await db.transaction(async (tx) => {
        if (!(await createRetentionRepository(tx).lockIfInactive(key, since, at))) return undefined
        const done = await eraseCustomer(tx, { by: 'salon', sub: key.sub, shopId: key.shopId }, at)
        if (done) await auditErasure(tx, key, since, done.accountDeleted, at)
        return done
      })
      if (!outcome) continue
      erased++
      if (outcome.accountDeleted) accountsDeleted++
      logger.info({ shopId: key.shopId, sub: key.sub, accountDeleted: outcome.accountDeleted }, 'a customer inactive for the retention period was erased')
    }
    return { erased, accountsDeleted }
  }

  /** The erasure's line in the salon's audit log, written after the erasure redacted the earlier ones: ids only. */
  async function auditErasure(tx: Db, { shopId, sub }: CustomerKey, since: Date, accountDeleted: boolean, at: Date) {
    await createRetentionRepository(tx).audit({
      shopId,
      actor: RETENTION_ACTOR,
      action: 'customer.erased-inactive',
      subjectType: 'customer',
      subjectId: sub,
      after: { erased: true, accountDeleted, noActivitySince: since.toISOString() },
      at,
    })
  }

  /** One line per salon in its audit log for what a job deleted there (counts only), and one in the server's log. */
  async function report(action: string, counts: Map<string, number>, at: Date) {
    const repo = createRetentionRepository(db)
    for (const [shopId, count] of counts) {
      await repo.audit({ shopId, actor: RETENTION_ACTOR, action, subjectType: 'shop', subjectId: shopId, after: { count }, at })
      logger.info({ shopId, count, action }, 'records past the period the privacy notice gives were deleted')
    }
    return [...counts.values()].reduce((sum, count) => sum + count, 0)
  }

  const handlers = {
    [RETENTION_JOBS.inactiveCustomers]: eraseInactive,
    async [RETENTION_JOBS.contactMessages]() {
      const at = new Date(now())
      return {
        removed: await report(
          'retention.contact-messages-deleted',
          await createRetentionRepository(db).deleteContactMessages(cutoffsAt(at.getTime()).contactMessages),
          at,
        ),
      }
    },
    async [RETENTION_JOBS.offerLeads]() {
      const at = new Date(now())
      return {
        removed: await report('retention.offer-leads-deleted', await createRetentionRepository(db).deleteOfferLeads(cutoffsAt(at.getTime()).offerLeads), at),
      }
    },
    async [RETENTION_JOBS.withdrawnConsents]() {
      const at = new Date(now())
      const counts = await createRetentionRepository(db).forgetWithdrawnConsents(cutoffsAt(at.getTime()).withdrawnConsents, at)
      return { forgotten: await report('retention.withdrawn-consents-forgotten', counts, at) }
    },
  }
  const spentCodes = async () => ({ removed: await createRetentionRepository(db).deleteSpentCodes(new Date(now() - EXPIRED_CODES_KEPT_MS)) })
  const periodic = [
    { kind: RETENTION_JOBS.inactiveCustomers, everyMs: RETENTION_EVERY_MS },
    { kind: RETENTION_JOBS.contactMessages, everyMs: RETENTION_EVERY_MS },
    { kind: RETENTION_JOBS.offerLeads, everyMs: RETENTION_EVERY_MS },
    { kind: RETENTION_JOBS.withdrawnConsents, everyMs: RETENTION_EVERY_MS },
  ]

  /**
   * When the daily jobs run next: at once when this day's run has not happened yet (the workers ask for it at their
   * next poll), otherwise at the start of the next day's period.
   */
  async function nextRun(): Promise<number> {
    const period = Math.floor(now() / RETENTION_EVERY_MS)
    const today = await deps.queue.byKey(`${RETENTION_JOBS.inactiveCustomers}:${period}`)
    const ran = today && (today.status === 'done' || today.status === 'failed')
    return ran ? (period + 1) * RETENTION_EVERY_MS : now()
  }

  return {
    handlers,
    periodic,
    /** The codes' job is the identity service's own housekeeping: hourly, and with the built-in pool only. */
    spentCodes: { handler: spentCodes, periodic: { kind: RETENTION_JOBS.spentCodes, everyMs: SPENT_CODES_EVERY_MS } },

    /** GET /api/staff/retention: what the next run will delete at the owner's salon, counted as the jobs will count it then. */
    async due(shopId: string): Promise<RetentionDueResponse> {
      const at = await nextRun()
      const cut = cutoffsAt(at)
      const repo = createRetentionRepository(db)
      const shop = await deps.shops.findShop(shopId)
      const iso = (instant: Date | number) => toIsoWithOffset(typeof instant === 'number' ? instant : instant.getTime(), shop?.timeZone ?? 'Europe/London')
      const [customers, contactMessages, offerLeads, withdrawnConsents] = await Promise.all([
        repo.countInactiveCustomers(shopId, cut.customers, new Date(at)),
        repo.countContactMessages(shopId, cut.contactMessages),
        repo.countOfferLeads(shopId, cut.offerLeads),
        repo.countWithdrawnConsents(shopId, cut.withdrawnConsents),
      ])
      return {
        nextRunAt: iso(at),
        customers: { count: customers, before: iso(cut.customers) },
        contactMessages: { count: contactMessages, before: iso(cut.contactMessages) },
        offerLeads: { count: offerLeads, before: iso(cut.offerLeads) },
        withdrawnConsents: { count: withdrawnConsents, before: iso(cut.withdrawnConsents) },
      }
    },
  }
}
export type Retention = ReturnType<typeof createRetention>
