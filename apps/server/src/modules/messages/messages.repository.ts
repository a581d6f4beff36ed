import { randomUUID } from 'node:crypto'
import { formatVoucherCode } from '@salon/contracts/rules/vouchers'
import { readReceipt } from '../commerce/public.ts'
import { and, eq, gt, inArray, isNull, schema, sql, type Db } from '@salon/db'

const {
  customerMessages: messages,
  bookings,
  beds,
  shops,
  customers,
  payments,
  minuteLots: lots,
  bookingRules,
  balanceLedger,
  skinReactions,
  promoCodes,
  giftVouchers,
  memberships,
  membershipPayments,
} = schema

export type MessageRow = typeof messages.$inferSelect

/** What a send may do with a message: send it, look for it at the provider first, or nothing (docs/decisions/034). */
export type Claim = { go: 'send' } | { go: 'look'; attemptAt: Date; lookups: number } | { go: 'settled' }

/** What a message about a customer needs to know of them: where to reach them, and whether they take booking texts. */
export interface Recipient {
  sub: string
  firstName: string | null
  phone: string | null
  email: string | null
  bookingTexts: boolean
}

/** The salon a message is from: its name and number to sign with, and its time zone for the times it names. */
const shopColumns = { id: shops.id, name: shops.name, phone: shops.phone, timeZone: shops.timeZone }

const recipientColumns = {
  sub: customers.sub,
  firstName: customers.firstName,
  phone: customers.phone,
  email: customers.email,
  bookingTexts: customers.bookingTexts,
  erasedAt: customers.erasedAt,
}

/** The row is still the one a send left: `sending`, from the send begun at `attemptAt`. */
const underWay = (key: string, attemptAt: Date) => and(eq(messages.key, key), eq(messages.status, 'sending'), eq(messages.attemptAt, attemptAt))

/**
 * The messages module's own table, and the reads its messages are written from. The reads are of other modules'
 * tables, as they are when the message is sent (a booking moved or cancelled since it was asked for is seen as it is).
 */
export function createMessagesRepository(db: Db) {
  return {
    /** A payment's receipt, as the desk prints it (commerce's receiptOf). */
    receipt: (paymentId: string) => readReceipt(db, paymentId),

    async bookingFacts(bookingId: string) {
      const [row] = await db
        .select({
          booking: bookings,
          bedName: beds.name,
          shop: shopColumns,
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

    /** A membership payment, its membership and customer: for the text about a renewal that did not go through. */
    async membershipPaymentFacts(paymentId: string) {
      const [row] = await db
        .select({
          payment: { id: membershipPayments.id, status: membershipPayments.status, amountPence: membershipPayments.amountPence },
          planName: memberships.planName,
          shop: shopColumns,
          customer: recipientColumns,
        })
        .from(membershipPayments)
        .innerJoin(memberships, eq(memberships.id, membershipPayments.membershipId))
        .innerJoin(shops, eq(shops.id, membershipPayments.shopId))
        .innerJoin(customers, and(eq(customers.shopId, membershipPayments.shopId), eq(customers.sub, membershipPayments.sub)))
        .where(eq(membershipPayments.id, paymentId))
      return row
    },

    async paymentFacts(paymentId: string) {
      const [row] = await db
        .select({
          payment: payments,
          shop: shopColumns,
          customer: recipientColumns,
          booking: { startsAt: bookings.startsAt },
          promo: { code: promoCodes.code, maxUses: promoCodes.maxUses, maxUsesPerCustomer: promoCodes.maxUsesPerCustomer },
        })
        .from(payments)
        .innerJoin(shops, eq(shops.id, payments.shopId))
        .innerJoin(customers, and(eq(customers.shopId, payments.shopId), eq(customers.sub, payments.sub)))
        .leftJoin(bookings, eq(bookings.id, payments.bookingId))
        .leftJoin(promoCodes, eq(promoCodes.id, payments.promoCodeId))
        .where(eq(payments.id, paymentId))
      return row
    },

    async voucherFacts(voucherId: string) {
      const [row] = await db
        .select({ voucher: giftVouchers, shop: shopColumns })
        .from(giftVouchers)
        .innerJoin(shops, eq(shops.id, giftVouchers.shopId))
        .where(eq(giftVouchers.id, voucherId))
      return row
    },

    /** The voucher's message went: its plain code is no longer kept (docs/decisions/042). */
    /**
     * The voucher has gone: its plain code is forgotten, on the voucher and in the record of the messages that
     * carried it, where all but its last four characters are blanked (docs/product.md "Gift vouchers": the salon
     * keeps only the code's SHA-256). In one transaction, so the code is never kept in one place and not the other.
     */
    async voucherSent(voucherId: string, at: Date, code: string) {
      const written = formatVoucherCode(code)
      const blanked = `••••-••••-••••-${written.slice(-4)}`
      await db.transaction(async (tx) => {
        await tx.update(giftVouchers).set({ sentAt: at, pendingCode: null }).where(eq(giftVouchers.id, voucherId))
        await tx
          .update(messages)
          .set({ body: sql`replace(${messages.body}, ${written}, ${blanked})` })
          .where(inArray(messages.key, [`voucher:${voucherId}:sms`, `voucher:${voucherId}:email`]))
      })
    },

    async lotFacts(lotId: string) {
      const [row] = await db
        .select({
          lot: lots,
          shop: shopColumns,
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
     * Takes the message's key before it is sent, committing the start of this send (`at`) first so a process that
     * dies mid-send leaves it behind (docs/decisions/034-messages-never-sent-blind.md). Answers `send` for a new
     * message, or one whose last send certainly failed (taken only if no other process took it first); `look` for one
     * still `sending` from a send whose fate is unknown, which must be looked for at the provider, never sent blind;
     * `settled` for anything else: sent, skipped, given up, or not written at all (a customer since erased).
     */
    async claim(
      row: Omit<typeof messages.$inferInsert, 'id' | 'status' | 'attemptAt' | 'lookups'> & { status: 'sending' | 'skipped' },
      at: Date,
    ): Promise<Claim> {
      const inserted = await db
        .insert(messages)
        .values({ id: randomUUID(), ...row, attemptAt: row.status === 'sending' ? at : null, updatedAt: at })
        .onConflictDoNothing()
        .returning({ id: messages.id })
      if (inserted.length) return row.status === 'sending' ? { go: 'send' } : { go: 'settled' }
      const retaken = await db
        .update(messages)
        .set({ attemptAt: at, updatedAt: at })
        .where(and(eq(messages.key, row.key), eq(messages.status, 'sending'), isNull(messages.attemptAt)))
        .returning({ id: messages.id })
      if (retaken.length) return { go: 'send' }
      const [existing] = await db
        .select({ status: messages.status, attemptAt: messages.attemptAt, lookups: messages.lookups })
        .from(messages)
        .where(eq(messages.key, row.key))
      if (existing?.status === 'sending' && existing.attemptAt) return { go: 'look', attemptAt: existing.attemptAt, lookups: existing.lookups }
      return { go: 'settled' }
    },

    /**
     * After a lookup: counts it, and when the provider had no such message starts a new send at `at` (`resend`).
     * False when another process moved the message on since `attemptAt` was read: it is theirs now.
     */
    async lookedUp(key: string, attemptAt: Date, at: Date, resend: boolean): Promise<boolean> {
      const updated = await db
        .update(messages)
        .set({ lookups: sql`${messages.lookups} + 1`, updatedAt: at, ...(resend ? { attemptAt: at } : {}) })
        .where(underWay(key, attemptAt))
        .returning({ id: messages.id })
      return updated.length === 1
    },

    /** Recorded as sent; a late answer of a send given up as unconfirmed is recorded too, as it is the truth. */
    async sent(key: string, providerRef: string | null, at: Date) {
      await db
        .update(messages)
        .set({ status: 'sent', providerRef, sentAt: at, error: null, updatedAt: at })
        .where(and(eq(messages.key, key), inArray(messages.status, ['sending', 'failed']), isNull(messages.providerRef)))
    },

    /**
     * The send begun at `attemptAt` certainly failed: sent again on the next try, or kept as failed when the
     * provider refused the message itself (`final`).
     */
    async sendFailed(key: string, attemptAt: Date, error: string, at: Date, final: boolean) {
      await db
        .update(messages)
        .set({ error: error.slice(0, 500), attemptAt: null, updatedAt: at, ...(final ? { status: 'failed' } : {}) })
        .where(underWay(key, attemptAt))
    },

    /** The send begun at `attemptAt` may or may not have reached the provider: the row stays `sending` with its error. */
    async outcomeUnknown(key: string, attemptAt: Date, error: string, at: Date) {
      await db
        .update(messages)
        .set({ error: error.slice(0, 500), updatedAt: at })
        .where(underWay(key, attemptAt))
    },

    /** Given up without sending again: whether it arrived cannot be known, and the salon sees why. */
    async unconfirmed(key: string, attemptAt: Date, error: string, at: Date) {
      await db
        .update(messages)
        .set({ status: 'failed', error: error.slice(0, 500), updatedAt: at })
        .where(underWay(key, attemptAt))
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
