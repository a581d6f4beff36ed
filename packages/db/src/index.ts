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
  /**
   * Applies every pending migration; safe to call from several processes at once. `folder` names another set of
   * migrations (an earlier release's, to build its database in a test); this release's by default.
   */
  migrate(folder?: string): Promise<void>
  /** Answers when the database answers a query. */
  ping(): Promise<void>
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, whichever connection or process sent it.
   * Answers once LISTEN is in place (or, on PostgreSQL, once the first attempt failed: it tries again until closed).
   * `onListening` says when notifications start and stop arriving (a lost connection, and each reconnection): while
   * they do not, some may be missed. The answer stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListening?: (listening: boolean) => void): Promise<() => Promise<void>>
  /** PostgreSQL's connection pool at this moment (for the metrics); the embedded database has no pool. */
  pool?: () => { total: number; idle: number; waiting: number }
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
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
    extensions: { btree_gist },
    startParams: [...pgliteStartParams],
  })
  return pgliteDatabase(client)
}

/**
 * PGlite's start-up arguments: its own, with the embedded database's settings. PostgreSQL's default of 128 MB of
 * shared buffers is zeroed at start and, with the rest of shared memory, grows PGlite's WebAssembly memory past its
 * 128 MB minimum: ~150 MB resident before the first query, and WebAssembly memory is never given back. A salon's
 * data is a few megabytes; 16 MB of buffers holds it (~30 MB resident in all), and a page beyond them is read from
 * the operating system's file cache. For anything that creates a PGlite client of this database (tests too).
 */
export const pgliteStartParams: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/** A Database over a PGlite client (made here, or by the tests from a migrated snapshot). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection in one process: nothing else can migrate at the same time.
    migrate: (folder = migrationsFolder) => migratePglite(db as never, { migrationsFolder: folder }),
    ping: async () => {
      await client.query('select 1')
    },
    listen: async (channel, onNotify, onListening) => {
      const unlisten = await client.listen(channel, onNotify)
      onListening?.(true)
      return async () => {
        onListening?.(false)
        await unlisten()
      }
    },
    close: () => client.close(),
  }
}

async function createPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max })
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  const listeners = new Set<() => Promise<void>>()
  return {
    db,
    kind: 'postgres',
    migrate: async (folder = migrationsFolder) => {
      const conn = await pool.connect()
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder: folder })
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
        conn.release()
      }
    },
    ping: async () => {
      await pool.query('select 1')
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: async (channel, onNotify, onListening) => {
      const stop = await listenPostgres(url, channel, onNotify, onListening ?? (() => {}))
      const unlisten = async () => {
        listeners.delete(unlisten)
        await stop()
      }
      listeners.add(unlisten)
      return unlisten
    },
    close: async () => {
      await Promise.all([...listeners].map((unlisten) => unlisten()))
      await pool.end()
    },
  }
}

/**
 * LISTEN on a connection of its own, outside the pool (a pooled connection is shared and may be closed when idle),
 * connecting again after a loss, a little later each time, until stopped.
 */
async function listenPostgres(url: string, channel: string, onNotify: (payload: string) => void, onListening: (listening: boolean) => void) {
  let current: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  let delay = 100

  const lost = (client: pg.Client) => {
    if (current !== client) return
    current = undefined
    onListening(false)
    client.end().catch(() => {})
    schedule()
  }

  const schedule = () => {
    if (stopped) return
    retry = setTimeout(() => void connect(), delay)
    retry.unref()
    delay = Math.min(delay * 2, 5_000)
  }

  async function connect() {
    const client = new pg.Client({ connectionString: url })
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '')
    })
    client.on('error', () => lost(client))
    client.on('end', () => lost(client))
    try {
      await client.connect()
      await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`)
    } catch {
      await client.end().catch(() => {})
      schedule()
      return
    }
    if (stopped) {
      await client.end().catch(() => {})
      return
    }
    current = client
    delay = 100
    onListening(true)
  }

  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const client = current
    current = undefined
    if (client) {
      onListening(false)
      await client.end().catch(() => {})
    }
  }
}

export { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
