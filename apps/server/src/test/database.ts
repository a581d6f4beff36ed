import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { createDatabase, type Database } from '@salon/db'
import pg from 'pg'

/** The server the PostgreSQL suite creates its databases on. */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres'

/** Whether PostgreSQL answers; CI must have it, so there the suite fails instead of skipping. */
export async function postgresAvailable(): Promise<boolean> {
  if (process.env.CI === 'true') return true
  const url = new URL(POSTGRES_ADMIN_URL)
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) })
    socket.setTimeout(1000)
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => (socket.destroy(), resolve(false)))
  })
}

/** A freshly migrated, empty database of the kind this test project runs on; dropped on close. */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') {
    const database = await createDatabase({})
    await database.migrate()
    return database
  }
  const name = `salon_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  const database = await createDatabase({ url: url.href, maxConnections: 20 })
  await database.migrate()
  return {
    ...database,
    close: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
