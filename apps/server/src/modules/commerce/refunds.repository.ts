import { and, desc, eq, schema, sql, type Db } from '@salon/db'

const { payments, customers, bookings } = schema

/** The card refunds a salon owes (docs/product.md §4.14): their state, as the refund job and the staff see it. */
export function createRefundsRepository(db: Db) {
  return {
    async payment(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id))
      return row
    },

    /** The provider confirmed the refund: the payment is refunded, and no longer owed or failed. */
    async refunded(id: string, at: Date) {
      await db
        .update(payments)
        .set({ status: 'refunded', refundedAt: at, refundFailedAt: null, refundError: null })
        .where(and(eq(payments.id, id), eq(payments.status, 'succeeded')))
    },

    /** The last try failed: kept for the salon to act on. */
    async refundFailed(id: string, error: string, at: Date) {
      await db
        .update(payments)
        .set({ refundFailedAt: at, refundError: error.slice(0, 500) })
        .where(eq(payments.id, id))
    },

    /** A refund the salon asks to try again: no longer failed (answers whether it was one that had failed). */
    async retry(shopId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(payments)
        .set({ refundFailedAt: null, refundError: null })
        .where(and(eq(payments.shopId, shopId), eq(payments.id, id), eq(payments.status, 'succeeded'), sql`${payments.refundFailedAt} is not null`))
        .returning({ id: payments.id })
      return rows.length === 1
    },

    /** Refunds owed and not yet made, failed ones first. */
    async owed(shopId: string) {
      return db
        .select({
          paymentId: payments.id,
          // What is owed back: the part refunded, or the whole amount.
          amountPence: sql<number>`coalesce(${payments.refundedPence}, ${payments.amountPence})`.mapWith(Number),
          description: payments.description,
          owedAt: payments.refundOwedAt,
          failedAt: payments.refundFailedAt,
          error: payments.refundError,
          customerName: sql<string>`trim(coalesce(${customers.firstName}, '') || ' ' || coalesce(${customers.lastName}, ''))`,
          phone: customers.phone,
          sessionStartsAt: bookings.startsAt,
        })
        .from(payments)
        .innerJoin(customers, and(eq(customers.shopId, payments.shopId), eq(customers.sub, payments.sub)))
        .leftJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(and(eq(payments.shopId, shopId), eq(payments.status, 'succeeded'), sql`${payments.refundOwedAt} is not null`))
        .orderBy(sql`${payments.refundFailedAt} is null`, desc(payments.refundOwedAt))
    },
  }
}
export type RefundsRepository = ReturnType<typeof createRefundsRepository>
