/**
 * Backups, restores and the move onto PostgreSQL (docs/operations.md), with the server's own settings (.env,
 * DATABASE_URL or DATA_DIR):
 *   npm run backup -- <file>             a backup of the whole database, PostgreSQL while it serves
 *   npm run restore -- <file>            replaces everything in the database with the backup's contents
 *   npm run db:move -- --to <url>        copies the embedded database into an empty PostgreSQL database
 * The embedded database is one process's: with the server running on it, these are refused (its scheduled backups,
 * BACKUP_DIR, run inside it).
 */
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createDatabase, type Database } from '@salon/db'
import { BackupRefused, moveDatabase, restoreBackup, writeBackup } from '@salon/db/backup'
import { readSettings } from './env.ts'
import { serverUsing } from './lib/data-dir-lock.ts'

const USAGE = `Usage:
  npm run backup -- <file>          Write a backup of the salon's database to <file> (gzipped; PostgreSQL may keep serving)
  npm run restore -- <file>         Replace everything in the salon's database with the backup in <file>; stop the servers first
  npm run db:move -- --to <url>     Copy the embedded database (DATA_DIR) into the empty PostgreSQL database at <url>

A backup is checked whole before a restore changes anything; a file cut short or changed is refused. A restore needs
the release that made the backup (the same migrations): to go back after an upgrade, restore with the earlier release.`

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`)
  process.exit(code)
}

const [command, ...rest] = process.argv.slice(2)
if (!command || rest.includes('--help') || rest.includes('-h')) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(command ? 0 : 2)
}

if (existsSync('.env')) process.loadEnvFile('.env')
const settings = readSettings()
const { values, positionals } = (() => {
  try {
    return parseArgs({ args: rest, allowPositionals: true, options: { to: { type: 'string' } } })
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`)
  }
})()

/** The salon's database, by its settings; the embedded one only when no server is running on it. */
async function salonDatabase(): Promise<{ database: Database; name: string }> {
  if (settings.DATABASE_URL) {
    const url = new URL(settings.DATABASE_URL)
    return { database: await createDatabase({ url: settings.DATABASE_URL }), name: `the PostgreSQL database ${url.pathname.slice(1)} on ${url.host}` }
  }
  const running = serverUsing(settings.DATA_DIR)
  if (running) {
    fail(
      `The server (process ${running}) is running on the embedded database in ${settings.DATA_DIR}. Stop it first; while it runs, it backs itself up when BACKUP_DIR is set.`,
    )
  }
  return { database: await createDatabase({ dataDir: settings.DATA_DIR }), name: `the embedded database in ${settings.DATA_DIR}` }
}

const file = () => {
  const [given] = positionals
  if (!given) fail(`Say which file: npm run ${command} -- <file>\n\n${USAGE}`)
  return path.resolve(given)
}

async function run(): Promise<string> {
  if (command === 'backup') {
    const target = file()
    const { database, name } = await salonDatabase()
    try {
      await database.migrate()
      const summary = await writeBackup(database, target)
      return `Backed up ${name} to ${target}: ${summary.rows} rows in ${summary.tables} tables.`
    } finally {
      await database.close()
    }
  }
  if (command === 'restore') {
    const source = file()
    const { database, name } = await salonDatabase()
    try {
      const summary = await restoreBackup(database, source)
      return `Restored ${name} from ${source} (made ${summary.createdAt}): ${summary.rows} rows in ${summary.tables} tables.`
    } finally {
      await database.close()
    }
  }
  if (command === 'move') {
    if (!values.to) fail(`Say where to: npm run db:move -- --to postgres://user@host:5432/salon\n\n${USAGE}`)
    if (settings.DATABASE_URL)
      fail('DATABASE_URL is set: the salon already runs on PostgreSQL. db:move copies the embedded database (DATA_DIR) into PostgreSQL.')
    let target: URL
    try {
      target = new URL(values.to)
    } catch {
      fail(`--to must be a PostgreSQL address such as postgres://user@host:5432/salon, not ${values.to}.`)
    }
    if (!/^postgres(ql)?:$/.test(target.protocol)) fail(`--to must be a PostgreSQL address such as postgres://user@host:5432/salon, not ${values.to}.`)
    const { database: from, name } = await salonDatabase()
    const to = await createDatabase({ url: values.to })
    const where = `the PostgreSQL database ${target.pathname.slice(1)} on ${target.host}`
    try {
      await from.migrate()
      const summary = await moveDatabase(from, to, path.join(tmpdir(), `salon-move-${process.pid}.backup.gz`), where)
      return `Copied ${name} into ${where}: ${summary.rows} rows in ${summary.tables} tables. Start the server with DATABASE_URL set to it; keep ${settings.DATA_DIR} until the salon is seen working.`
    } finally {
      await Promise.all([from.close(), to.close()])
    }
  }
  fail(`There is no ${command} command.\n\n${USAGE}`)
}

run().then(
  (done) => {
    process.stdout.write(`${done}\n`)
    process.exit(0)
  },
  (error: unknown) => {
    if (error instanceof BackupRefused) fail(error.message)
    fail(`The ${command} failed: ${error instanceof Error ? error.message : String(error)}`, 1)
  },
)
