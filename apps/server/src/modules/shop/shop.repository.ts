import { and, asc, eq, schema, type Db } from '@salon/db'

export function createShopRepository(db: Db) {
  return {
    async findShop(shopId: string) {
      const [shop] = await db.select().from(schema.shops).where(eq(schema.shops.id, shopId)).limit(1)
      return shop ?? null
    },

    async hasActiveKey(shopId: string, keyHash: string): Promise<boolean> {
      const rows = await db
        .select({ id: schema.shopApiKeys.id })
        .from(schema.shopApiKeys)
        .where(and(eq(schema.shopApiKeys.shopId, shopId), eq(schema.shopApiKeys.keyHash, keyHash), eq(schema.shopApiKeys.active, true)))
        .limit(1)
      return rows.length > 0
    },

    openingHours: (shopId: string) =>
      db
        .select({ weekday: schema.openingHours.weekday, opensAt: schema.openingHours.opensAt, closesAt: schema.openingHours.closesAt })
        .from(schema.openingHours)
        .where(eq(schema.openingHours.shopId, shopId))
        .orderBy(asc(schema.openingHours.weekday)),

    bedTypes: (shopId: string) =>
      db
        .select({
          code: schema.bedTypes.code,
          name: schema.bedTypes.name,
          description: schema.bedTypes.description,
          perMinutePence: schema.bedTypes.perMinutePence,
        })
        .from(schema.bedTypes)
        .where(eq(schema.bedTypes.shopId, shopId))
        .orderBy(asc(schema.bedTypes.sortOrder)),

    activeBeds: (shopId: string) =>
      db
        .select({
          id: schema.beds.id,
          type: schema.beds.type,
          typeName: schema.bedTypes.name,
          name: schema.beds.name,
          description: schema.beds.description,
          features: schema.beds.features,
          picture: schema.beds.picture,
          minMinutes: schema.beds.minMinutes,
          maxMinutes: schema.beds.maxMinutes,
        })
        .from(schema.beds)
        .innerJoin(schema.bedTypes, and(eq(schema.bedTypes.shopId, schema.beds.shopId), eq(schema.bedTypes.code, schema.beds.type)))
        .where(and(eq(schema.beds.shopId, shopId), eq(schema.beds.active, true)))
        .orderBy(asc(schema.beds.sortOrder)),

    priceExtras: (shopId: string) =>
      db
        .select({
          id: schema.priceExtras.id,
          name: schema.priceExtras.name,
          detail: schema.priceExtras.detail,
          pricePence: schema.priceExtras.pricePence,
        })
        .from(schema.priceExtras)
        .where(eq(schema.priceExtras.shopId, shopId))
        .orderBy(asc(schema.priceExtras.sortOrder)),
  }
}
export type ShopRepository = ReturnType<typeof createShopRepository>
