import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from './index.ts'

// docs/architecture.md, "What the database does by itself": every trigger a migrated database has is named there.
const architecture = readFileSync(fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url)), 'utf8')

/** The section's table: each row's functions (the first cell) and the text of its row. */
function documentedRows(markdown: string) {
  const section = markdown.split('## What the database does by itself')[1]?.split('\n## ')[0] ?? ''
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => ({ functions: [...line.split('|')[1]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!), row: line }))
}

/** Which trigger functions fire on which tables, and where the documentation falls short of them. */
function gaps(triggers: { fn: string; table: string }[], rows: ReturnType<typeof documentedRows>) {
  const problems: string[] = []
  for (const { fn, table } of triggers) {
    const row = rows.find((r) => r.functions.includes(fn))
    if (!row) problems.push(`${fn} is not in the table`)
    else if (!row.row.includes(`\`${table}\``)) problems.push(`${fn}'s row does not name ${table}`)
  }
  for (const fn of rows.flatMap((r) => r.functions)) if (!triggers.some((t) => t.fn === fn)) problems.push(`${fn} is no trigger of the database`)
  return [...new Set(problems)]
}

describe("the database's triggers are documented", () => {
  let db: PGlite
  let triggers: { fn: string; table: string }[]

  beforeAll(async () => {
    db = await PGlite.create(undefined, { extensions: { btree_gist } })
    for (const file of readdirSync(migrationsFolder)
      .filter((name) => name.endsWith('.sql'))
      .sort()) {
      const text = readFileSync(path.join(migrationsFolder, file), 'utf8')
      for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement)
    }
    triggers = (
      await db.query<{ fn: string; table: string }>(
        `select p.proname as fn, t.tgrelid::regclass::text as "table" from pg_trigger t join pg_proc p on p.oid = t.tgfoid where not t.tgisinternal`,
      )
    ).rows
    // Every migration on a new embedded database: seconds on a quiet machine, more when other suites run beside it.
  }, 60_000)
  afterAll(() => db?.close())

  it('each trigger function, and each table it fires on, is in docs/architecture.md; each there exists', () => {
    expect(triggers.length).toBeGreaterThan(10)
    expect(gaps(triggers, documentedRows(architecture))).toEqual([])
  })

  it('finds a trigger left out, a table left out, and one that no longer exists', () => {
    const rows = documentedRows(architecture).filter((r) => !r.functions.includes('booking_bed_open'))
    expect(gaps(triggers, rows)).toContain('booking_bed_open is not in the table')
    expect(gaps([...triggers, { fn: 'sunbed_safety_erase', table: 'bookings' }], documentedRows(architecture))).toContain(
      "sunbed_safety_erase's row does not name bookings",
    )
    expect(
      gaps(
        triggers.filter((t) => t.fn !== 'sunbed_safety_erase'),
        documentedRows(architecture),
      ),
    ).toContain('sunbed_safety_erase is no trigger of the database')
  })
})
