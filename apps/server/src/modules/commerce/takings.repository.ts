import { and, eq, schema, sql, type Db } from '@salon/db'

const { payments, bookings, cashUps } = schema

export type CashUpRow = typeof cashUps.$inferSelect

/** The takings' and cash-ups' reads and writes (docs/product.md §10.3). */
export function createTakingsRepository(db: Db) {
  return {
    /**
     * A shop's takings between two instants, by provider: payments that succeeded then (whatever became of them
     * since), and refunds made then of payments that had succeeded (a payment refused when its money came was never
     * a sale, so neither is its refund). Of the sales, those of sessions paid at the desk, apart.
     */
    async takings(shopId: string, from: Date, to: Date, executor: Db = db) {
      const [f, t] = [from.toISOString(), to.toISOString()]
      const sold = sql`${payments.succeededAt} >= ${f}::timestamptz and ${payments.succeededAt} < ${t}::timestamptz`
      const given = sql`${payments.refundedAt} >= ${f}::timestamptz and ${payments.refundedAt} < ${t}::timestamptz`
      const rows = await executor
        .select({
          provider: payments.provider,
          sales: sql<number>`count(*) filter (where ${sold})::int`,
          salesPence: sql<number>`coalesce(sum(${payments.amountPence}) filter (where ${sold}), 0)::int`,
          sessions: sql<number>`count(*) filter (where ${sold} and ${payments.purpose} = 'session')::int`,
          sessionsPence: sql<number>`coalesce(sum(${payments.amountPence}) filter (where ${sold} and ${payments.purpose} = 'session'), 0)::int`,
          refunds: sql<number>`count(*) filter (where ${given})::int`,
          refundsPence: sql<number>`coalesce(sum(coalesce(${payments.refundedPence}, ${payments.amountPence})) filter (where ${given}), 0)::int`,
        })
        .from(payments)
        .where(and(eq(payments.shopId, shopId), sql`${payments.succeededAt} is not null`, sql`((${sold}) or (${given}))`))
        .groupBy(payments.provider)
      return rows.map((r) => ({
        provider: r.provider,
        sales: Number(r.sales),
        salesPence: Number(r.salesPence),
        sessions: Number(r.sessions),
        sessionsPence: Number(r.sessionsPence),
        refunds: Number(r.refunds),
        refundsPence: Number(r.refundsPence),
      }))
    },

    /** Sessions of the local days from–to (inclusive) to be paid in the salon, not cancelled nor missed, still unpaid. */
    async unpaidSessions(shopId: string, from: string, to: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, pence: sql<number>`coalesce(sum(${bookings.pricePence}), 0)::int` })
        .from(bookings)
        .where(
          and(
            eq(bookings.shopId, shopId),
            eq(bookings.paidWith, 'in_salon'),
            sql`${bookings.deskPayment} is null`,
            sql`${bookings.status} in ('booked', 'attended')`,
            sql`${bookings.localDate} between ${from}::date and ${to}::date`,
          ),
        )
      return { count: Number(row?.count ?? 0), pence: Number(row?.pence ?? 0) }
    },

    /** The cash-ups of the local days from–to (inclusive), by date. */
    cashUps(shopId: string, from: string, to: string) {
      return db
        .select()
        .from(cashUps)
        .where(and(eq(cashUps.shopId, shopId), sql`${cashUps.localDate} between ${from}::date and ${to}::date`))
        .orderBy(cashUps.localDate)
    },

    async cashUp(shopId: string, date: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(cashUps)
        .where(and(eq(cashUps.shopId, shopId), eq(cashUps.localDate, date)))
      return row
    },

    /** Records a day's cash-up; undefined when the day has one already (the first stands). */
    async insertCashUp(row: CashUpRow, executor: Db) {
      const [made] = await executor.insert(cashUps).values(row).onConflictDoNothing().returning()
      return made
    },
  }
}
export type TakingsRepository = ReturnType<typeof createTakingsRepository>
