import { readFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from './index.ts'

/** Applies one migration file as the migrator does: statement by statement. */
async function apply(db: PGlite, tag: string) {
  const text = readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8')
  await db.transaction(async (tx) => {
    for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await tx.exec(statement)
  })
}

const SHOP = 'migration-salon'
const RICH = '11111111-1111-4111-8111-111111111111'
const SPENT = '22222222-2222-4222-8222-222222222222'

describe('the commerce migration keeps every balance', () => {
  let db: PGlite
  const balances = async () =>
    (await db.query<{ sub: string; minutes: number }>(`select sub, sum(minutes)::int as minutes from balance_ledger group by sub order by sub`)).rows

  beforeAll(async () => {
    db = await PGlite.create(undefined, { extensions: { btree_gist } })
    for (const tag of ['0000_foundation', '0001_identity', '0002_booking']) await apply(db, tag)
    await db.exec(`
      insert into shops (id, name, address_line1, town, postcode, phone, email) values ('${SHOP}', 'Salon', '1 Street', 'Town', 'SK1 1AA', '01632 960000', 'a@b.example');
      insert into bed_types (shop_id, code, name, description, per_minute_pence, sort_order) values ('${SHOP}', 'stand-up', 'Stand-up', '', 70, 2), ('${SHOP}', 'lay-down', 'Lay-down', '', 60, 1);
      insert into customers (shop_id, sub) values ('${SHOP}', '${RICH}'), ('${SHOP}', '${SPENT}');
      insert into balance_ledger (shop_id, sub, minutes, kind) values
        ('${SHOP}', '${RICH}', 30, 'purchase'), ('${SHOP}', '${RICH}', -5, 'adjustment'),
        ('${SHOP}', '${SPENT}', 10, 'purchase'), ('${SHOP}', '${SPENT}', -10, 'adjustment');`)
    await apply(db, '0003_commerce')
    // A new embedded database and four migrations: seconds on a quiet machine, more when other suites run beside it.
  }, 60_000)
  afterAll(() => db?.close())

  it('a customer with minutes gets one lot holding them, for every bed type, and the same balance', async () => {
    expect(await balances()).toEqual([
      { sub: RICH, minutes: 25 },
      { sub: SPENT, minutes: 0 },
    ])
    const lots = (await db.query(`select sub, source, label, minutes, remaining, bed_types from minute_lots order by sub`)).rows
    expect(lots).toEqual([{ sub: RICH, source: 'adjustment', label: 'Balance carried over', minutes: 25, remaining: 25, bed_types: ['lay-down', 'stand-up'] }])
  })

  it('after it, every new ledger row must name its lot', async () => {
    await expect(db.exec(`insert into balance_ledger (shop_id, sub, minutes, kind) values ('${SHOP}', '${RICH}', 5, 'adjustment')`)).rejects.toThrow(
      /balance_ledger_lot/,
    )
  })
})
