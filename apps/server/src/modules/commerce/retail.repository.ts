import { and, asc, eq, inArray, isNull, schema, sql, type Db } from '@salon/db'

const { priceExtras, saleItems, payments, shops, staffMembers, customers, promoCodes } = schema

export type ProductRow = Pick<typeof priceExtras.$inferSelect, 'id' | 'name' | 'detail' | 'pricePence' | 'vatRateBps' | 'stock' | 'lowStockAt'>
export type SaleItemRow = typeof saleItems.$inferSelect

/** A product's columns, as the counter and the owner's price list read them. */
export const productColumns = {
  id: priceExtras.id,
  name: priceExtras.name,
  detail: priceExtras.detail,
  pricePence: priceExtras.pricePence,
  vatRateBps: priceExtras.vatRateBps,
  stock: priceExtras.stock,
  lowStockAt: priceExtras.lowStockAt,
}

/**
 * Products at the counter (docs/product.md §10.3): the price list's extras, their stock, the products of each sale and
 * what a receipt reads. Stock moves only by one UPDATE that checks it in its WHERE clause, so concurrent sales queue on
 * the product's row and the one that would take it below zero changes nothing; the table's check refuses it as well.
 */
export function createRetailRepository(db: Db) {
  return {
    products: (shopId: string, executor: Db = db): Promise<ProductRow[]> =>
      executor.select(productColumns).from(priceExtras).where(eq(priceExtras.shopId, shopId)).orderBy(asc(priceExtras.sortOrder), asc(priceExtras.id)),

    productsById: (shopId: string, ids: string[], executor: Db): Promise<ProductRow[]> =>
      executor
        .select(productColumns)
        .from(priceExtras)
        .where(and(eq(priceExtras.shopId, shopId), inArray(priceExtras.id, ids))),

    /** Moves a counted product's stock by `change`; undefined when it is not counted or would go below zero. */
    async moveStock(shopId: string, extraId: string, change: number, executor: Db): Promise<ProductRow | undefined> {
      const [row] = await executor
        .update(priceExtras)
        .set({ stock: sql`${priceExtras.stock} + ${change}` })
        .where(
          and(eq(priceExtras.shopId, shopId), eq(priceExtras.id, extraId), sql`${priceExtras.stock} is not null and ${priceExtras.stock} + ${change} >= 0`),
        )
        .returning(productColumns)
      return row
    },

    /** A sale given back: each counted product it took is back in stock. */
    async returnStock(paymentId: string, executor: Db) {
      await executor.execute(sql`
        update price_extras e set stock = e.stock + i.quantity
        from sale_items i
        where i.payment_id = ${paymentId} and e.id = i.extra_id and e.stock is not null`)
    },

    async insertItems(rows: SaleItemRow[], executor: Db) {
      if (rows.length) await executor.insert(saleItems).values(rows)
    },

    itemsOf: (paymentId: string, executor: Db = db): Promise<SaleItemRow[]> =>
      executor.select().from(saleItems).where(eq(saleItems.paymentId, paymentId)).orderBy(asc(saleItems.line)),

    /** A sale of products to someone with no record, made with this key; a customer's is found by their key as any payment is. */
    async anonymousPaymentByKey(shopId: string, key: string, executor: Db) {
      const [row] = await executor
        .select()
        .from(payments)
        .where(and(eq(payments.shopId, shopId), isNull(payments.sub), eq(payments.idempotencyKey, key)))
      return row
    },

    /** What a receipt reads of a payment: the salon, the customer's name and email, who took it, the promo code. */
    async receiptFacts(paymentId: string, executor: Db = db) {
      const [row] = await executor
        .select({
          payment: payments,
          shop: {
            name: shops.name,
            addressLine1: shops.addressLine1,
            addressLine2: shops.addressLine2,
            town: shops.town,
            postcode: shops.postcode,
            phone: shops.phone,
            timeZone: shops.timeZone,
            vatNumber: shops.vatNumber,
          },
          customer: { firstName: customers.firstName, lastName: customers.lastName, erasedAt: customers.erasedAt },
          servedBy: staffMembers.name,
          promoCode: promoCodes.code,
        })
        .from(payments)
        .innerJoin(shops, eq(shops.id, payments.shopId))
        .leftJoin(customers, and(eq(customers.shopId, payments.shopId), eq(customers.sub, payments.sub)))
        .leftJoin(staffMembers, and(eq(staffMembers.shopId, payments.shopId), eq(staffMembers.sub, payments.recordedBy)))
        .leftJoin(promoCodes, eq(promoCodes.id, payments.promoCodeId))
        .where(eq(payments.id, paymentId))
      if (!row) return undefined
      return { ...row, items: await this.itemsOf(paymentId, executor) }
    },
  }
}
export type RetailRepository = ReturnType<typeof createRetailRepository>
