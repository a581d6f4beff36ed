import { formatPhone } from '@salon/contracts/rules/phone'
import type { ImportRequest } from '@salon/contracts/staff-import'
import { HttpError } from '../../../lib/errors.ts'
import { localDateOf } from '../../../lib/local-time.ts'
import type { CustomerRow } from '../../identity/public.ts'
import { CsvError, parseCsv } from './csv.ts'
import type { ImportRepository } from './import.repository.ts'
import { resolveMapping, suggestMapping } from './mapping.ts'
import { readRows, type ImportRow, type RejectedRow } from './rows.ts'
import { looseKey } from './values.ts'

/**
 * What an import will do with a file (docs/product.md §10.5), worked out without writing: the file read, its columns
 * matched, its rows judged, and each row's number looked for among the salon's customers: a new customer, the same
 * person already at the salon, one an import wrote to already, or someone else (refused).
 */

/** A row as the salon's customers decide it: a new customer, or one already at the salon with the same name. */
export interface Candidate {
  row: ImportRow
  outcome: 'new' | 'matched'
}

/** A customer the salon holds, as an import compares a row with them. */
type Held = Pick<CustomerRow, 'firstName' | 'lastName' | 'dob'>

/** The same person: the same first and last name (case, spaces and accents aside) and, where both know it, date of birth. */
export function samePerson(row: ImportRow, held: Held) {
  const nameMatches = looseKey(row.firstName) === looseKey(held.firstName ?? '') && looseKey(row.lastName) === looseKey(held.lastName ?? '')
  return nameMatches && (row.dob === null || held.dob === null || row.dob === held.dob)
}

/** Why a row whose number is already one of the salon's customers, someone else by name, is refused. */
export function differs(row: ImportRow, held: Held): string {
  const name = [held.firstName, held.lastName].filter(Boolean).join(' ') || 'a customer with no name'
  return `Mobile number ${formatPhone(row.phone)} already belongs to the salon’s customer ${name}, whose name or date of birth differ from this row’s. If this is the same person, make the row match their record; if not, correct the number.`
}

/** The file read, its columns matched, its rows judged against the salon and its customers; nothing written. */
export async function planImport(repo: ImportRepository, shopId: string, request: ImportRequest, at: number) {
  let records
  try {
    records = parseCsv(request.csv)
  } catch (error) {
    if (error instanceof CsvError) throw new HttpError(422, error.message)
    throw error
  }
  const headers = (records[0]?.cells ?? []).map((h) => h.trim())
  if (headers.every((h) => h === '')) throw new HttpError(422, 'The file is empty: it needs a header row naming its columns, then one row per customer.')
  const suggested = suggestMapping(headers)
  const mapping = resolveMapping(headers, suggested, request.mapping)
  const salon = await repo.salon(shopId)
  if (!salon) throw new HttpError(404, 'This shop is not known here.')
  const today = localDateOf(at, salon.timeZone)
  const read = readRows(records, headers, mapping, { today, bedTypes: salon.bedTypes, beds: salon.beds })
  const held = new Map<string, Awaited<ReturnType<typeof repo.customersWith>>[number]>()
  for (const customer of await repo.customersWith(
    shopId,
    read.rows.map((r) => r.phone),
  ))
    if (!held.has(customer.phone!)) held.set(customer.phone!, customer)
  const candidates: Candidate[] = []
  const rejected: RejectedRow[] = [...read.rejected]
  let alreadyImported = 0
  for (const row of read.rows) {
    const customer = held.get(row.phone)
    if (!customer) candidates.push({ row, outcome: 'new' })
    else if (customer.imported) alreadyImported++
    else if (samePerson(row, customer)) candidates.push({ row, outcome: 'matched' })
    else rejected.push(refusal(row, differs(row, customer)))
  }
  return { at, today, timeZone: salon.timeZone, headers, suggested, mapping, total: read.total, candidates, rejected, alreadyImported }
}
export type ImportPlan = Awaited<ReturnType<typeof planImport>>

/** A row refused, as the report lists it. */
export const refusal = (row: ImportRow, reason: string): RejectedRow => ({
  row: row.row,
  name: `${row.firstName} ${row.lastName}`,
  mobile: formatPhone(row.phone),
  reasons: [reason],
})
