import { and, asc, desc, eq, gt, lte, ne, schema, sql, type Db } from '@salon/db'

const { voucherSettings, giftVouchers, voucherRedemptions, creditLots, creditSpends, payments } = schema

export type VoucherRow = typeof giftVouchers.$inferSelect
export type NewVoucher = typeof giftVouchers.$inferInsert
export type CreditLotRow = typeof creditLots.$inferSelect

/** The only code that reads or writes gift vouchers, their settings, and customers' credit (docs/decisions/042). */
export function createVouchersRepository(db: Db) {
  return {
    async settings(shopId: string, executor: Db = db) {
      const [row] = await executor.select().from(voucherSettings).where(eq(voucherSettings.shopId, shopId))
      return row
    },

    async saveSettings(shopId: string, settings: { amountsPence: number[]; packagesAsGifts: boolean; expiryMonths: number }, at: Date, executor: Db = db) {
      await executor
        .insert(voucherSettings)
        .values({ shopId, ...settings, updatedAt: at })
        .onConflictDoUpdate({ target: voucherSettings.shopId, set: { ...settings, updatedAt: at } })
    },

    async insert(voucher: NewVoucher, executor: Db = db): Promise<VoucherRow> {
      const [row] = await executor.insert(giftVouchers).values(voucher).returning()
      return row!
    },

    async byId(id: string, executor: Db = db) {
      const [row] = await executor.select().from(giftVouchers).where(eq(giftVouchers.id, id))
      return row
    },

    async byPayment(paymentId: string, executor: Db = db) {
      const [row] = await executor.select().from(giftVouchers).where(eq(giftVouchers.paymentId, paymentId))
      return row
    },

    /** The voucher with this code's hash, locked for the transaction: its value is spent one transaction at a time. */
    async lockByCode(shopId: string, codeHash: string, executor: Db) {
      const [row] = await executor
        .select()
        .from(giftVouchers)
        .where(and(eq(giftVouchers.shopId, shopId), eq(giftVouchers.codeHash, codeHash)))
        .for('update')
      return row
    },

    async byCode(shopId: string, codeHash: string) {
      const [row] = await db
        .select()
        .from(giftVouchers)
        .where(and(eq(giftVouchers.shopId, shopId), eq(giftVouchers.codeHash, codeHash)))
      return row
    },

    /** A paid voucher becomes usable, once: answers the row when this call issued it. */
    async issuePaid(paymentId: string, at: Date, expiresAt: Date, executor: Db) {
      const [row] = await executor
        .update(giftVouchers)
        .set({ status: 'issued', issuedAt: at, expiresAt })
        .where(and(eq(giftVouchers.paymentId, paymentId), eq(giftVouchers.status, 'awaiting_payment')))
        .returning()
      return row
    },

    /**
     * Spends `amountPence` of an issued, unexpired voucher: one UPDATE guarded by what is left, so a pound is spent
     * once whatever the concurrency (and the check remaining_pence >= 0 stands behind it). Undefined when it is not there.
     */
    async spend(voucherId: string, amountPence: number, at: Date, executor: Db) {
      const [row] = await executor
        .update(giftVouchers)
        .set({ remainingPence: sql`${giftVouchers.remainingPence} - ${amountPence}` })
        .where(
          and(
            eq(giftVouchers.id, voucherId),
            eq(giftVouchers.status, 'issued'),
            gt(giftVouchers.expiresAt, at),
            sql`${giftVouchers.remainingPence} >= ${amountPence}`,
          ),
        )
        .returning()
      return row
    },

    async addRedemption(row: typeof voucherRedemptions.$inferInsert, executor: Db) {
      await executor.insert(voucherRedemptions).values(row)
    },

    async addCreditLot(row: typeof creditLots.$inferInsert, executor: Db) {
      await executor.insert(creditLots).values(row)
    },

    /** The customer's credit that can still be spent at `at`, the soonest to expire first. */
    async liveCredit(shopId: string, sub: string, at: Date, executor: Db = db): Promise<CreditLotRow[]> {
      return executor
        .select()
        .from(creditLots)
        .where(and(eq(creditLots.shopId, shopId), eq(creditLots.sub, sub), gt(creditLots.remainingPence, 0), gt(creditLots.expiresAt, at)))
        .orderBy(asc(creditLots.expiresAt), asc(creditLots.createdAt))
    },

    /** Spends credit from one lot, guarded as a voucher's spend is; undefined when it is not there. */
    async spendCredit(lotId: string, amountPence: number, at: Date, executor: Db) {
      const [row] = await executor
        .update(creditLots)
        .set({ remainingPence: sql`${creditLots.remainingPence} - ${amountPence}` })
        .where(and(eq(creditLots.id, lotId), gt(creditLots.expiresAt, at), sql`${creditLots.remainingPence} >= ${amountPence}`))
        .returning()
      return row
    },

    async addCreditSpend(row: typeof creditSpends.$inferInsert, executor: Db) {
      await executor.insert(creditSpends).values(row)
    },

    /** What a payment took from each lot of credit, the lot that lasts longest first (given back in that order). */
    async spendsOfPayment(paymentId: string, executor: Db) {
      return executor
        .select({ lotId: creditSpends.creditLotId, amountPence: creditSpends.amountPence, expiresAt: creditLots.expiresAt })
        .from(creditSpends)
        .innerJoin(creditLots, eq(creditLots.id, creditSpends.creditLotId))
        .where(eq(creditSpends.paymentId, paymentId))
        .orderBy(desc(creditLots.expiresAt), desc(creditSpends.amountPence))
    },

    /** Credit given back to the lot it came from (never past what the lot held: its check constraint). */
    async returnCredit(lotId: string, amountPence: number, executor: Db) {
      await executor
        .update(creditLots)
        .set({ remainingPence: sql`${creditLots.remainingPence} + ${amountPence}` })
        .where(eq(creditLots.id, lotId))
    },

    /** A payment made with credit: a package or a session bought with it. */
    async insertCreditPayment(row: Omit<typeof payments.$inferInsert, 'provider'>, executor: Db) {
      await executor.insert(payments).values({ ...row, provider: 'credit' })
    },

    /** The credit payment standing for a session, locked; undefined when the session was not paid with credit. */
    async creditPaymentOfSession(bookingId: string, executor: Db) {
      const [row] = await executor
        .select({ id: payments.id, amountPence: payments.amountPence })
        .from(payments)
        .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, 'credit'), eq(payments.status, 'succeeded')))
        .for('update')
      return row
    },

    /** A credit payment given back, whole or (`refundedPence`) in part; false when it was given back already. */
    async markCreditRefunded(paymentId: string, at: Date, refundedPence: number | null, executor: Db) {
      const done = await executor
        .update(payments)
        .set({ status: 'refunded', refundedAt: at, refundedPence })
        .where(and(eq(payments.id, paymentId), eq(payments.provider, 'credit'), eq(payments.status, 'succeeded')))
        .returning({ id: payments.id })
      return done.length > 0
    },

    /**
     * Card payments holding credit that were never paid, made at or before `before` (docs/decisions/053), the oldest
     * first, at most `limit`.
     */
    async unpaidCreditHolds(before: Date, limit: number) {
      return db
        .select()
        .from(payments)
        .where(and(sql`${payments.creditPence} > 0`, sql`${payments.status} in ('creating', 'pending')`, lte(payments.createdAt, before)))
        .orderBy(asc(payments.createdAt))
        .limit(limit)
    },

    /** A customer's card payments holding credit, unpaid, but for the one of checkout key `except`. */
    async customerCreditHolds(shopId: string, sub: string, except: string) {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.shopId, shopId),
            eq(payments.sub, sub),
            sql`${payments.creditPence} > 0`,
            sql`${payments.status} in ('creating', 'pending')`,
            ne(payments.idempotencyKey, except),
          ),
        )
    },

    /**
     * A card payment holding credit ends unpaid (cancelled), once: true when this call ended it, so the caller gives
     * the credit back; false when it was paid, refused or ended already.
     */
    async endUnpaidHold(paymentId: string, executor: Db) {
      const done = await executor
        .update(payments)
        .set({ status: 'cancelled' })
        .where(and(eq(payments.id, paymentId), sql`${payments.creditPence} > 0`, sql`${payments.status} in ('creating', 'pending')`))
        .returning({ id: payments.id })
      return done.length > 0
    },

    /** The owner's list: the vouchers issued (paid for), the newest first. */
    async issued(shopId: string, limit: number) {
      return db
        .select()
        .from(giftVouchers)
        .where(and(eq(giftVouchers.shopId, shopId), ne(giftVouchers.status, 'awaiting_payment')))
        .orderBy(desc(giftVouchers.issuedAt), desc(giftVouchers.id))
        .limit(limit)
    },

    /**
     * One month of the vouchers report, between two instants (`asAt` is the month's end, or now for the month under
     * way): sold, redeemed, expired and refunded in it, and what is owed at its end.
     */
    async monthFigures(shopId: string, fromAt: Date, toAt: Date, asAt: Date) {
      const from = sql`${fromAt.toISOString()}::timestamptz`
      const to = sql`${toAt.toISOString()}::timestamptz`
      const as = sql`${asAt.toISOString()}::timestamptz`
      const v = giftVouchers
      const issued = and(eq(v.shopId, shopId), ne(v.status, 'awaiting_payment'))
      const [sold] = await db
        .select({ n: sql<number>`count(*)::int`, pence: sql<number>`coalesce(sum(${v.valuePence}), 0)::int` })
        .from(v)
        .where(and(issued, sql`${v.issuedAt} >= ${from} and ${v.issuedAt} < ${to}`))
      const [redeemed] = await db
        .select({ pence: sql<number>`coalesce(sum(${voucherRedemptions.amountPence}), 0)::int` })
        .from(voucherRedemptions)
        .where(and(eq(voucherRedemptions.shopId, shopId), sql`${voucherRedemptions.at} >= ${from} and ${voucherRedemptions.at} < ${to}`))
      // A voucher's remaining value no longer changes once it has expired or been refunded.
      const [expired] = await db
        .select({ pence: sql<number>`coalesce(sum(${v.remainingPence}), 0)::int` })
        .from(v)
        .where(
          and(
            issued,
            sql`${v.expiresAt} >= ${from} and ${v.expiresAt} < ${to} and ${v.expiresAt} <= ${as}`,
            sql`(${v.voidedAt} is null or ${v.voidedAt} >= ${v.expiresAt})`,
          ),
        )
      const [refunded] = await db
        .select({ pence: sql<number>`coalesce(sum(${v.remainingPence}), 0)::int` })
        .from(v)
        .where(and(eq(v.shopId, shopId), eq(v.status, 'void'), sql`${v.voidedAt} >= ${from} and ${v.voidedAt} < ${to}`, sql`${v.voidedAt} < ${v.expiresAt}`))
      const spentBefore = sql`coalesce((select sum(r.amount_pence) from ${voucherRedemptions} r where r.voucher_id = ${v.id} and r.at < ${as}), 0)`
      const [outstanding] = await db
        .select({ pence: sql<number>`coalesce(sum(${v.valuePence} - ${spentBefore}), 0)::int` })
        .from(v)
        .where(and(issued, sql`${v.issuedAt} < ${as} and ${v.expiresAt} > ${as}`, sql`(${v.voidedAt} is null or ${v.voidedAt} > ${as})`))
      return {
        soldCount: sold!.n,
        soldPence: sold!.pence,
        redeemedPence: redeemed!.pence,
        expiredPence: expired!.pence,
        refundedPence: refunded!.pence,
        outstandingPence: outstanding!.pence,
      }
    },

    /** The voucher's payment was refunded: what was not spent of it is void. Answers the row when this call did it. */
    async voidByPayment(paymentId: string, at: Date, executor: Db = db) {
      const [row] = await executor
        .update(giftVouchers)
        .set({ status: 'void', voidedAt: at, pendingCode: null })
        .where(and(eq(giftVouchers.paymentId, paymentId), sql`${giftVouchers.status} <> 'void'`))
        .returning()
      return row
    },
  }
}
export type VouchersRepository = ReturnType<typeof createVouchersRepository>
