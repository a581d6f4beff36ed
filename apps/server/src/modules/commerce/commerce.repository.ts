import { and, asc, eq, inArray, schema, sql, type Db } from '@salon/db'

const {
  packages,
  promoCodes,
  promoRedemptions,
  payments,
  referrals,
  referralCodes,
  referralRewardedPhones,
  customers,
  minuteLots,
  commerceSettings,
  bedTypes,
  shops,
} = schema

export type PaymentRow = typeof payments.$inferSelect

/**
 * The customer who made a payment. Every payment but products sold at the counter to someone with no record has one
 * (the database's payments_customer check), so online payments, sessions and minutes always answer it.
 */
export function payerOf(row: Pick<PaymentRow, 'id' | 'sub'>): string {
  if (row.sub === null) throw new Error(`Payment ${row.id} has no customer, but only products sold at the counter may have none.`)
  return row.sub
}
export type NewPayment = typeof payments.$inferInsert
export type PromoCodeRow = typeof promoCodes.$inferSelect
/** Why a payment that took money bought nothing. */
export type RefusedReason = 'already_used' | 'used_up'

/**
 * A pending payment holds its promo code this long; after that, only payments that succeeded count. A lapsed
 * payment may still be paid, but its code is counted again when the money comes (docs/decisions/021).
 */
export const PROMO_HOLD_MINUTES = 30

/** The only code that reads or writes packages on sale, promo codes, payments and referrals. */
export function createCommerceRepository(db: Db) {
  return {
    async activePackage(shopId: string, id: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(packages)
        .where(and(eq(packages.shopId, shopId), eq(packages.id, id), eq(packages.active, true)))
      return row
    },

    /** The names of those of the packages that are on sale, in the salon's order. */
    async packageNames(shopId: string, ids: string[], executor: Db = db): Promise<string[]> {
      const rows = await executor
        .select({ name: packages.name })
        .from(packages)
        .where(and(eq(packages.shopId, shopId), inArray(packages.id, ids), eq(packages.active, true)))
        .orderBy(asc(packages.sortOrder))
      return rows.map((r) => r.name)
    },

    async shopOf(shopId: string, executor: Db = db) {
      const [row] = await executor
        .select({ id: shops.id, name: shops.name, timeZone: shops.timeZone, phone: shops.phone })
        .from(shops)
        .where(eq(shops.id, shopId))
      return row
    },

    async shopBedTypes(shopId: string, executor: Db = db): Promise<string[]> {
      const rows = await executor.select({ code: bedTypes.code }).from(bedTypes).where(eq(bedTypes.shopId, shopId)).orderBy(bedTypes.sortOrder)
      return rows.map((r) => r.code)
    },

    async settings(shopId: string, executor: Db = db) {
      const [row] = await executor.select().from(commerceSettings).where(eq(commerceSettings.shopId, shopId))
      return row ?? null
    },

    /** The code, locked for the transaction when `lock` is set, so its uses are counted one checkout at a time. */
    async promoCode(shopId: string, code: string, executor: Db = db, lock = false): Promise<PromoCodeRow | undefined> {
      const query = executor
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.shopId, shopId), eq(promoCodes.code, code), eq(promoCodes.active, true)))
      const [row] = lock ? await query.for('update') : await query
      return row
    },

    /** The code by its id, whether or not it is still on offer, locked for the transaction: the lock checkouts take. */
    async lockPromoCodeById(id: string, executor: Db): Promise<PromoCodeRow | undefined> {
      const [row] = await executor.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update')
      return row
    },

    async promoCodeById(id: string) {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id))
      return row
    },

    /**
     * Uses that count: payments that succeeded, and pending ones made in the last PROMO_HOLD_MINUTES minutes;
     * all but `exceptPaymentId`, the payment being judged.
     */
    async promoUses(promoCodeId: string, sub: string | null, at: Date, executor: Db = db, exceptPaymentId?: string) {
      const since = new Date(at.getTime() - PROMO_HOLD_MINUTES * 60_000).toISOString()
      const [row] = await executor
        .select({
          total: sql<number>`count(*)::int`,
          mine: sql<number>`count(*) filter (where ${promoRedemptions.sub} = ${sub})::int`,
        })
        .from(promoRedemptions)
        .innerJoin(payments, eq(payments.id, promoRedemptions.paymentId))
        .where(
          and(
            eq(promoRedemptions.promoCodeId, promoCodeId),
            exceptPaymentId ? sql`${promoRedemptions.paymentId} <> ${exceptPaymentId}` : undefined,
            sql`(${payments.status} = 'succeeded' or (${payments.status} in ('creating', 'pending') and ${payments.createdAt} > ${since}::timestamptz))`,
          ),
        )
      return { total: Number(row?.total ?? 0), mine: Number(row?.mine ?? 0) }
    },

    async paymentByKey(shopId: string, sub: string, key: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(payments)
        .where(and(eq(payments.shopId, shopId), eq(payments.sub, sub), eq(payments.idempotencyKey, key)))
      return row
    },

    /** A payment made with this key by someone with no account here (a gift voucher bought online). */
    async paymentByKeyWithoutCustomer(shopId: string, key: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(payments)
        .where(and(eq(payments.shopId, shopId), sql`${payments.sub} is null`, eq(payments.idempotencyKey, key)))
      return row
    },

    /** A new payment by someone with no account here; undefined when their key already made one. */
    async insertPaymentWithoutCustomer(payment: NewPayment & { sub: null }, executor: Db): Promise<PaymentRow | undefined> {
      const [row] = await executor
        .insert(payments)
        .values(payment)
        .onConflictDoNothing({ target: [payments.shopId, payments.idempotencyKey], where: sql`sub is null` })
        .returning()
      return row
    },

    /** A new payment (and its promo code's use); answers undefined when the customer's key already made one. */
    async insertPayment(payment: NewPayment, executor: Db): Promise<PaymentRow | undefined> {
      const [row] = await executor
        .insert(payments)
        .values(payment)
        .onConflictDoNothing({ target: [payments.shopId, payments.sub, payments.idempotencyKey] })
        .returning()
      if (row && payment.promoCodeId) {
        await executor
          .insert(promoRedemptions)
          .values({ paymentId: row.id, promoCodeId: payment.promoCodeId, shopId: row.shopId, sub: payerOf(row), createdAt: row.createdAt })
      }
      return row
    },

    async payment(id: string, executor: Db = db) {
      const [row] = await executor.select().from(payments).where(eq(payments.id, id))
      return row
    },

    async paymentByRef(provider: string, ref: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerRef, ref)))
      return row
    },

    /**
     * Records the provider's intent; the first to record it wins, so repeats keep the same one. A payment ended
     * meanwhile (its credit hold swept) stays ended.
     */
    async recordIntent(id: string, ref: string, clientSecret: string) {
      await db
        .update(payments)
        .set({ providerRef: ref, clientSecret, status: sql`case when ${payments.status} = 'creating' then 'pending' else ${payments.status} end` })
        .where(and(eq(payments.id, id), sql`${payments.providerRef} is null`))
      return (await this.payment(id))!
    },

    /**
     * Marks the payment succeeded, once: answers the row when this call did it, undefined when it already was.
     * The row lock of the UPDATE makes repeats (a webhook delivered ten times, a claim racing it) wait and then find it done.
     */
    async markSucceeded(id: string, at: Date, cardLast4: string | null, executor: Db) {
      const [row] = await executor
        .update(payments)
        .set({ status: 'succeeded', succeededAt: at, cardLast4 })
        .where(and(eq(payments.id, id), sql`${payments.status} in ('creating', 'pending', 'failed')`))
        .returning()
      return row
    },

    /**
     * The money came in but the purchase is refused: the payment is owed back, once, from a pending state only.
     * Answers the row when this call did it.
     */
    async markRefused(id: string, reason: RefusedReason, cardLast4: string | null, executor: Db) {
      const [row] = await executor
        .update(payments)
        .set({ status: 'refused', refusedReason: reason, cardLast4 })
        .where(and(eq(payments.id, id), sql`${payments.status} in ('creating', 'pending', 'failed')`))
        .returning()
      return row
    },

    async markCancelled(id: string) {
      await db
        .update(payments)
        .set({ status: 'cancelled' })
        .where(and(eq(payments.id, id), sql`${payments.status} in ('creating', 'pending')`))
    },

    /** The money went back to the card: of a payment that succeeded, or of one refused when it came. */
    async markRefunded(id: string, at: Date, executor: Db = db) {
      await executor
        .update(payments)
        .set({ status: 'refunded', refundedAt: at })
        .where(and(eq(payments.id, id), sql`${payments.status} in ('succeeded', 'refused')`))
    },

    async sessionPayment(bookingId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')))
      return row
    },

    async lotOfPayment(paymentId: string) {
      const [row] = await db.select({ id: minuteLots.id }).from(minuteLots).where(eq(minuteLots.paymentId, paymentId))
      return row?.id
    },

    /** Locks the customer's row: their balance changes one transaction at a time (docs/decisions/005). */
    async lockCustomer(shopId: string, sub: string, executor: Db) {
      const [row] = await executor
        .select({ sub: customers.sub, email: customers.email, phone: customers.phone, firstName: customers.firstName, dob: customers.dob })
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub)))
        .for('update')
      return row
    },

    async customer(shopId: string, sub: string) {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub)))
      return row
    },

    /** A session held for its card payment becomes booked; undefined when its hold was released meanwhile. */
    async confirmHeldBooking(bookingId: string, executor: Db) {
      const [row] = await executor
        .update(schema.bookings)
        .set({ status: 'booked', holdUntil: null })
        .where(and(eq(schema.bookings.id, bookingId), eq(schema.bookings.status, 'pending')))
        .returning({ id: schema.bookings.id })
      return row
    },

    async heldBooking(shopId: string, sub: string, bookingId: string) {
      const [row] = await db
        .select({
          id: schema.bookings.id,
          status: schema.bookings.status,
          holdUntil: schema.bookings.holdUntil,
          pricePence: schema.bookings.pricePence,
          minutes: schema.bookings.minutes,
          startsAt: schema.bookings.startsAt,
          bedName: schema.beds.name,
        })
        .from(schema.bookings)
        .innerJoin(schema.beds, eq(schema.beds.id, schema.bookings.bedId))
        .where(and(eq(schema.bookings.id, bookingId), eq(schema.bookings.shopId, shopId), eq(schema.bookings.sub, sub)))
      return row
    },

    /** The customer who referred this friend, while the referral has not been rewarded. */
    async pendingReferrer(shopId: string, friendSub: string, executor: Db) {
      const [row] = await executor
        .select({ referrerSub: referrals.referrerSub })
        .from(referrals)
        .where(and(eq(referrals.shopId, shopId), eq(referrals.friendSub, friendSub), sql`${referrals.rewardedAt} is null`))
      return row?.referrerSub
    },

    /**
     * Records that a phone number (its fingerprint) has earned a referral reward at the shop: true the first time
     * ever, false after. The primary key decides, so two accounts of one number cannot both earn.
     */
    async claimPhoneReward(shopId: string, phoneHash: string, executor: Db) {
      const rows = await executor
        .insert(referralRewardedPhones)
        .values({ shopId, phoneHash })
        .onConflictDoNothing()
        .returning({ phoneHash: referralRewardedPhones.phoneHash })
      return rows.length === 1
    },

    /** Rewards a referred friend's first purchase, once: answers the referrer when this call did it. */
    async rewardReferral(shopId: string, friendSub: string, paymentId: string, at: Date, executor: Db) {
      const [row] = await executor
        .update(referrals)
        .set({ rewardedPaymentId: paymentId, rewardedAt: at })
        .where(and(eq(referrals.shopId, shopId), eq(referrals.friendSub, friendSub), sql`${referrals.rewardedAt} is null`))
        .returning({ referrerSub: referrals.referrerSub })
      return row?.referrerSub
    },

    async referralCode(shopId: string, sub: string) {
      const [row] = await db
        .select({ code: referralCodes.code })
        .from(referralCodes)
        .where(and(eq(referralCodes.shopId, shopId), eq(referralCodes.sub, sub)))
      return row?.code
    },

    /** Gives the customer a code, unless they have one already or it is someone else's (the caller then draws another). */
    async addReferralCode(shopId: string, sub: string, code: string) {
      await db.insert(referralCodes).values({ shopId, sub, code }).onConflictDoNothing()
    },

    async friendsOf(shopId: string, referrerSub: string) {
      return db
        .select({ firstName: customers.firstName, lastName: customers.lastName, joinedAt: referrals.createdAt, rewardedAt: referrals.rewardedAt })
        .from(referrals)
        .innerJoin(customers, and(eq(customers.shopId, referrals.shopId), eq(customers.sub, referrals.friendSub)))
        .where(and(eq(referrals.shopId, shopId), eq(referrals.referrerSub, referrerSub)))
        .orderBy(sql`${referrals.createdAt} desc`)
    },

    async minutesEarned(shopId: string, sub: string) {
      const [row] = await db
        .select({ minutes: sql<number>`coalesce(sum(${minuteLots.minutes}), 0)::int` })
        .from(minuteLots)
        .where(and(eq(minuteLots.shopId, shopId), eq(minuteLots.sub, sub), eq(minuteLots.source, 'referral')))
      return Number(row?.minutes ?? 0)
    },
  }
}
export type CommerceRepository = ReturnType<typeof createCommerceRepository>
