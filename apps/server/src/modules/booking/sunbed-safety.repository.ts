import { and, desc, eq, gt, isNull, or, schema, sql, type Db } from '@salon/db'

const { healthAnswers, skinReactions, bookings } = schema

export type HealthAnswersRow = typeof healthAnswers.$inferSelect
export type SkinReactionRow = typeof skinReactions.$inferSelect & { sessionDate: string }

/** A session that counts for sunbed safety: booked, attended, or held for its card payment (never cancelled or missed). */
export interface SafetySession {
  id: string
  localDate: string
  startsAt: Date
  minutes: number
}

/** What the sunbed safety rules read of one customer (docs/product.md §4.15). */
export interface SafetyFacts {
  /** The newest answers to the health questions; null when never answered. */
  answers: HealthAnswersRow | null
  /** Reactions, newest first. */
  reactions: SkinReactionRow[]
  /** Sessions that count, oldest first, from `since` on (a hold whose time has run out does not count). */
  sessions: SafetySession[]
}

/**
 * The only code that reads and writes health answers and skin reactions. Every function takes the database or the
 * transaction to work in: the booking checks read inside the transaction holding the customer's lock.
 */
export const sunbedSafetyRepository = {
  async facts(db: Db, shopId: string, sub: string, since: Date, at: Date): Promise<SafetyFacts> {
    const [answers] = await db
      .select()
      .from(healthAnswers)
      .where(and(eq(healthAnswers.shopId, shopId), eq(healthAnswers.sub, sub)))
      .orderBy(desc(healthAnswers.answeredAt))
      .limit(1)
    const reactions = await this.reactions(db, shopId, sub)
    const sessions = await db
      .select({ id: bookings.id, localDate: bookings.localDate, startsAt: bookings.startsAt, minutes: bookings.minutes })
      .from(bookings)
      .where(
        and(
          eq(bookings.shopId, shopId),
          eq(bookings.sub, sub),
          sql`${bookings.status} in ('booked', 'attended', 'pending')`,
          or(sql`${bookings.status} <> 'pending'`, gt(bookings.holdUntil, at)),
          gt(bookings.startsAt, since),
        ),
      )
      .orderBy(bookings.startsAt)
    return { answers: answers ?? null, reactions, sessions }
  },

  /** Every reaction of the customer, newest first, with its session's date. */
  async reactions(db: Db, shopId: string, sub: string): Promise<SkinReactionRow[]> {
    const rows = await db
      .select({ reaction: skinReactions, sessionDate: bookings.localDate })
      .from(skinReactions)
      .innerJoin(bookings, eq(bookings.id, skinReactions.bookingId))
      .where(and(eq(skinReactions.shopId, shopId), eq(skinReactions.sub, sub)))
      .orderBy(desc(skinReactions.reportedAt))
    return rows.map((r) => ({ ...r.reaction, sessionDate: r.sessionDate }))
  },

  /** Every answer the customer gave, newest first (the staff's view and the data export). */
  answersOf: (db: Db, shopId: string, sub: string) =>
    db
      .select()
      .from(healthAnswers)
      .where(and(eq(healthAnswers.shopId, shopId), eq(healthAnswers.sub, sub)))
      .orderBy(desc(healthAnswers.answeredAt)),

  async addAnswers(db: Db, row: typeof healthAnswers.$inferInsert) {
    await db.insert(healthAnswers).values(row)
  },

  /** Clears the newest answers' "yes" when it stands uncleared; false when there is none to clear. */
  async clearAnswers(db: Db, shopId: string, sub: string, clearance: { by: string; byName: string; at: Date; reason: string }) {
    const [latest] = await db
      .select({ id: healthAnswers.id, anyYes: healthAnswers.anyYes, clearedAt: healthAnswers.clearedAt })
      .from(healthAnswers)
      .where(and(eq(healthAnswers.shopId, shopId), eq(healthAnswers.sub, sub)))
      .orderBy(desc(healthAnswers.answeredAt))
      .limit(1)
      .for('update')
    if (!latest || !latest.anyYes || latest.clearedAt) return null
    await db
      .update(healthAnswers)
      .set({ clearedBy: clearance.by, clearedByName: clearance.byName, clearedAt: clearance.at, clearedReason: clearance.reason })
      .where(eq(healthAnswers.id, latest.id))
    return latest.id
  },

  async addReaction(db: Db, row: typeof skinReactions.$inferInsert) {
    await db.insert(skinReactions).values(row)
  },

  /** A reaction of this shop, locked, with its customer. */
  async reactionForUpdate(db: Db, shopId: string, id: string) {
    const [row] = await db
      .select()
      .from(skinReactions)
      .where(and(eq(skinReactions.shopId, shopId), eq(skinReactions.id, id)))
      .for('update')
    return row
  },

  async clearReaction(db: Db, id: string, clearance: { by: string; byName: string; at: Date; reason: string }) {
    const done = await db
      .update(skinReactions)
      .set({ clearedBy: clearance.by, clearedByName: clearance.byName, clearedAt: clearance.at, clearedReason: clearance.reason })
      .where(and(eq(skinReactions.id, id), eq(skinReactions.needsClearance, true), isNull(skinReactions.clearedAt)))
      .returning({ id: skinReactions.id })
    return done.length > 0
  },

  /** One of the customer's bookings, with whether an earlier session counts before it (for "after the first session"). */
  async bookingOf(db: Db, shopId: string, sub: string, id: string) {
    const [row] = await db
      .select({
        id: bookings.id,
        status: bookings.status,
        localDate: bookings.localDate,
        startsAt: bookings.startsAt,
        // Written with the table's own name: inside the subqueries, a bare column would name the inner table's.
        earlier: sql<boolean>`exists (select 1 from bookings e where e.shop_id = bookings.shop_id and e.sub = bookings.sub
          and e.status in ('booked', 'attended') and e.starts_at < bookings.starts_at)`,
        reported: sql<boolean>`exists (select 1 from skin_reactions r where r.booking_id = bookings.id)`,
      })
      .from(bookings)
      .where(and(eq(bookings.shopId, shopId), eq(bookings.sub, sub), eq(bookings.id, id)))
    return row
  },

  /** The shop's newest reactions with their customers, for the salon's list. */
  async recentReactions(db: Db, shopId: string, limit: number) {
    const { customers } = schema
    return db
      .select({
        reaction: skinReactions,
        sessionDate: bookings.localDate,
        firstName: customers.firstName,
        lastName: customers.lastName,
        phone: customers.phone,
      })
      .from(skinReactions)
      .innerJoin(bookings, eq(bookings.id, skinReactions.bookingId))
      .innerJoin(customers, and(eq(customers.shopId, skinReactions.shopId), eq(customers.sub, skinReactions.sub)))
      .where(eq(skinReactions.shopId, shopId))
      .orderBy(desc(skinReactions.reportedAt))
      .limit(limit)
  },

  /** The names of members of staff, by sub, for who recorded or cleared something. */
  async staffNames(db: Db, shopId: string, subs: string[]) {
    if (subs.length === 0) return new Map<string, string>()
    const rows = await db
      .select({ sub: schema.staffMembers.sub, name: schema.staffMembers.name })
      .from(schema.staffMembers)
      .where(and(eq(schema.staffMembers.shopId, shopId), sql`${schema.staffMembers.sub} in ${subs}`))
    return new Map(rows.map((r) => [r.sub, r.name]))
  },
}
export type SunbedSafetyRepository = typeof sunbedSafetyRepository
