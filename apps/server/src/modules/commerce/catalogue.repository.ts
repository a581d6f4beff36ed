import { and, asc, eq, inArray, schema, sql, type Db } from '@salon/db'
import { productColumns } from './retail.repository.ts'

const { bedTypes, priceExtras, packages, promoCodes, promoRedemptions, payments, commerceSettings, shops } = schema

export type ManagedPackageRow = typeof packages.$inferSelect
export type ManagedPromoCodeRow = typeof promoCodes.$inferSelect
export type NewPackage = typeof packages.$inferInsert
export type NewPromoCode = typeof promoCodes.$inferInsert

/** An extra as the owner's price list gives it; countStock and lowStockAt left out keep what they were. */
export interface ExtraInput {
  id: string
  name: string
  detail: string
  pricePence: number
  vatRateBps: number
  countStock?: boolean
  lowStockAt?: number | null
}

/**
 * What the salon's owner manages of what it sells (docs/product.md §10.4): the price list (each bed type's price a
 * minute, and the extras), packages, promo codes and the refer-and-earn reward. Every write locks the rows it
 * changes, and runs on the transaction it is given, beside its audit entry.
 */
export function createManageRepository(db: Db) {
  return {
    async timeZone(shopId: string) {
      const [row] = await db.select({ timeZone: shops.timeZone }).from(shops).where(eq(shops.id, shopId))
      return row?.timeZone ?? 'Europe/London'
    },

    /** The bed types in the salon's order, locked for the transaction when asked. */
    async bedTypes(shopId: string, lock = false) {
      const query = db
        .select({ code: bedTypes.code, name: bedTypes.name, perMinutePence: bedTypes.perMinutePence })
        .from(bedTypes)
        .where(eq(bedTypes.shopId, shopId))
        .orderBy(asc(bedTypes.sortOrder), asc(bedTypes.code))
      return lock ? await query.for('update') : await query
    },

    async extras(shopId: string, lock = false) {
      const query = db.select(productColumns).from(priceExtras).where(eq(priceExtras.shopId, shopId)).orderBy(asc(priceExtras.sortOrder), asc(priceExtras.id))
      return lock ? await query.for('update') : await query
    },

    async setBedTypePrice(shopId: string, code: string, perMinutePence: number) {
      await db
        .update(bedTypes)
        .set({ perMinutePence })
        .where(and(eq(bedTypes.shopId, shopId), eq(bedTypes.code, code)))
    },

    /**
     * The extras become exactly these, in this order: the others are removed. Stock moves only by sales, refunds and
     * the owner's deliveries, in one UPDATE each: here it is only started (at 0) or dropped, so a sale made while the
     * owner edits the price list is never undone.
     */
    async replaceExtras(shopId: string, extras: ExtraInput[]) {
      const ids = extras.map((e) => e.id)
      await db.delete(priceExtras).where(and(eq(priceExtras.shopId, shopId), ids.length ? sql`not (${inArray(priceExtras.id, ids)})` : undefined))
      for (const [i, extra] of extras.entries()) {
        const stock = extra.countStock === undefined ? undefined : extra.countStock ? sql`coalesce(${priceExtras.stock}, 0)` : null
        await db
          .insert(priceExtras)
          .values({
            id: extra.id,
            shopId,
            name: extra.name,
            detail: extra.detail,
            pricePence: extra.pricePence,
            vatRateBps: extra.vatRateBps,
            stock: extra.countStock ? 0 : null,
            lowStockAt: extra.lowStockAt ?? null,
            sortOrder: i + 1,
          })
          .onConflictDoUpdate({
            target: priceExtras.id,
            set: {
              name: extra.name,
              detail: extra.detail,
              pricePence: extra.pricePence,
              vatRateBps: extra.vatRateBps,
              sortOrder: i + 1,
              ...(stock !== undefined && { stock }),
              ...(extra.lowStockAt !== undefined && { lowStockAt: extra.lowStockAt }),
            },
            setWhere: eq(priceExtras.shopId, shopId),
          })
      }
    },

    /** Every package, withdrawn ones too, with how many purchases of each succeeded. */
    packages: (shopId: string) =>
      db
        .select({
          row: packages,
          sold: sql<number>`(select count(*)::int from payments p where p.shop_id = "packages"."shop_id" and p.package_id = "packages"."id" and p.status = 'succeeded')`,
        })
        .from(packages)
        .where(eq(packages.shopId, shopId))
        .orderBy(asc(packages.sortOrder), asc(packages.name)),

    async lockPackage(shopId: string, id: string) {
      const [row] = await db
        .select()
        .from(packages)
        .where(and(eq(packages.shopId, shopId), eq(packages.id, id)))
        .for('update')
      return row
    },

    async packageSold(shopId: string, id: string) {
      const [row] = await db
        .select({ sold: sql<number>`count(*)::int` })
        .from(payments)
        .where(and(eq(payments.shopId, shopId), eq(payments.packageId, id), eq(payments.status, 'succeeded')))
      return Number(row?.sold ?? 0)
    },

    async insertPackage(values: NewPackage) {
      const [row] = await db.insert(packages).values(values).returning()
      return row!
    },

    async updatePackage(shopId: string, id: string, values: Partial<NewPackage>) {
      const [row] = await db
        .update(packages)
        .set(values)
        .where(and(eq(packages.shopId, shopId), eq(packages.id, id)))
        .returning()
      return row!
    },

    /** Those of these ids that are the salon's packages. */
    async packageIdsOf(shopId: string, ids: string[]) {
      if (!ids.length) return []
      const rows = await db
        .select({ id: packages.id })
        .from(packages)
        .where(and(eq(packages.shopId, shopId), inArray(packages.id, ids)))
      return rows.map((r) => r.id)
    },

    /** Every promo code, with how many purchases that used it succeeded. */
    promoCodes: (shopId: string) =>
      db
        .select({
          row: promoCodes,
          uses: sql<number>`(select count(*)::int from promo_redemptions r join payments p on p.id = r.payment_id where r.promo_code_id = "promo_codes"."id" and p.status = 'succeeded')`,
        })
        .from(promoCodes)
        .where(eq(promoCodes.shopId, shopId))
        .orderBy(asc(promoCodes.code)),

    async promoUses(id: string) {
      const [row] = await db
        .select({ uses: sql<number>`count(*)::int` })
        .from(promoRedemptions)
        .innerJoin(payments, eq(payments.id, promoRedemptions.paymentId))
        .where(and(eq(promoRedemptions.promoCodeId, id), eq(payments.status, 'succeeded')))
      return Number(row?.uses ?? 0)
    },

    /** The code, locked: the same lock a checkout takes on it, so a change and a checkout are one after the other. */
    async lockPromoCode(shopId: string, id: string) {
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.shopId, shopId), eq(promoCodes.id, id)))
        .for('update')
      return row
    },

    /** The new code, or undefined when the salon already has one spelt the same (the unique index decides). */
    async insertPromoCode(values: NewPromoCode) {
      const [row] = await db.insert(promoCodes).values(values).onConflictDoNothing().returning()
      return row
    },

    async updatePromoCode(shopId: string, id: string, values: Partial<NewPromoCode>) {
      const [row] = await db
        .update(promoCodes)
        .set(values)
        .where(and(eq(promoCodes.shopId, shopId), eq(promoCodes.id, id)))
        .returning()
      return row!
    },

    /** The refer-and-earn reward, locked for the transaction when asked; null for a shop without settings. */
    async settings(shopId: string, lock = false) {
      const query = db
        .select({ minutes: commerceSettings.referralRewardMinutes, validityDays: commerceSettings.referralRewardValidityDays })
        .from(commerceSettings)
        .where(eq(commerceSettings.shopId, shopId))
      const [row] = lock ? await query.for('update') : await query
      return row ?? null
    },

    async saveReferralReward(shopId: string, reward: { minutes: number; validityDays: number }) {
      const set = { referralRewardMinutes: reward.minutes, referralRewardValidityDays: reward.validityDays }
      await db
        .insert(commerceSettings)
        .values({ shopId, ...set })
        .onConflictDoUpdate({ target: commerceSettings.shopId, set })
    },
  }
}
export type ManageRepository = ReturnType<typeof createManageRepository>
