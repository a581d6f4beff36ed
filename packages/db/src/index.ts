import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

export { schema }
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies every pending migration; safe to call from several processes at once. */
  migrate(): Promise<void>
  /** Answers when the database answers a query. */
  ping(): Promise<void>
  close(): Promise<void>
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations')

// Any fixed number: every process that migrates takes the same advisory lock.
const MIGRATION_LOCK = 7_243_019

export type DatabaseOptions =
  | { url: string; maxConnections?: number }
  /** dataDir undefined: in memory (tests). */
  | { dataDir?: string }

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return createPostgres(options.url, options.maxConnections ?? 10)
  return createPglite(options.dataDir)
}

async function createPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  // btree_gist backs the exclusion constraint that keeps a bed's bookings apart.
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, { extensions: { btree_gist } })
  const db = drizzlePglite({ client, schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection in one process: nothing else can migrate at the same time.
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1')
    },
    close: () => client.close(),
  }
}

async function createPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max })
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const conn = await pool.connect()
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder })
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
        conn.release()
      }
    },
    ping: async () => {
      await pool.query('select 1')
    },
    close: () => pool.end(),
  }
}

export { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
