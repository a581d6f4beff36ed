import { randomUUID } from 'node:crypto'
import { and, eq, gt, inArray, isNull, schema, sql, type Db } from '@salon/db'

const { customerMessages: messages, bookings, beds, shops, customers, payments, minuteLots: lots, bookingRules, balanceLedger, skinReactions } = schema

export type MessageRow = typeof messages.$inferSelect

/** What a message about a customer needs to know of them: where to reach them, and whether they take booking texts. */
export interface Recipient {
  sub: string
  firstName: string | null
  phone: string | null
  email: string | null
  bookingTexts: boolean
}

const recipientColumns = {
  sub: customers.sub,
  firstName: customers.firstName,
  phone: customers.phone,
  email: customers.email,
  bookingTexts: customers.bookingTexts,
  erasedAt: customers.erasedAt,
}

/**
 * The messages module's own table, and the reads its messages are written from. The reads are of other modules'
 * tables, as they are when the message is sent (a booking moved or cancelled since it was asked for is seen as it is).
 */
export function createMessagesRepository(db: Db) {
  return {
    async bookingFacts(bookingId: string) {
      const [row] = await db
        .select({
          booking: bookings,
          bedName: beds.name,
          shop: { id: shops.id, name: shops.name, phone: shops.phone, timeZone: shops.timeZone },
          customer: recipientColumns,
        })
        .from(bookings)
        .innerJoin(beds, eq(beds.id, bookings.bedId))
        .innerJoin(shops, eq(shops.id, bookings.shopId))
        .innerJoin(customers, and(eq(customers.shopId, bookings.shopId), eq(customers.sub, bookings.sub)))
        .where(eq(bookings.id, bookingId))
      if (!row) return undefined
      const [card] = await db
        .select({ id: payments.id, amountPence: payments.amountPence, status: payments.status })
        .from(payments)
        .where(and(eq(payments.bookingId, bookingId), eq(payments.purpose, 'session'), inArray(payments.status, ['succeeded', 'refunded'])))
      const [rules] = await db.select({ reminderHoursBefore: bookingRules.reminderHoursBefore }).from(bookingRules).where(eq(bookingRules.shopId, row.shop.id))
      const [returned] = await db
        .select({ minutes: sql<number>`coalesce(sum(${balanceLedger.minutes}), 0)::int` })
        .from(balanceLedger)
        .where(and(eq(balanceLedger.bookingId, bookingId), eq(balanceLedger.kind, 'refund')))
      return { ...row, cardPayment: card, reminderHoursBefore: rules?.reminderHoursBefore ?? 0, minutesReturned: returned?.minutes ?? 0 }
    },

    async paymentFacts(paymentId: string) {
      const [row] = await db
        .select({
          payment: payments,
          shop: { id: shops.id, name: shops.name, phone: shops.phone, timeZone: shops.timeZone },
          customer: recipientColumns,
          booking: { startsAt: bookings.startsAt },
        })
        .from(payments)
        .innerJoin(shops, eq(shops.id, payments.shopId))
        .innerJoin(customers, and(eq(customers.shopId, payments.shopId), eq(customers.sub, payments.sub)))
        .leftJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(eq(payments.id, paymentId))
      return row
    },

    async lotFacts(lotId: string) {
      const [row] = await db
        .select({
          lot: lots,
          shop: { id: shops.id, name: shops.name, phone: shops.phone, timeZone: shops.timeZone },
          customer: recipientColumns,
        })
        .from(lots)
        .innerJoin(shops, eq(shops.id, lots.shopId))
        .innerJoin(customers, and(eq(customers.shopId, lots.shopId), eq(customers.sub, lots.sub)))
        .where(eq(lots.id, lotId))
      return row
    },

    /** A skin reaction with its session's start, its customer and the salon's own address, for the salon's notice. */
    async reactionFacts(reactionId: string) {
      const [row] = await db
        .select({
          reaction: skinReactions,
          startsAt: bookings.startsAt,
          shop: {
            id: shops.id,
            name: shops.name,
            phone: shops.phone,
            email: shops.email,
            timeZone: shops.timeZone,
            reactionPauseDays: shops.reactionPauseDays,
          },
          customer: { ...recipientColumns, lastName: customers.lastName },
        })
        .from(skinReactions)
        .innerJoin(bookings, eq(bookings.id, skinReactions.bookingId))
        .innerJoin(shops, eq(shops.id, skinReactions.shopId))
        .innerJoin(customers, and(eq(customers.shopId, skinReactions.shopId), eq(customers.sub, skinReactions.sub)))
        .where(eq(skinReactions.id, reactionId))
      return row
    },

    /** Lots with minutes left that run out between the two instants and lasted longer than that, for their notice a week before. */
    async lotsExpiringBetween(from: Date, to: Date): Promise<{ id: string; expiresAt: Date; timeZone: string }[]> {
      return db
        .select({ id: lots.id, expiresAt: lots.expiresAt, timeZone: shops.timeZone })
        .from(lots)
        .innerJoin(shops, eq(shops.id, lots.shopId))
        .where(
          and(
            gt(lots.remaining, 0),
            sql`${lots.expiresAt} > ${from.toISOString()}::timestamptz`,
            sql`${lots.expiresAt} <= ${to.toISOString()}::timestamptz`,
            // A lot that never lasted longer than the notice (a short reward) gets none.
            sql`${lots.createdAt} < ${lots.expiresAt} - (${to.getTime() - from.getTime()} * interval '1 millisecond')`,
          ),
        )
    },

    /**
     * Takes the message's key before it is sent: false when a message with this key was already sent (or skipped,
     * or failed on delivery), so a retry sends nothing twice. A row left `sending` by a try that died before the
     * provider answered is sent again: a rare second copy rather than a message never sent.
     */
    async claim(row: Omit<typeof messages.$inferInsert, 'id' | 'status'> & { status: 'sending' | 'skipped' }): Promise<boolean> {
      const inserted = await db
        .insert(messages)
        .values({ id: randomUUID(), ...row })
        .onConflictDoNothing()
        .returning({ id: messages.id })
      if (inserted.length) return row.status === 'sending'
      const [existing] = await db.select({ status: messages.status }).from(messages).where(eq(messages.key, row.key))
      return existing?.status === 'sending'
    },

    async sent(key: string, providerRef: string | null, at: Date) {
      await db.update(messages).set({ status: 'sent', providerRef, sentAt: at, error: null, updatedAt: at }).where(eq(messages.key, key))
    },

    async sendFailed(key: string, error: string, at: Date) {
      await db
        .update(messages)
        .set({ error: error.slice(0, 500), updatedAt: at })
        .where(and(eq(messages.key, key), eq(messages.status, 'sending')))
    },

    /** A delivery report from the provider: answers whether a message of ours has that id. */
    async delivered(providerRef: string, status: 'delivered' | 'failed', error: string | null, at: Date): Promise<boolean> {
      const updated = await db
        .update(messages)
        .set({ status, error, updatedAt: at })
        .where(and(eq(messages.providerRef, providerRef), inArray(messages.status, ['sent', 'delivered', 'failed'])))
        .returning({ id: messages.id })
      return updated.length > 0
    },

    /** Booking texts on or off for every customer record with this number (STOP and START): answers how many changed. */
    async setBookingTextsByPhone(phone: string, on: boolean, at: Date): Promise<number> {
      const changed = await db
        .update(customers)
        .set({ bookingTexts: on, bookingTextsChangedAt: at })
        .where(and(eq(customers.phone, phone), isNull(customers.erasedAt)))
        .returning({ sub: customers.sub })
      return changed.length
    },

    async byProviderRefs(refs: string[]): Promise<Pick<MessageRow, 'providerRef' | 'status' | 'kind'>[]> {
      if (!refs.length) return []
      return db
        .select({ providerRef: messages.providerRef, status: messages.status, kind: messages.kind })
        .from(messages)
        .where(inArray(messages.providerRef, refs))
    },

    async forCustomer(shopId: string, sub: string): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.shopId, shopId), eq(messages.sub, sub)))
        .orderBy(sql`${messages.createdAt} desc`)
    },
  }
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>
