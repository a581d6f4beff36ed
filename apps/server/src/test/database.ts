import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import net from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { createDatabase, pgliteDatabase, type Database } from '@salon/db'
import pg from 'pg'
import { inject } from 'vitest'

/** The server the PostgreSQL suite creates its databases on. */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres'

/** Whether this run is CI's: there PostgreSQL must answer, and a suite that cannot reach it fails instead of skipping. */
export const onCi = Boolean(process.env.CI) && !['false', '0'].includes(process.env.CI!.toLowerCase())

/** Whether PostgreSQL answers at POSTGRES_ADMIN_URL. */
export async function postgresAvailable(): Promise<boolean> {
  const url = new URL(POSTGRES_ADMIN_URL)
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) })
    socket.setTimeout(1000)
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => (socket.destroy(), resolve(false)))
  })
}

/** Why this project's suites cannot run, or null when they can; set by the global set-up (template-database.ts). */
export function unavailableReason(): string | null {
  return inject('testDatabase').unavailable
}

/**
 * A freshly migrated, empty database of the kind this test project runs on; dropped on close.
 * It is a copy of the template the global set-up migrated once, so no test file runs the migrations again.
 */
export async function createTestDatabase(): Promise<Database> {
  const provided = inject('testDatabase')
  if (provided.unavailable) throw new Error(provided.unavailable)
  if (testDbKind === 'pglite') return pgliteFromSnapshot(provided.pgliteSnapshot)
  return postgresFromTemplate(provided.postgresTemplate)
}

/**
 * A database of the kind this test project runs on with nothing in it, not even the migrations (a move's target, a
 * release's database built up migration by migration); dropped on close. `kind` overrides the project's.
 */
export async function createEmptyDatabase(kind: 'pglite' | 'postgres' = testDbKind): Promise<Database> {
  if (kind === 'pglite') return createDatabase({})
  const name = `salon_empty_${randomBytes(6).toString('hex')}`
  await adminQuery(`create database ${name}`)
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  const database = await createDatabase({ url: url.href })
  return {
    ...database,
    close: async () => {
      await database.close()
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}

let snapshot: Promise<Blob> | undefined

/**
 * PGlite databases this worker loaded from the snapshot and emptied again, waiting for the worker's next suite.
 * Loading one (a new WebAssembly instance and a Postgres start) takes most of a second; emptying one, a few
 * milliseconds. Emptied is as freshly migrated: every table of the migrated schema truncated, its sequences restarted,
 * the session's listeners, locks and settings dropped, and a schema a suite changed (a constraint it added to make a
 * write fail) is never handed on: such a database is closed instead.
 */
const idle: PGlite[] = []
let migrated: Promise<{ tables: string; schema: string }> | undefined

/** The migrated schema's shape: tables, columns, constraints, indexes and triggers (with whether each is enabled). */
async function schemaOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(`
    select md5(coalesce(string_agg(item, ',' order by item), '')) as shape from (
      select 'c:' || table_name || '.' || column_name || ':' || data_type || ':' || is_nullable || ':' || coalesce(column_default, '') as item
        from information_schema.columns where table_schema = 'public'
      union all select 'k:' || conrelid::regclass::text || '.' || conname || ':' || convalidated::text from pg_constraint where connamespace = 'public'::regnamespace
      union all select 'i:' || indexname from pg_indexes where schemaname = 'public'
      union all select 't:' || tgrelid::regclass::text || '.' || tgname || ':' || tgenabled::text from pg_trigger
        where not tgisinternal and tgrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
    ) as parts`)
  return rows[0]!.shape
}

async function migratedShape(client: PGlite) {
  const { rows } = await client.query<{ name: string }>(`select format('%I', tablename) as name from pg_tables where schemaname = 'public' order by tablename`)
  return { tables: rows.map((row) => row.name).join(', '), schema: await schemaOf(client) }
}

/** Back to as migrated, ready for the next suite; false when it cannot be (the suite changed the schema). */
async function empty(client: PGlite): Promise<boolean> {
  const shape = await migrated!
  if (client.isInTransaction()) await client.exec('rollback')
  if ((await schemaOf(client)) !== shape.schema) return false
  await client.exec(`unlisten *; select pg_advisory_unlock_all(); reset all; truncate table ${shape.tables} restart identity cascade`)
  return true
}

async function pgliteFromSnapshot(path: string | null): Promise<Database> {
  if (!path) {
    const database = await createDatabase({})
    await database.migrate()
    return database
  }
  // Read once per worker: the files of a worker share it.
  snapshot ??= readFile(path).then((bytes) => new Blob([bytes]))
  const client = idle.pop() ?? (await PGlite.create({ loadDataDir: await snapshot, extensions: { btree_gist } }))
  migrated ??= migratedShape(client)
  await migrated

  // The suite gets the database through a lease: once it closes the database, whatever of its app still runs (a
  // timer, a request left waiting) finds it closed, as before, and never writes into the next suite's database.
  let open = true
  const lease = new Proxy(client, {
    get(target, property) {
      if (!open && property !== 'then') throw new Error('This test database is closed')
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const database = pgliteDatabase(lease)
  const stops = new Set<() => Promise<void>>()
  return {
    ...database,
    listen: async (channel, onNotify, onListening) => {
      const stop = await database.listen(channel, onNotify, onListening)
      stops.add(stop)
      return async () => {
        stops.delete(stop)
        await stop()
      }
    },
    close: async () => {
      if (!open) return
      for (const stop of stops) await stop().catch(() => {})
      open = false
      const reusable = await empty(client).catch(() => false)
      if (reusable) idle.push(client)
      else await client.close()
    },
  }
}

/** One statement on the PostgreSQL server as its administrator (databases made and dropped by tests). */
export async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

async function postgresFromTemplate(template: string | null): Promise<Database> {
  const name = `salon_test_${randomBytes(6).toString('hex')}`
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`)
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  const database = await createDatabase({ url: url.href, maxConnections: 20 })
  if (!template) await database.migrate()
  return {
    ...database,
    close: async () => {
      await database.close()
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: {
      /** A migrated PGlite data directory (tar) that each file's database starts from. */
      pgliteSnapshot: string | null
      /** A migrated PostgreSQL database that each file's database is created from. */
      postgresTemplate: string | null
      /** Set when this project's database cannot be had: the reason, for a skip or a failure. */
      unavailable: string | null
    }
  }
}
