import type { ImportCounts, ImportReport, ImportSampleRow } from '@salon/contracts/staff-import'
import type { ImportPlan } from './plan.ts'
import type { RejectedRow } from './rows.ts'

/** The report of an import (docs/product.md §10.5): its counts, a few rows as kept, every row refused, the outcome in a sentence. */

const SAMPLE_ROWS = 5
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`

/** What batches wrote (or a dry run found), added up as they go. */
export interface Tally {
  customers: number
  matched: number
  alreadyImported: number
  minutes: number
  lots: number
  bookings: number
  rejected: RejectedRow[]
}
export const tally = (): Tally => ({ customers: 0, matched: 0, alreadyImported: 0, minutes: 0, lots: 0, bookings: 0, rejected: [] })
export const add = (into: Tally, from: Tally) => {
  for (const key of ['customers', 'matched', 'alreadyImported', 'minutes', 'lots', 'bookings'] as const) into[key] += from[key]
  into.rejected.push(...from.rejected)
}

export function countsOf(t: Tally, p: ImportPlan): Omit<ImportCounts, 'rows' | 'rejected'> {
  return {
    customers: t.customers,
    matched: t.matched,
    alreadyImported: p.alreadyImported + t.alreadyImported,
    minutes: t.minutes,
    lots: t.lots,
    bookings: t.bookings,
  }
}

/** The answer of a dry run or an import: the plan's refusals with those met while writing, the counts, a sample, the outcome. */
export function reportOf(p: ImportPlan, t: Tally, dryRun: boolean, importId: string): ImportReport {
  const rejected = [...p.rejected, ...t.rejected].sort((a, b) => a.row - b.row)
  const refused = new Set(t.rejected.map((r) => r.row))
  const counts: ImportCounts = { rows: p.total, ...countsOf(t, p), rejected: rejected.length }
  const sample: ImportSampleRow[] = p.candidates
    .filter((c) => !refused.has(c.row.row))
    .slice(0, SAMPLE_ROWS)
    .map(({ row, outcome }) => ({
      row: row.row,
      outcome,
      firstName: row.firstName,
      lastName: row.lastName,
      mobile: row.phone,
      email: row.email,
      dateOfBirth: row.dob,
      skinType: row.skinType,
      marketing: row.marketing,
      minutes: row.minutes,
      minutesBedTypes: row.minutes ? row.bedTypes : [],
      minutesLastDay: row.minutes ? row.lastDay : null,
      booking: row.booking && { date: row.booking.date, time: row.booking.time, bed: row.booking.label, minutes: row.booking.minutes },
    }))
  const wrote = counts.customers + counts.matched > 0
  return {
    dryRun,
    importId: !dryRun && wrote ? importId : null,
    date: p.today,
    headers: p.headers,
    suggested: p.suggested,
    mapping: p.mapping,
    counts,
    rejected,
    sample,
    message: messageOf(counts, dryRun),
  }
}

/** The outcome in a sentence: what can be (or was) imported, and what was refused. */
export function messageOf(counts: ImportCounts, dryRun: boolean): string {
  const people = [
    counts.customers && `${plural(counts.customers, 'new customer')}`,
    counts.matched && `${plural(counts.matched, 'customer')} already at the salon`,
  ].filter(Boolean)
  const extras = [counts.minutes && plural(counts.minutes, 'minute'), counts.bookings && plural(counts.bookings, 'upcoming session')].filter(Boolean)
  const what = people.length ? `${people.join(' and ')}${extras.length ? `, with ${extras.join(' and ')}` : ''}` : ''
  const head = what ? (dryRun ? `Ready to import ${what}.` : `Imported ${what}.`) : dryRun ? 'Nothing to import.' : 'Nothing was imported.'
  const again = counts.alreadyImported
    ? ` ${plural(counts.alreadyImported, 'row')} ${counts.alreadyImported === 1 ? 'was' : 'were'} imported before and ${counts.alreadyImported === 1 ? 'is' : 'are'} left as ${counts.alreadyImported === 1 ? 'it is' : 'they are'}.`
    : ''
  const refused = counts.rejected ? ` ${plural(counts.rejected, 'row')} ${counts.rejected === 1 ? 'is' : 'are'} refused, each with its reason.` : ''
  return `${head}${again}${refused}`
}
