import { and, asc, eq, schema, type Db } from '@salon/db'

export function createPackagesRepository(db: Db) {
  return {
    activePackages: async (shopId: string) =>
      await db
        .select({
          id: schema.packages.id,
          name: schema.packages.name,
          description: schema.packages.description,
          minutes: schema.packages.minutes,
          pricePence: schema.packages.pricePence,
          validityDays: schema.packages.validityDays,
          bedTypes: schema.packages.bedTypes,
          highlight: schema.packages.highlight,
        })
        .from(schema.packages)
        .where(and(eq(schema.packages.shopId, shopId), eq(schema.packages.active, true)))
        .orderBy(asc(schema.packages.sortOrder)),
  }
}
export type PackagesRepository = ReturnType<typeof createPackagesRepository>
