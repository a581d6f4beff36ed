import { sql, type Database } from '@salon/db'

type Rows<T> = { rows: T[] }

/** The public tables of a database and each one's columns, in order. */
export async function tableColumns(database: Database): Promise<Record<string, string[]>> {
  const { rows } = (await database.db.execute(
    sql`select table_name as name, array_agg(column_name::text order by column_name) as columns from information_schema.columns
        where table_schema = 'public' group by table_name order by table_name`,
  )) as unknown as Rows<{ name: string; columns: string[] }>
  return Object.fromEntries(rows.map((row) => [row.name, row.columns]))
}

/**
 * Every table's rows, as PostgreSQL writes them, in one fingerprint per table (its row count and a hash of its rows),
 * and every sequence's last value. With `columns`, each table named there is read through those columns only, and
 * only those tables are read (what an earlier release had, after a migration added columns).
 */
export async function tableContents(database: Database, columns?: Record<string, string[]>) {
  const tables = columns ?? (await tableColumns(database))
  const fingerprint: Record<string, string> = {}
  let rows = 0
  for (const [name, names] of Object.entries(tables)) {
    const row = columns ? sql.raw(`json_build_object(${names.map((c) => `'${c}', t."${c}"`).join(', ')})::text`) : sql`row_to_json(t)::text`
    const { rows: found } = (await database.db.execute(
      sql`select count(*)::int as count, md5(coalesce(string_agg(${row}, E'\n' order by ${row}), '')) as hash from ${sql.identifier(name)} t`,
    )) as unknown as Rows<{ count: number; hash: string }>
    fingerprint[name] = `${found[0]!.count}:${found[0]!.hash}`
    rows += found[0]!.count
  }
  const { rows: sequences } = (await database.db.execute(
    sql`select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public' order by sequencename`,
  )) as unknown as Rows<{ name: string; last: string | null }>
  return { fingerprint, rows, sequences }
}
