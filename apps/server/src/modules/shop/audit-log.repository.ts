import type { AuditFlag } from '@salon/contracts/staff'
import { and, desc, eq, lt, schema, sql, type Db } from '@salon/db'
import type { StaffActor } from './staff-route.ts'

export interface AuditEntry {
  action: string
  subjectType: string
  subjectId?: string | null
  before?: unknown
  after?: unknown
  reason?: string | null
  /** What the owner should look at in this change; none by default. */
  flags?: AuditFlag[]
}

/**
 * The audit log (docs/product.md §10): every change a member of staff makes, written in the same transaction as
 * the change, so there is no change without its line and no line without its change. Append-only in the database.
 */
export function createAuditLog(db: Db) {
  return {
    async record(actor: StaffActor, entry: AuditEntry) {
      await db.insert(schema.staffAuditLog).values({
        shopId: actor.shopId,
        actorSub: actor.sub,
        actorName: actor.name,
        actorRole: actor.role,
        action: entry.action,
        subjectType: entry.subjectType,
        subjectId: entry.subjectId ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
        reason: entry.reason ?? null,
        flags: entry.flags ?? [],
      })
    },
  }
}
export type AuditLog = ReturnType<typeof createAuditLog>

export interface AuditQuery {
  before?: number
  flagged?: boolean
  limit: number
}
/** Reads a shop's audit log, newest first (auditEntries with the database given). */
export type AuditEntries = (shopId: string, options: AuditQuery) => ReturnType<typeof auditEntries>

/** The newest entries of a shop's audit log, older than `before` (an entry's id) when given; only flagged ones when asked. */
export async function auditEntries(db: Db, shopId: string, options: AuditQuery) {
  const log = schema.staffAuditLog
  const rows = await db
    .select()
    .from(log)
    .where(and(eq(log.shopId, shopId), options.before ? lt(log.id, options.before) : undefined, options.flagged ? sql`${log.flags} <> '{}'` : undefined))
    .orderBy(desc(log.id))
    .limit(options.limit + 1)
  return { entries: rows.slice(0, options.limit), more: rows.length > options.limit }
}
