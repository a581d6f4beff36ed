import { createHash } from 'node:crypto'
import { getTableColumns, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './index.ts'
import * as schema from './schema.ts'
import * as demo from './seed-data/demo-salon.ts'

export const DEMO_SHOP_ID = demo.demoShop.id
/** The demo salon's web app key: a client key, sent to every visitor's browser. */
export const DEMO_API_KEY = 'pk_demo_3f9c2a7e41b84d6a9e0c5b1d8f27a4c6'

/**
 * The demo salon that `npm start` shows, made once: from then on it is the salon's to change in the back office
 * (docs/product.md §10), and a restart changes none of it. Only the web app's key is added if it is new.
 */
export async function seedDemo(db: Db, options: { apiKey?: string } = {}) {
  await db.transaction(async (tx) => {
    const shop = demo.demoShop
    const shopId = shop.id
    const keyHash = createHash('sha256')
      .update(options.apiKey ?? DEMO_API_KEY)
      .digest('hex')
    const made = await tx.insert(schema.shops).values(shop).onConflictDoNothing().returning({ id: schema.shops.id })
    await tx.insert(schema.shopApiKeys).values({ shopId, keyHash, label: 'Web app' }).onConflictDoNothing()
    if (!made.length) return

    for (const hours of demo.demoOpeningHours) {
      const row = { shopId, ...hours }
      await tx
        .insert(schema.openingHours)
        .values(row)
        .onConflictDoUpdate({
          target: [schema.openingHours.shopId, schema.openingHours.weekday],
          set: { opensAt: hours.opensAt, closesAt: hours.closesAt },
        })
    }
    for (const type of demo.demoBedTypes) {
      const row = { shopId, ...type }
      await tx
        .insert(schema.bedTypes)
        .values(row)
        .onConflictDoUpdate({ target: [schema.bedTypes.shopId, schema.bedTypes.code], set: excluded(schema.bedTypes, row, ['shopId', 'code']) })
    }
    await upsertById(
      tx,
      schema.beds,
      demo.demoBeds.map((b) => ({ shopId, ...b })),
    )
    // The booking rules are the salon's to change later: an existing row is left as it is.
    await tx
      .insert(schema.bookingRules)
      .values({ shopId, ...demo.demoBookingRules })
      .onConflictDoNothing()
    for (const closure of demo.demoClosures) {
      await tx
        .insert(schema.closures)
        .values({ shopId, ...closure })
        .onConflictDoUpdate({ target: [schema.closures.shopId, schema.closures.date], set: { reason: closure.reason } })
    }
    await upsertById(
      tx,
      schema.priceExtras,
      demo.demoPriceExtras.map((e) => ({ shopId, ...e })),
    )
    await upsertById(
      tx,
      schema.packages,
      demo.demoPackages.map((p) => ({ shopId, ...p })),
    )
    // Refer-and-earn and the promo codes are the salon's to change later: existing rows are left as they are.
    await tx
      .insert(schema.commerceSettings)
      .values({ shopId, ...demo.demoCommerceSettings })
      .onConflictDoNothing()
    for (const promo of demo.demoPromoCodes) {
      await tx
        .insert(schema.promoCodes)
        .values({ shopId, ...promo, validFrom: new Date(promo.validFrom), validUntil: new Date(promo.validUntil) })
        .onConflictDoNothing()
    }
    await upsertById(
      tx,
      schema.reviews,
      demo.demoReviews.map((r) => ({ shopId, ...r, publishedAt: new Date(r.publishedAt) })),
    )
    for (const post of demo.demoBlogPosts) {
      const row = { shopId, ...post, publishedAt: new Date(post.publishedAt) }
      await tx
        .insert(schema.blogPosts)
        .values(row)
        .onConflictDoUpdate({ target: [schema.blogPosts.shopId, schema.blogPosts.id], set: excluded(schema.blogPosts, row, ['shopId', 'id']) })
    }
  })
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type TableWithId = typeof schema.beds | typeof schema.priceExtras | typeof schema.packages | typeof schema.reviews

async function upsertById(tx: Tx, table: TableWithId, rows: Record<string, unknown>[]) {
  for (const row of rows) {
    await tx
      .insert(table)
      .values(row as never)
      .onConflictDoUpdate({ target: table.id, set: excluded(table, row, ['id']) })
  }
}

/** `set col = excluded.col` for every column the row names, except the key. */
function excluded(table: PgTable, row: object, keys: string[]) {
  const columns = getTableColumns(table)
  const set: Record<string, unknown> = {}
  for (const field of Object.keys(row)) {
    const column = columns[field]
    if (keys.includes(field) || !column) continue
    set[field] = sql.raw(`excluded."${column.name}"`)
  }
  return set
}
