import type { OpeningDay } from '@salon/contracts/staff-manage'
import { asc, eq, schema, type Db } from '@salon/db'

export type ShopRow = typeof schema.shops.$inferSelect

/** The salon's own row and its week, as the owner changes them (docs/product.md §10.4); `db` may be a transaction. */
export function salonSettingsRepository(db: Db) {
  return {
    async shop(shopId: string): Promise<ShopRow | null> {
      const [shop] = await db.select().from(schema.shops).where(eq(schema.shops.id, shopId))
      return shop ?? null
    },

    /** The shop's row, locked until the transaction ends. */
    async lockShop(shopId: string): Promise<ShopRow | null> {
      const [shop] = await db.select().from(schema.shops).where(eq(schema.shops.id, shopId)).for('update')
      return shop ?? null
    },

    async update(shopId: string, change: Partial<Omit<ShopRow, 'id'>>): Promise<ShopRow> {
      const [after] = await db.update(schema.shops).set(change).where(eq(schema.shops.id, shopId)).returning()
      return after!
    },

    openingHours: (shopId: string): Promise<OpeningDay[]> =>
      db
        .select({ weekday: schema.openingHours.weekday, opensAt: schema.openingHours.opensAt, closesAt: schema.openingHours.closesAt })
        .from(schema.openingHours)
        .where(eq(schema.openingHours.shopId, shopId))
        .orderBy(asc(schema.openingHours.weekday)),

    /** The whole week at once: the days given open at those times, every other weekday is closed. */
    async replaceOpeningHours(shopId: string, hours: OpeningDay[]) {
      await db.delete(schema.openingHours).where(eq(schema.openingHours.shopId, shopId))
      if (hours.length) await db.insert(schema.openingHours).values(hours.map((h) => ({ shopId, ...h })))
    },
  }
}
