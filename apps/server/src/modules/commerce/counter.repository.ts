import { and, desc, eq, schema, sql, type Db } from '@salon/db'

const { payments, promoCodes, minuteLots, balanceLedger, bookings, beds, staffMembers, shops, bedTypes, identityUsers } = schema

/**
 * The salon's till, locked until the transaction ends: every path that takes money at the desk (a counter sale, a
 * session paid, a refund) and a day's cash-up wait for each other, so a cash-up counts every payment taken before it
 * and none after. Taken after the customer's lock wherever both are taken.
 */
export async function lockTill(executor: Db, shopId: string) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`till:${shopId}`}))`)
}

/** The counter's own reads and writes of payments, lots and the ledger (docs/product.md §10.3). */
export function createCounterRepository(db: Db) {
  return {
    /**
     * A counter sale given back, once: only a cash or card-terminal sale that succeeded. The row lock of the UPDATE
     * makes a second refund of the same sale wait, then find it done (undefined).
     */
    async markCounterRefunded(id: string, at: Date, executor: Db, refundedPence: number | null = null) {
      const [row] = await executor
        .update(payments)
        .set({ status: 'refunded', refundedAt: at, refundedPence })
        .where(and(eq(payments.id, id), eq(payments.status, 'succeeded'), sql`${payments.provider} in ('cash', 'card_terminal')`))
        .returning()
      return row
    },

    /**
     * A package bought online to be given back to the card: the refund is recorded as owed, once, for the refund job
     * to ask of the provider (docs/product.md §4.14). Undefined when it was refunded or asked for already.
     */
    async oweCardRefund(id: string, at: Date, executor: Db, refundedPence: number | null = null) {
      const [row] = await executor
        .update(payments)
        .set({ refundOwedAt: at, refundedPence })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.status, 'succeeded'),
            sql`${payments.purpose} in ('package', 'voucher')`,
            sql`${payments.provider} in ('stripe', 'offline') and ${payments.refundOwedAt} is null`,
          ),
        )
        .returning()
      return row
    },

    async lotOfPayment(paymentId: string, executor: Db = db) {
      const [row] = await executor.select({ id: minuteLots.id }).from(minuteLots).where(eq(minuteLots.paymentId, paymentId))
      return row?.id
    },

    /** The price a minute of each of the shop's bed types, as its price list shows them. */
    async perMinutePrices(shopId: string, executor: Db = db): Promise<Map<string, number>> {
      const rows = await executor.select({ code: bedTypes.code, pence: bedTypes.perMinutePence }).from(bedTypes).where(eq(bedTypes.shopId, shopId))
      return new Map(rows.map((r) => [r.code, r.pence]))
    },

    /** How far below the price list, in percent, the shop's staff may sell at the counter. */
    async maxDiscountPercent(shopId: string, executor: Db = db) {
      const [row] = await executor.select({ percent: shops.counterMaxDiscountPercent }).from(shops).where(eq(shops.id, shopId))
      return row!.percent
    },

    /** The mobile number of a member of staff's account: a customer the desk signed up with it is the member too. */
    async accountPhone(sub: string, executor: Db = db) {
      const [row] = await executor.select({ phone: identityUsers.phone }).from(identityUsers).where(eq(identityUsers.sub, sub))
      return row?.phone ?? null
    },

    async promoCodeText(id: string | null, executor: Db = db) {
      if (!id) return null
      const [row] = await executor.select({ code: promoCodes.code }).from(promoCodes).where(eq(promoCodes.id, id))
      return row?.code ?? null
    },

    /** A customer's payments at a shop, newest first, with who took each at the counter. */
    async paymentsOf(shopId: string, sub: string) {
      return db
        .select({
          id: payments.id,
          provider: payments.provider,
          status: payments.status,
          purpose: payments.purpose,
          description: payments.description,
          amountPence: payments.amountPence,
          discountPence: payments.discountPence,
          promoCode: promoCodes.code,
          createdAt: payments.createdAt,
          succeededAt: payments.succeededAt,
          refundedAt: payments.refundedAt,
          recordedByName: staffMembers.name,
        })
        .from(payments)
        .leftJoin(promoCodes, eq(promoCodes.id, payments.promoCodeId))
        .leftJoin(staffMembers, and(eq(staffMembers.shopId, payments.shopId), eq(staffMembers.sub, payments.recordedBy)))
        .where(and(eq(payments.shopId, shopId), eq(payments.sub, sub)))
        .orderBy(desc(payments.createdAt))
        .limit(500)
    },

    /** Every lot a customer was given at a shop, newest first (spent and expired ones too). */
    async lotsOf(shopId: string, sub: string) {
      return db
        .select({
          id: minuteLots.id,
          source: minuteLots.source,
          label: minuteLots.label,
          minutes: minuteLots.minutes,
          remaining: minuteLots.remaining,
          bedTypes: minuteLots.bedTypes,
          expiresAt: minuteLots.expiresAt,
          createdAt: minuteLots.createdAt,
        })
        .from(minuteLots)
        .where(and(eq(minuteLots.shopId, shopId), eq(minuteLots.sub, sub)))
        .orderBy(desc(minuteLots.createdAt), desc(minuteLots.id))
        .limit(500)
    },

    /** The ledger, newest first, with who made each change at the salon and why. */
    async ledgerOf(shopId: string, sub: string) {
      return db
        .select({
          id: balanceLedger.id,
          at: balanceLedger.createdAt,
          kind: balanceLedger.kind,
          minutes: balanceLedger.minutes,
          bookingId: balanceLedger.bookingId,
          lotLabel: minuteLots.label,
          reason: balanceLedger.reason,
          recordedByName: staffMembers.name,
          bookingStartsAt: bookings.startsAt,
          bedName: beds.name,
        })
        .from(balanceLedger)
        .leftJoin(minuteLots, eq(minuteLots.id, balanceLedger.lotId))
        .leftJoin(staffMembers, and(eq(staffMembers.shopId, balanceLedger.shopId), eq(staffMembers.sub, balanceLedger.recordedBy)))
        .leftJoin(bookings, eq(bookings.id, balanceLedger.bookingId))
        .leftJoin(beds, eq(beds.id, bookings.bedId))
        .where(and(eq(balanceLedger.shopId, shopId), eq(balanceLedger.sub, sub)))
        .orderBy(desc(balanceLedger.createdAt), desc(balanceLedger.id))
        .limit(500)
    },
  }
}
export type CounterRepository = ReturnType<typeof createCounterRepository>
