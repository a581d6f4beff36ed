import { and, eq, isNull, lt, or, schema, sql, type Db } from '@salon/db'

const { customers, contactMessages, popupLeads, identityCodes: codes } = schema

/** A customer record at a shop. */
export interface CustomerKey {
  shopId: string
  sub: string
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`

/**
 * The customer records with no activity since `since` and no minutes left to use at `now` (docs/product.md §4.16):
 * made before it, no sign-in of their account since, no booking made since nor any session since that was not
 * cancelled, no purchase or counter sale since, and no lot with minutes that can still be used.
 */
function inactive(since: Date, now: Date) {
  const c = customers
  return sql`${c.erasedAt} is null
    and ${c.createdAt} < ${at(since)}
    and not exists (select 1 from identity_users u where u.sub = ${c.sub} and u.last_sign_in_at >= ${at(since)})
    and not exists (
      select 1 from bookings b where b.shop_id = ${c.shopId} and b.sub = ${c.sub}
        and (b.created_at >= ${at(since)} or (b.starts_at >= ${at(since)} and b.status <> 'cancelled')))
    and not exists (select 1 from payments p where p.shop_id = ${c.shopId} and p.sub = ${c.sub} and p.succeeded_at >= ${at(since)})
    and not exists (
      select 1 from minute_lots l where l.shop_id = ${c.shopId} and l.sub = ${c.sub} and l.remaining > 0 and l.expires_at > ${at(now)})`
}

/** Contact messages whose later of arrival and last "answered" mark is before `before`. */
const staleMessage = (before: Date) =>
  sql`greatest(${contactMessages.createdAt}, coalesce(${contactMessages.handledAt}, ${contactMessages.createdAt})) < ${at(before)}`

/** What a withdrawn consent keeps: its time of withdrawal, forgotten once it is before `before`. */
const withdrawnBefore = (which: 'app' | 'master', before: Date) =>
  which === 'app'
    ? and(eq(customers.appMarketing, false), lt(customers.appTimestamp, before))
    : and(eq(customers.masterMarketing, false), lt(customers.masterTimestamp, before))

/** Counts rows per shop. */
const perShop = (rows: { shopId: string }[]) =>
  rows.reduce((counts, row) => counts.set(row.shopId, (counts.get(row.shopId) ?? 0) + 1), new Map<string, number>())

/**
 * The reads and deletions of the retention jobs (retention.service.ts): the customers due for erasure (erased through
 * eraseCustomer, never here), and the contact messages, offer requests, withdrawn consents' times and texted codes
 * past their time. Like the erasure's repository, it reaches other modules' tables for this one purpose.
 */
export function createRetentionRepository(db: Db) {
  return {
    /** The records due for erasure: at one shop, or at every shop. */
    async inactiveCustomers(since: Date, now: Date, shopId?: string): Promise<CustomerKey[]> {
      return db
        .select({ shopId: customers.shopId, sub: customers.sub })
        .from(customers)
        .where(and(inactive(since, now), shopId === undefined ? undefined : eq(customers.shopId, shopId)))
        .orderBy(customers.shopId, customers.sub)
    },

    async countInactiveCustomers(shopId: string, since: Date, now: Date) {
      return db.$count(customers, and(inactive(since, now), eq(customers.shopId, shopId)))
    },

    /**
     * Locks one record until the transaction ends, as a booking or a sale at the counter does, and answers whether it
     * is still due: a customer who booked or bought a moment ago is not.
     */
    async lockIfInactive({ shopId, sub }: CustomerKey, since: Date, now: Date): Promise<boolean> {
      const locked = await db
        .select({ sub: customers.sub })
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub), isNull(customers.erasedAt)))
        .for('update')
      if (!locked.length) return false
      const [row] = await db
        .select({ sub: customers.sub })
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub), inactive(since, now)))
      return row !== undefined
    },

    async countContactMessages(shopId: string, before: Date) {
      return db.$count(contactMessages, and(eq(contactMessages.shopId, shopId), staleMessage(before)))
    },

    /** Deletes the messages past their time; answers how many went at each shop. */
    async deleteContactMessages(before: Date) {
      return perShop(await db.delete(contactMessages).where(staleMessage(before)).returning({ shopId: contactMessages.shopId }))
    },

    async countOfferLeads(shopId: string, before: Date) {
      return db.$count(popupLeads, and(eq(popupLeads.shopId, shopId), lt(popupLeads.createdAt, before)))
    },

    async deleteOfferLeads(before: Date) {
      return perShop(await db.delete(popupLeads).where(lt(popupLeads.createdAt, before)).returning({ shopId: popupLeads.shopId }))
    },

    async countWithdrawnConsents(shopId: string, before: Date) {
      return db.$count(customers, and(eq(customers.shopId, shopId), or(withdrawnBefore('app', before), withdrawnBefore('master', before))))
    },

    /** Forgets when consents were withdrawn, once that is before `before`; the customers stay unsubscribed. */
    async forgetWithdrawnConsents(before: Date, now: Date) {
      const app = await db
        .update(customers)
        .set({ appTimestamp: null, updatedAt: now })
        .where(withdrawnBefore('app', before))
        .returning({ shopId: customers.shopId })
      const master = await db
        .update(customers)
        .set({ masterTimestamp: null, updatedAt: now })
        .where(withdrawnBefore('master', before))
        .returning({ shopId: customers.shopId })
      return perShop([...app, ...master])
    },

    /**
     * A line in the salon's audit log for what a retention job did, by ids and counts only. No member of staff made
     * the change, so the entry names the job as its actor (role `system`), which no staff member can have.
     */
    async audit(entry: {
      shopId: string
      actor: { sub: string; name: string; role: string }
      action: string
      subjectType: string
      subjectId: string
      after: Record<string, unknown>
      at: Date
    }) {
      await db.insert(schema.staffAuditLog).values({
        shopId: entry.shopId,
        actorSub: entry.actor.sub,
        actorName: entry.actor.name,
        actorRole: entry.actor.role,
        action: entry.action,
        subjectType: entry.subjectType,
        subjectId: entry.subjectId,
        before: null,
        after: entry.after,
        createdAt: entry.at,
      })
    },

    /** Texted codes used already, or which ran out before `expiredBefore`; answers how many were deleted. */
    async deleteSpentCodes(expiredBefore: Date) {
      const deleted = await db
        .delete(codes)
        .where(or(sql`${codes.usedAt} is not null`, lt(codes.expiresAt, expiredBefore)))
        .returning({ id: codes.id })
      return deleted.length
    },
  }
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>
