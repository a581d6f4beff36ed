import { and, asc, eq, inArray, schema, sql, type Db } from '@salon/db'

const { waitlistEntries: entries, waitlistOffers: offers, bookings, beds } = schema

export type WaitlistEntryRow = typeof entries.$inferSelect

/** An offer with its hold (a pending booking of the customer's) and the hold's bed. */
export interface OfferRow {
  id: string
  entryId: string
  sub: string
  bookingId: string
  bedId: string
  bedName: string
  bedType: string
  localDate: string
  startsAt: Date
  minutes: number
  pricePence: number
  status: string
  holdUntil: Date | null
}

const offerColumns = {
  id: offers.id,
  entryId: offers.entryId,
  sub: bookings.sub,
  bookingId: offers.bookingId,
  bedId: bookings.bedId,
  bedName: beds.name,
  bedType: beds.type,
  localDate: bookings.localDate,
  startsAt: bookings.startsAt,
  minutes: bookings.minutes,
  pricePence: bookings.pricePence,
  status: bookings.status,
  holdUntil: bookings.holdUntil,
}

const LIVE = ['waiting', 'offered'] as const

/** The only code that reads or writes the waitlist (docs/decisions/044). Methods taking `tx` write in the caller's transaction. */
export function createWaitlistRepository(db: Db) {
  return {
    async insertEntry(tx: Db, row: typeof entries.$inferInsert) {
      await tx.insert(entries).values(row)
    },

    /** A customer's live entries (waiting or offered), soonest first. */
    async liveEntriesOf(shopId: string, sub: string): Promise<WaitlistEntryRow[]> {
      return db
        .select()
        .from(entries)
        .where(and(eq(entries.shopId, shopId), eq(entries.sub, sub), inArray(entries.status, [...LIVE])))
        .orderBy(asc(entries.fromAt))
    },

    /** The live entries of a day, first joined first, with the customer's name, for the day sheet. */
    async liveEntriesOn(shopId: string, date: string) {
      return db
        .select({ entry: entries, firstName: schema.customers.firstName, lastName: schema.customers.lastName })
        .from(entries)
        .innerJoin(schema.customers, and(eq(schema.customers.shopId, entries.shopId), eq(schema.customers.sub, entries.sub)))
        .where(and(eq(entries.shopId, shopId), eq(entries.localDate, date), inArray(entries.status, [...LIVE])))
        .orderBy(asc(entries.createdAt), asc(entries.id))
    },

    /** The sub of a live entry at this shop, for the desk's removal. */
    async subOf(shopId: string, id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ sub: entries.sub })
        .from(entries)
        .where(and(eq(entries.id, id), eq(entries.shopId, shopId)))
      return row?.sub
    },

    /**
     * Ends a live entry (left): answers the entry as it was, with the hold of its offer if one is held, or nothing
     * when it was not live. The row is locked by the update, so a leave and an offer wait for each other.
     */
    async leave(tx: Db, shopId: string, sub: string, id: string, at: Date) {
      const [before] = await tx
        .select({ status: entries.status })
        .from(entries)
        .where(and(eq(entries.id, id), eq(entries.shopId, shopId), eq(entries.sub, sub)))
        .for('update')
      if (!before || !LIVE.includes(before.status as (typeof LIVE)[number])) return null
      await tx.update(entries).set({ status: 'left', endedAt: at }).where(eq(entries.id, id))
      const [offer] = await tx.select({ bookingId: offers.bookingId }).from(offers).where(eq(offers.entryId, id))
      return { status: before.status, holdId: offer?.bookingId ?? null }
    },

    /** The waiting entries whose range meets [from, to], first joined first: who a freed time is offered to. */
    async waitingFor(shopId: string, from: Date, to: Date): Promise<WaitlistEntryRow[]> {
      return db
        .select()
        .from(entries)
        .where(
          and(
            eq(entries.shopId, shopId),
            eq(entries.status, 'waiting'),
            sql`${entries.toAt} >= ${from.toISOString()}::timestamptz`,
            sql`${entries.fromAt} <= ${to.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(entries.createdAt), asc(entries.id))
    },

    /** Marks a waiting entry offered; false when it is no longer waiting (another offer, or it was left). */
    async claim(tx: Db, id: string): Promise<boolean> {
      const done = await tx
        .update(entries)
        .set({ status: 'offered' })
        .where(and(eq(entries.id, id), eq(entries.status, 'waiting')))
        .returning({ id: entries.id })
      return done.length === 1
    },

    async insertOffer(tx: Db, row: typeof offers.$inferInsert) {
      await tx.insert(offers).values(row)
    },

    /** The offer of this token, if it is this customer's. */
    async offerByToken(shopId: string, sub: string, tokenHash: string): Promise<OfferRow | undefined> {
      const [row] = await db
        .select(offerColumns)
        .from(offers)
        .innerJoin(bookings, eq(bookings.id, offers.bookingId))
        .innerJoin(beds, eq(beds.id, bookings.bedId))
        .where(and(eq(offers.shopId, shopId), eq(offers.tokenHash, tokenHash), eq(bookings.sub, sub)))
      return row
    },

    /** The offers held on a day (their holds still pending), for the day sheet. */
    async heldOn(shopId: string, date: string, at: Date): Promise<OfferRow[]> {
      return db
        .select(offerColumns)
        .from(offers)
        .innerJoin(bookings, eq(bookings.id, offers.bookingId))
        .innerJoin(beds, eq(beds.id, bookings.bedId))
        .where(
          and(
            eq(offers.shopId, shopId),
            eq(bookings.localDate, date),
            eq(bookings.status, 'pending'),
            sql`${bookings.holdUntil} > ${at.toISOString()}::timestamptz`,
          ),
        )
    },

    /** Turns a held offer into the customer's booking, paid as decided; the entry is booked. */
    async confirmHold(tx: Db, offer: { bookingId: string; entryId: string }, paidWith: 'balance' | 'in_salon' | 'card', at: Date) {
      await tx
        .update(bookings)
        .set(paidWith === 'card' ? { paidWith } : { paidWith, status: 'booked', holdUntil: null })
        .where(and(eq(bookings.id, offer.bookingId), eq(bookings.status, 'pending')))
      await tx.update(entries).set({ status: 'booked', endedAt: at }).where(eq(entries.id, offer.entryId))
    },

    /**
     * The waitlist's sweep: unpaid holds past their time are cancelled (so the database offers their times again);
     * offered entries end booked or missed as their hold went; waiting entries whose range has passed lapse.
     */
    async sweep(at: Date) {
      const now = at.toISOString()
      return db.transaction(async (tx) => {
        const holds = await tx.execute(sql`
          update bookings set status = 'cancelled', cancelled_at = ${now}::timestamptz
          where status = 'pending' and hold_until <= ${now}::timestamptz returning id`)
        const booked = await tx.execute(sql`
          update waitlist_entries e set status = 'booked', ended_at = ${now}::timestamptz
          from waitlist_offers o join bookings b on b.id = o.booking_id
          where o.entry_id = e.id and e.status = 'offered' and b.status in ('booked', 'attended', 'no_show') returning e.id`)
        const missed = await tx.execute(sql`
          update waitlist_entries e set status = 'missed', ended_at = ${now}::timestamptz
          from waitlist_offers o join bookings b on b.id = o.booking_id
          where o.entry_id = e.id and e.status = 'offered' and b.status = 'cancelled' returning e.id`)
        const lapsed = await tx.execute(sql`
          update waitlist_entries set status = 'lapsed', ended_at = ${now}::timestamptz
          where status = 'waiting' and to_at <= ${now}::timestamptz returning id`)
        const count = (r: unknown) => (r as { rows: unknown[] }).rows.length
        return { holds: count(holds), booked: count(booked), missed: count(missed), lapsed: count(lapsed) }
      })
    },
  }
}
export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>
