import { and, asc, eq, isNull, schema, sql, type Db } from '@salon/db'

const { shops, bedTypes, beds, customers, customerImports } = schema

/**
 * What the customer import reads of the salon, and the one table it keeps (docs/product.md §10.5): which customer
 * records an import wrote to. Customers, lots and sessions are written by their own modules' code.
 */
export function createImportRepository(db: Db) {
  return {
    /** The salon's time zone, its bed types and its sunbeds in use, in the salon's order; undefined for no such shop. */
    async salon(shopId: string) {
      const [shop] = await db.select({ timeZone: shops.timeZone }).from(shops).where(eq(shops.id, shopId))
      if (!shop) return undefined
      const [types, inUse] = await Promise.all([
        db
          .select({ code: bedTypes.code, name: bedTypes.name })
          .from(bedTypes)
          .where(eq(bedTypes.shopId, shopId))
          .orderBy(asc(bedTypes.sortOrder), asc(bedTypes.code)),
        db
          .select({ id: beds.id, name: beds.name, type: beds.type })
          .from(beds)
          .where(and(eq(beds.shopId, shopId), eq(beds.active, true)))
          .orderBy(asc(beds.sortOrder), asc(beds.id)),
      ])
      return { timeZone: shop.timeZone, bedTypes: types, beds: inUse }
    },

    /**
     * The shop's customers (not erased) holding these numbers, the earliest first as the desk finds them, and whether
     * an import has written to each already.
     */
    async customersWith(shopId: string, phones: string[]) {
      if (phones.length === 0) return []
      return db
        .select({
          sub: customers.sub,
          phone: customers.phone,
          firstName: customers.firstName,
          lastName: customers.lastName,
          dob: customers.dob,
          // Written out in full: drizzle names a column of the only table without it, which the subquery would read as its own.
          imported: sql<boolean>`exists (select 1 from customer_imports ci where ci.shop_id = "customers"."shop_id" and ci.sub = "customers"."sub")`,
        })
        .from(customers)
        .where(and(eq(customers.shopId, shopId), sql`${customers.phone} = any(${sql.param(phones)}::text[])`, isNull(customers.erasedAt)))
        .orderBy(asc(customers.createdAt))
    },

    /**
     * Notes that an import writes to these customers: answers those it may write to, the others being written to by
     * an import already (the primary key decides, whatever runs at the same time). `tx` is the writing transaction.
     */
    async claim(tx: Db, shopId: string, importId: string, subs: string[], at: Date): Promise<Set<string>> {
      if (subs.length === 0) return new Set()
      const rows = await tx
        .insert(customerImports)
        .values(subs.map((sub) => ({ shopId, sub, importId, importedAt: at })))
        .onConflictDoNothing()
        .returning({ sub: customerImports.sub })
      return new Set(rows.map((row) => row.sub))
    },
  }
}
export type ImportRepository = ReturnType<typeof createImportRepository>
