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

let snapshot: Promise<Blob> | undefined

async function pgliteFromSnapshot(path: string | null): Promise<Database> {
  if (!path) {
    const database = await createDatabase({})
    await database.migrate()
    return database
  }
  // Read once per worker: the files of a worker share it.
  snapshot ??= readFile(path).then((bytes) => new Blob([bytes]))
  const client = await PGlite.create({ loadDataDir: await snapshot, extensions: { btree_gist } })
  return pgliteDatabase(client)
}

async function adminQuery(sql: string) {
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
