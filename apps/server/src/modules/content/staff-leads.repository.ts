import type { LeadKind } from '@salon/contracts/staff-reports'
import { sql, type Db } from '@salon/db'

/** A lead as the database answers it: times already written as ISO 8601 instants in UTC. */
export interface LeadRow {
  kind: LeadKind
  id: number
  /** Microseconds since 1970 of `at`, the list's order (more exact than a JavaScript date). */
  position: string
  at: string
  name: string
  email: string | null
  phone: string | null
  message: string | null
  consentText: string | null
  consentAt: string
  handledAt: string | null
  handledBySub: string | null
  handledBy: string | null
}

export interface LeadCursor {
  position: string
  kind: LeadKind
  id: number
}

const TABLE = { offer: sql.raw('popup_leads'), message: sql.raw('contact_messages') } as const
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`)

/**
 * The offers popup's sign-ups and the contact form's messages (docs/product.md §10.6), read as one list newest
 * first, and marked handled by a member of staff. The only code that reads them for staff or writes their flags.
 */
export function createStaffLeadsRepository(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

  const leadColumns = sql`x.kind, x.id::float8 as id, x.position, ${iso('x.created_at')} as at, x.name, x.email, x.phone, x.message,
    x.consent_text as "consentText", ${iso('x.consent_at')} as "consentAt", ${iso('x.handled_at')} as "handledAt",
    x.handled_by::text as "handledBySub", s.name as "handledBy"`

  const bothKinds = (shopId: string, where: ReturnType<typeof sql>) => sql`(
      select 'offer' as kind, l.id, (extract(epoch from l.created_at) * 1000000)::bigint::text as position, l.created_at,
        l.first_name as name, l.email, l.phone, null::text as message, l.consent_text, l.created_at as consent_at, l.handled_at, l.handled_by
      from popup_leads l where l.shop_id = ${shopId} and ${where}
      union all
      select 'message', m.id, (extract(epoch from m.created_at) * 1000000)::bigint::text, m.created_at,
        m.name, m.email, m.phone, m.message, null::text, m.consent_at, m.handled_at, m.handled_by
      from contact_messages m where m.shop_id = ${shopId} and ${where}
    ) x left join staff_members s on s.shop_id = ${shopId} and s.sub = x.handled_by`

  return {
    /** A page of leads, handled or still waiting, newest first; after `before` when given. */
    async page(shopId: string, options: { handled: boolean; before?: LeadCursor; limit: number }) {
      const handled = options.handled ? sql`handled_at is not null` : sql`handled_at is null`
      const before = options.before
        ? sql`(x.position::bigint, x.kind, x.id) < (${options.before.position}::bigint, ${options.before.kind}, ${options.before.id})`
        : sql`true`
      return rows<LeadRow>(sql`
        select ${leadColumns} from ${bothKinds(shopId, handled)}
        where ${before}
        order by x.position::bigint desc, x.kind desc, x.id desc
        limit ${options.limit}`)
    },

    /** One lead of the shop, or undefined (another shop's id is as unknown as a made-up one). */
    async find(shopId: string, kind: LeadKind, id: number) {
      const [row] = await rows<LeadRow>(sql`
        select ${leadColumns} from ${bothKinds(shopId, sql`id = ${id}`)} where x.kind = ${kind}`)
      return row
    },

    /**
     * Marks a lead handled by `sub` at `at`, or waiting again; answers who had handled it and when, as it was before
     * the change, or undefined when it was already in that state (the first to mark it keeps their name and time).
     * The row is locked and its state checked again under the lock, so of two members marking it at once one does.
     */
    async setHandled(shopId: string, kind: LeadKind, id: number, handled: { by: string; at: Date } | null) {
      const table = TABLE[kind]
      const [previous] = await rows<{ handledAt: string | null; handledBy: string | null }>(sql`
        update ${table} t
        set handled_at = ${handled ? sql`${handled.at.toISOString()}::timestamptz` : sql`null`}, handled_by = ${handled ? handled.by : null}
        from (
          select id, handled_at, handled_by from ${table}
          where shop_id = ${shopId} and id = ${id} and ${handled ? sql`handled_at is null` : sql`handled_at is not null`}
          for update
        ) old
        where t.id = old.id
        returning ${iso('old.handled_at')} as "handledAt", old.handled_by::text as "handledBy"`)
      return previous
    },
  }
}
export type StaffLeadsRepository = ReturnType<typeof createStaffLeadsRepository>
