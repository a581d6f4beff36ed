/**
 * The end-to-end server's database: PostgreSQL, the database a salon's server runs on, made afresh for each run
 * (docs/decisions/036-where-each-test-runs.md). The embedded database is driven in the browser by the set-up suite
 * (salon-setup.spec.ts), which starts a server of its own on a new data directory.
 *   node --import tsx e2e/database.ts     drops and makes the database again (the web server's command does)
 */
import pg from 'pg'

const port = Number(process.env.E2E_PORT ?? 3100)
export const E2E_POSTGRES_ADMIN_URL = process.env.E2E_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
/** One database per port, so two checkouts on one machine (E2E_PORT) run their suites side by side. */
export const E2E_DATABASE = `salon_e2e_${port}`

export function e2eDatabaseUrl(): string {
  const url = new URL(E2E_POSTGRES_ADMIN_URL)
  url.pathname = `/${E2E_DATABASE}`
  return url.href
}

async function makeAfresh() {
  const admin = new pg.Client({ connectionString: E2E_POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5_000 })
  try {
    await admin.connect()
  } catch (error) {
    process.stderr.write(`The end-to-end tests need PostgreSQL at ${new URL(E2E_POSTGRES_ADMIN_URL).host} (E2E_POSTGRES_ADMIN_URL): ${String(error)}\n`)
    process.exit(1)
  }
  try {
    await admin.query(`drop database if exists ${E2E_DATABASE} with (force)`)
    await admin.query(`create database ${E2E_DATABASE}`)
  } finally {
    await admin.end()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await makeAfresh()
