import { parseArgs } from 'node:util'
import { IMPORT_FIELD_INFO, IMPORT_FIELDS, type ImportField, type ImportMapping } from '@salon/contracts/rules/customer-import'
import type { ImportReport } from '@salon/contracts/staff-import'

/** The import command's words (docs/product.md §10.5): its usage, its arguments, and the report it prints. */

export const IMPORT_USAGE = `Usage:
  npm run import -- [--shop <shop id>] [--map <field>=<column> ...] [--dry-run] <file.csv>

Imports a salon's customers from its previous system: new customers signed up at the salon (they link to their
online account when they sign up with the same mobile number), their minutes and their upcoming sessions.

  <file.csv>               A CSV file with a header row, then one row per customer
  --shop <shop id>         The salon (default: the one the web app serves)
  --map <field>=<column>   The column that fills one of our fields, over the one suggested from the headers;
                           <field>= fills the field from no column. Repeat for each field to change.
  --dry-run                Say what would be imported, and every row refused and why; write nothing
  --help                   This text

Our fields (the columns recognised by their headers are used unless --map says otherwise):
${IMPORT_FIELDS.map((field) => `  ${field.padEnd(19)} ${IMPORT_FIELD_INFO[field].label}: ${IMPORT_FIELD_INFO[field].hint}`).join('\n')}

A file imported again imports nobody twice. The import is written by the salon's owner's name in the audit log.
It uses the server's own settings (.env, DATABASE_URL or DATA_DIR); on the embedded database, stop the server first.
Exits 0 when the file was read (refused rows are listed), 1 when the file or the salon was refused, 2 on bad usage.`

/** A command line that is not the import's: the message and the usage are printed, and the command exits 2. */
export class UsageError extends Error {}

export type ImportArgs = { help: true } | { help: false; shop: string | undefined; mapping: ImportMapping; dryRun: boolean; file: string }

/** The command's arguments, or a UsageError saying what is wrong with them. */
export function parseImportArgs(argv: string[]): ImportArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        shop: { type: 'string' },
        map: { type: 'string', multiple: true },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) return { help: true }
  if (positionals.length !== 1) throw new UsageError(positionals.length ? 'Name one CSV file.' : 'Name the CSV file to import.')
  const mapping: ImportMapping = {}
  for (const pair of values.map ?? []) {
    const at = pair.indexOf('=')
    const field = (at < 0 ? pair : pair.slice(0, at)).trim()
    if (at < 0) throw new UsageError(`--map ${pair}: write it as <field>=<column>, for example --map mobile="Mobile number".`)
    if (!(IMPORT_FIELDS as readonly string[]).includes(field))
      throw new UsageError(`--map ${pair}: there is no field "${field}". The fields are: ${IMPORT_FIELDS.join(', ')}.`)
    const column = pair.slice(at + 1).trim()
    mapping[field as ImportField] = column === '' ? null : column
  }
  return { help: false, shop: values.shop, mapping, dryRun: values['dry-run'], file: positionals[0]! }
}

/** The report as the command prints it: the columns used, the counts, every row refused and why, the outcome. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [report.dryRun ? `Dry run on ${report.date}: nothing was written.` : `Import on ${report.date}.`, '', 'Columns used:']
  for (const field of IMPORT_FIELDS) {
    const column = report.mapping[field]
    if (column !== null) lines.push(`  ${IMPORT_FIELD_INFO[field].label.padEnd(38)} ← "${column}"`)
  }
  const unused = report.headers.filter((header) => !Object.values(report.mapping).includes(header))
  if (unused.length) lines.push(`  Not used: ${unused.map((header) => `"${header}"`).join(', ')}`)
  const c = report.counts
  lines.push(
    '',
    `Rows:                 ${c.rows}`,
    `New customers:        ${c.customers}`,
    `Already customers:    ${c.matched}`,
    `Imported before:      ${c.alreadyImported}`,
    `Minutes:              ${c.minutes} in ${c.lots} lot${c.lots === 1 ? '' : 's'}`,
    `Upcoming sessions:    ${c.bookings}`,
    `Refused:              ${c.rejected}`,
  )
  if (report.rejected.length) {
    lines.push('', 'Rows refused:')
    for (const row of report.rejected) {
      const who = [row.name, row.mobile].filter(Boolean).join(', ')
      lines.push(`  Row ${row.row}${who ? ` (${who})` : ''}:`)
      for (const reason of row.reasons) lines.push(`    ${reason}`)
    }
  }
  lines.push('', report.message)
  if (report.importId) lines.push(`The import's id in the audit log: ${report.importId}`)
  return `${lines.join('\n')}\n`
}
