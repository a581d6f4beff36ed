import { schema, type Database } from '@salon/db'
import { count, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { createTestDatabase } from './database.ts'
import { createShop } from './factories/shop.ts'
import { describeDatabase } from './harness.ts'

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
const write = (database: Database, body: string) =>
  rowsOf<{ id: number }>(database, sql`insert into outbox (channel, recipient, body) values ('sms', '+447700900001', ${body}) returning id`)

/**
 * Every suite starts from a database as freshly migrated, however the worker hands it out (PGlite: one loaded
 * from the snapshot and emptied after the last suite that had it; PostgreSQL: a new database from the template).
 */
describeDatabase('a test database', () => {
  it('is empty when the next suite gets it, its sequences started afresh', async () => {
    const used = await createTestDatabase()
    await createShop(used.db)
    await write(used, 'A')
    await used.close()

    const next = await createTestDatabase()
    try {
      expect(await next.db.select({ n: count() }).from(schema.shops)).toEqual([{ n: 0 }])
      const rows = await write(next, 'B')
      expect(Number(rows[0]!.id)).toBe(1)
    } finally {
      await next.close()
    }
  })

  it('has the schema as migrated, whatever the suite before changed', async () => {
    const changed = await createTestDatabase()
    await changed.db.execute(sql`alter table customers add constraint refuses_zed check (first_name <> 'Zed')`)
    await changed.db.execute(sql`alter table bookings disable trigger user`)
    await changed.close()

    const next = await createTestDatabase()
    try {
      expect(await rowsOf(next, sql`select conname from pg_constraint where conname = 'refuses_zed'`)).toEqual([])
      expect(await rowsOf(next, sql`select tgname from pg_trigger where tgrelid = 'bookings'::regclass and tgenabled = 'D'`)).toEqual([])
    } finally {
      await next.close()
    }
  })

  it('refuses the queries of a suite that closed it, so nothing left running writes into the next suite', async () => {
    const database = await createTestDatabase()
    await database.close()
    await expect(database.db.select({ n: count() }).from(schema.shops)).rejects.toThrow()
  })
})
