import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { Database, Db } from './index.ts'

/**
 * Backups in one portable format for both databases (docs/operations.md): a gzipped text file, one line per record,
 * each line a tag and JSON.
 *   H {"format":"salon-backup","version":1,"createdAt":…,"from":"pglite"|"postgres","migrations":{"count":…,"last":…}}
 *   S {"sequences":{"<name>":<last value or null>,…}}
 *   T {"table":"<name>","rows":<count>}      then that many lines
 *   R <the row as PostgreSQL's row_to_json writes it>
 *   E {"tables":<count>,"rows":<count>,"sha256":"<hash of every line above, as written>"}
 * Rows are read and written as PostgreSQL's own JSON, never parsed into JavaScript values, so no number, time or
 * byte string changes on the way. A file is checked whole (its end line, its hash, each table's count, the
 * database's migrations) before a restore changes anything.
 */

export const BACKUP_FORMAT = 'salon-backup'
export const BACKUP_VERSION = 1
const BATCH_ROWS = 2000

/** A backup file that cannot be restored, with a sentence a person can act on. */
export class BackupRefused extends Error {}

export interface BackupSummary {
  tables: number
  rows: number
  createdAt: string
  from: 'pglite' | 'postgres'
  migrations: MigrationLevel
}

interface MigrationLevel {
  count: number
  /** The last migration's timestamp, as drizzle records it. */
  last: string | null
}

type Rows<T> = { rows: T[] }
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows

async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const [level] = await rowsOf<{ count: number | string; last: string | number | null }>(
    db,
    sql`select count(*) as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )
  return { count: Number(level?.count ?? 0), last: level?.last === null || level?.last === undefined ? null : String(level.last) }
}

/** The database's own tables, parents before the tables that refer to them, so rows go in as the foreign keys allow. */
async function tablesInOrder(db: Db): Promise<string[]> {
  const tables = (await rowsOf<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).map(
    (t) => t.name,
  )
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  )
  const parents = new Map(tables.map((t) => [t, new Set<string>()]))
  for (const { child, parent } of references) {
    const name = (table: string) => table.replace(/^"|"$/g, '')
    if (name(child) !== name(parent)) parents.get(name(child))?.add(name(parent))
  }
  const ordered: string[] = []
  const placed = new Set<string>()
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)))
    if (!ready.length) throw new Error('the tables refer to each other in a circle: a backup cannot order them')
    for (const t of ready) {
      ordered.push(t)
      placed.add(t)
    }
  }
  return ordered
}

/** Every sequence of the database's own tables and its last value (null when never used). */
async function sequences(db: Db): Promise<Record<string, string | null>> {
  const rows = await rowsOf<{ name: string; last: string | number | null }>(
    db,
    sql`select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public' order by sequencename`,
  )
  return Object.fromEntries(rows.map((r) => [r.name, r.last === null ? null : String(r.last)]))
}

/**
 * Writes a backup of the whole database to `file`, from one consistent snapshot (a read-only, repeatable-read
 * transaction): PostgreSQL keeps serving while it runs. The file appears under its name only once it is complete.
 */
export async function writeBackup(database: Database, file: string, now: () => number = Date.now): Promise<BackupSummary> {
  const partial = `${file}.partial`
  const gzip = createGzip()
  const out = createWriteStream(partial, { mode: 0o600 })
  gzip.pipe(out)
  const hash = createHash('sha256')
  const write = async (line: string) => {
    const bytes = `${line}\n`
    hash.update(bytes)
    if (!gzip.write(bytes)) await once(gzip, 'drain')
  }
  try {
    const summary = await database.db.transaction(
      async (tx) => {
        const db = tx as unknown as Db
        const migrations = await migrationLevel(db)
        const createdAt = new Date(now()).toISOString()
        await write(`H ${JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt, from: database.kind, migrations })}`)
        await write(`S ${JSON.stringify({ sequences: await sequences(db) })}`)
        const tables = await tablesInOrder(db)
        let total = 0
        for (const table of tables) {
          const [counted] = await rowsOf<{ count: number | string }>(db, sql`select count(*) as count from ${sql.identifier(table)}`)
          const count = Number(counted?.count ?? 0)
          await write(`T ${JSON.stringify({ table, rows: count })}`)
          let after = '(0,0)'
          let written = 0
          for (;;) {
            const batch = await rowsOf<{ at: string; row: string }>(
              db,
              sql`select t.ctid::text as at, row_to_json(t)::text as row from ${sql.identifier(table)} t
                  where t.ctid > ${after}::tid order by t.ctid limit ${BATCH_ROWS}`,
            )
            for (const { row } of batch) await write(`R ${row}`)
            written += batch.length
            if (batch.length < BATCH_ROWS) break
            after = batch[batch.length - 1]!.at
          }
          if (written !== count) throw new Error(`the table ${table} changed while it was read: ${written} rows of ${count}`)
          total += count
        }
        return { tables: tables.length, rows: total, createdAt, from: database.kind, migrations }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    const end = `E ${JSON.stringify({ tables: summary.tables, rows: summary.rows, sha256: hash.digest('hex') })}\n`
    gzip.end(end)
    await finished(out)
    await rename(partial, file)
    return summary
  } catch (error) {
    gzip.destroy()
    out.destroy()
    await rm(partial, { force: true })
    throw error
  }
}

interface Section {
  table: string
  rows: string[]
}

/** Reads a backup's lines in order, the rows of each table in batches; throws BackupRefused when it is not whole. */
async function readBackupFile(
  file: string,
  onSection: (section: Section, first: boolean) => Promise<void>,
): Promise<{ header: BackupSummary; sequences: Record<string, string | null>; tables: Map<string, number> }> {
  const hash = createHash('sha256')
  const input = createReadStream(file)
  const gunzip = createGunzip()
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity })
  const streamError = new Promise<never>((_, reject) => {
    const refuse = (error: Error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new BackupRefused(`There is no file at ${file}.`)
          : new BackupRefused(`${file} is not a whole backup: ${error.message}. Nothing was changed.`),
      )
    input.on('error', refuse)
    gunzip.on('error', refuse)
  })
  type Header = Omit<BackupSummary, 'tables' | 'rows'> & { format?: string; version?: number }
  let header: Header | undefined
  let sequenceValues: Record<string, string | null> | undefined
  const tables = new Map<string, number>()
  let current: { table: string; expected: number; seen: number; first: boolean; rows: string[] } | undefined
  let end: { tables: number; rows: number; sha256: string } | undefined
  let total = 0
  const notWhole = (why: string) => new BackupRefused(`${file} is not a whole backup (${why}). Nothing was changed.`)
  const parse = <T>(body: string): T => {
    try {
      return JSON.parse(body) as T
    } catch {
      throw notWhole('a line is not what was written')
    }
  }
  const flush = async () => {
    if (!current || (!current.rows.length && !current.first)) return
    await onSection({ table: current.table, rows: current.rows }, current.first)
    current.first = false
    current.rows = []
  }
  const closeSection = async () => {
    if (!current) return
    if (current.seen !== current.expected) throw notWhole(`the table ${current.table} has ${current.seen} rows of ${current.expected}`)
    await flush()
    current = undefined
  }

  const reading = (async () => {
    for await (const line of lines) {
      if (end) throw notWhole('there is more after its end')
      const tag = line.slice(0, 2)
      const body = line.slice(2)
      if (tag === 'E ') {
        await closeSection()
        end = parse<NonNullable<typeof end>>(body)
        continue
      }
      hash.update(`${line}\n`)
      if (!header) {
        const parsed = tag === 'H ' ? parse<Header>(body) : undefined
        if (parsed?.format !== BACKUP_FORMAT) throw new BackupRefused(`${file} is not a backup of this salon software. Nothing was changed.`)
        if (parsed.version !== BACKUP_VERSION)
          throw new BackupRefused(`${file} is a backup of format ${parsed.version}, which this release does not read. Nothing was changed.`)
        header = parsed
      } else if (tag === 'S ') sequenceValues = parse<{ sequences: Record<string, string | null> }>(body).sequences
      else if (tag === 'T ') {
        await closeSection()
        const section = parse<{ table: string; rows: number }>(body)
        tables.set(section.table, section.rows)
        current = { table: section.table, expected: section.rows, seen: 0, first: true, rows: [] }
      } else if (tag === 'R ' && current) {
        current.seen++
        total++
        current.rows.push(body)
        if (current.rows.length >= BATCH_ROWS) await flush()
      } else throw notWhole('a line it does not understand')
    }
  })()
  // Whichever fails first is the answer; the other's later failure is the same story and is not thrown again.
  reading.catch(() => {})
  streamError.catch(() => {})
  await Promise.race([reading, streamError])
  if (!header) throw new BackupRefused(`${file} is empty or not a backup. Nothing was changed.`)
  if (!end) throw notWhole('it ends before its last line')
  if (end.sha256 !== hash.digest('hex') || end.rows !== total || end.tables !== tables.size) throw notWhole('its contents do not match its check sum')
  return { header: { ...header, tables: tables.size, rows: total }, sequences: sequenceValues ?? {}, tables }
}

/** Checks a backup file whole without changing anything: what it holds, or BackupRefused saying why not. */
export async function checkBackup(file: string): Promise<BackupSummary> {
  return (await readBackupFile(file, async () => {})).header
}

/**
 * Replaces everything in the database with the backup's rows, in one transaction: a file that is not whole, from
 * other migrations, or naming tables this database does not have is refused before anything changes. The database
 * is migrated first. Triggers of the salon's own (the ledger's, notifications) are off while rows go in, as the rows
 * are their result already; foreign keys are checked, in the order the tables refer to each other.
 */
export async function restoreBackup(database: Database, file: string): Promise<BackupSummary> {
  const checked = await readBackupFile(file, async () => {})
  await database.migrate()
  const here = await migrationLevel(database.db)
  const theirs = checked.header.migrations
  if (here.count !== theirs.count || here.last !== theirs.last) {
    throw new BackupRefused(
      theirs.count < here.count
        ? `${file} was made by an earlier release (${theirs.count} migrations; this one has ${here.count}). Restore it with that release, then upgrade. Nothing was changed.`
        : `${file} was made by a later release (${theirs.count} migrations; this one has ${here.count}). Restore it with that release or a later one. Nothing was changed.`,
    )
  }
  const tables = await tablesInOrder(database.db)
  const missing = [...checked.tables.keys()].filter((t) => !tables.includes(t))
  if (missing.length) throw new BackupRefused(`${file} has tables this database does not: ${missing.join(', ')}. Nothing was changed.`)

  await database.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    for (const table of tables) await db.execute(sql`alter table ${sql.identifier(table)} disable trigger user`)
    await db.execute(sql.raw(`truncate ${tables.map((t) => `"${t.replaceAll('"', '""')}"`).join(', ')}`))
    await readBackupFile(file, async ({ table, rows }) => {
      if (!rows.length) return
      await db.execute(
        sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${`[${rows.join(',')}]`}::json)`,
      )
    })
    for (const [name, last] of Object.entries(checked.sequences)) {
      await db.execute(
        last === null ? sql`select setval(${`"${name}"`}::regclass, 1, false)` : sql`select setval(${`"${name}"`}::regclass, ${last}::bigint, true)`,
      )
    }
    for (const table of tables) await db.execute(sql`alter table ${sql.identifier(table)} enable trigger user`)
  })
  return checked.header
}

/** True when the database has no table of its own yet and no migration recorded: a database made for the salon and left empty. */
async function isEmpty(db: Db): Promise<boolean> {
  const [found] = await rowsOf<{ tables: number | string; migrated: boolean }>(
    db,
    sql`select (select count(*) from pg_tables where schemaname = 'public') as tables,
               exists (select 1 from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations') as migrated`,
  )
  return Number(found?.tables ?? 0) === 0 && !found?.migrated
}

/**
 * Copies every row and sequence of one database into another that is empty (the embedded database onto
 * PostgreSQL, as a salon grows): through a backup file in `via`, checked whole, then restored. A target that holds
 * anything is refused before anything is written to it.
 */
export async function moveDatabase(from: Database, to: Database, via: string, target = 'the target database'): Promise<BackupSummary> {
  if (!(await isEmpty(to.db))) {
    throw new BackupRefused(`${target} is not empty: the move copies a salon only into a database with no tables. Nothing was changed.`)
  }
  try {
    await writeBackup(from, via)
    return await restoreBackup(to, via)
  } finally {
    await rm(via, { force: true })
  }
}
