import { IMPORT_FIELDS, MAX_IMPORT_BYTES, type ImportField } from '@salon/contracts/rules/customer-import'
import type { ImportRejectedRow } from '@salon/contracts/staff-import'

/** The import page's plain rules (docs/product.md §10.5): which files it sends, and the file of refused rows it gives back. */

/** Every field, with the column that fills it or null. */
export type ColumnChoice = Record<ImportField, string | null>

/** What is wrong with a chosen file before it is read, in words; null when it can be sent. */
export function fileProblem(file: { name: string; size: number; type: string }): string | null {
  if (file.size === 0) return `${file.name} is empty. Please choose the CSV file your previous system exported.`
  if (file.size > MAX_IMPORT_BYTES) {
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB: the salon takes files of up to 10 MB. Please split it into smaller files and import each.`
  }
  const csvName = /\.(csv|txt)$/i.test(file.name)
  const csvType = file.type === '' || /csv|text\/plain|excel/i.test(file.type)
  if (!csvName || !csvType)
    return `${file.name} is not a CSV file. In your spreadsheet or previous system, choose “Save as” or “Export” as CSV, then choose that file.`
  return null
}

/** 20000 → "20,000", without Intl (docs/decisions/020). */
export const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** "1 customer", "2 customers". */
export const counted = (n: number, one: string, many = `${one}s`) => `${thousands(n)} ${n === 1 ? one : many}`

/** The columns sent with a dry run or an import: every field, so the owner's "not in the file" counts too. */
export function mappingToSend(choice: ColumnChoice): ColumnChoice {
  return Object.fromEntries(IMPORT_FIELDS.map((field) => [field, choice[field] ?? null])) as ColumnChoice
}

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

/** The refused rows as a CSV file the owner can fix them from: the row, the name, the number and why. */
export function rejectedCsv(rows: ImportRejectedRow[]): string {
  const lines = [['Row', 'Name', 'Mobile', 'Why'], ...rows.map((r) => [String(r.row), r.name ?? '', r.mobile ?? '', r.reasons.join(' ')])]
  return `\uFEFF${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`
}
