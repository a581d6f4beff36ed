import { NOTE_MAX_LENGTH } from '@salon/contracts/rules/note'
import { addDays } from '@salon/contracts/dates'
import { IMPORT_FIELD_INFO, MAX_IMPORT_ROWS, type ImportField } from '@salon/contracts/rules/customer-import'
import { dateOfBirthRule } from '@salon/contracts/rules/date-of-birth'
import { isEmailAddress } from '@salon/contracts/rules/email'
import { isNameWithinLimit, NAME_MAX_LENGTH } from '@salon/contracts/rules/name'
import { checkPhone, formatPhone } from '@salon/contracts/rules/phone'
import { COUNTER_DEFAULT_VALIDITY_DAYS } from '@salon/contracts/staff-counter'
import { HttpError } from '../../../lib/errors.ts'
import { describeDate } from '../../../lib/local-time.ts'
import { isEmptyRecord, type CsvRecord } from './csv.ts'
import type { FullMapping } from './mapping.ts'
import { looseKey, quoted, readDate, readMinutes, readSkinType, readTime, readYesNo, tidyName, timeAfterDate } from './values.ts'

/**
 * A file's rows read and judged on their own (docs/product.md §10.5): every rule that needs only the row, the
 * salon's sunbeds and the day (names, the mobile number, 18 or over, dates that exist, minutes, consents), and one
 * row per mobile number in the file. What needs the salon's customers and bookings is judged by the import service.
 */

/** The most minutes a row may put on a balance: more is a typing slip. */
export const MAX_IMPORTED_MINUTES = 10_000
/** The longest session a row may book; the sunbed's own range is the desk's rule. */
const MAX_SESSION_MINUTES = 600

/** What the rows are judged against: the salon's day and its sunbeds. */
export interface RowContext {
  /** The salon's local date at the import: 18 or over, expiry and sessions are judged on it. */
  today: string
  bedTypes: { code: string; name: string }[]
  /** Sunbeds in use, in the salon's order. */
  beds: { id: string; name: string; type: string }[]
}

export interface ImportRow {
  row: number
  firstName: string
  lastName: string
  /** E.164 */
  phone: string
  email: string | null
  dob: string | null
  skinType: number | null
  /** The salon's offers by text and email (appMarketing), and the date given for it; `consentStated` when the file said either way. */
  marketing: boolean
  marketingOn: string | null
  consentStated: boolean
  note: string | null
  /** 0 for none. */
  minutes: number
  bedTypes: string[]
  /** The last local day the minutes can be used on; null without minutes. */
  lastDay: string | null
  booking: { date: string; time: string; minutes: number; beds: { id: string; name: string; type: string }[]; label: string } | null
}

export interface RejectedRow {
  row: number
  name: string | null
  mobile: string | null
  reasons: string[]
}

const label = (field: ImportField) => IMPORT_FIELD_INFO[field].label

/** The phone rule's refusals, in words for a row of a file. */
function phoneProblem(text: string): string | null {
  const check = checkPhone(text)
  if (check.ok) return null
  switch (check.problem) {
    case 'empty':
      return 'The mobile number is missing: every customer needs one, as it is how they sign in.'
    case 'landline':
      return `Mobile number ${quoted(text)} is a landline: customers sign in with a mobile number, which the salon’s texts reach.`
    case 'foreign':
      return `Mobile number ${quoted(text)} is not a number in international form: write it as +44 7700 900123 (or 07700 900123 for a UK mobile).`
    default:
      return `Mobile number ${quoted(text)} is not a mobile number: a UK mobile is 07 and nine more digits, for example 07700 900123.`
  }
}

/** A bed type named by its code or name, or the type of a sunbed named; "all" or "any" is every one. */
function bedTypesOf(text: string, ctx: RowContext): { types: string[] } | { problem: string } {
  const names = text
    .split(/[,;/|&+]|\band\b/i)
    .map((part) => part.trim())
    .filter(Boolean)
  if (names.some((name) => ['all', 'any', 'allbeds', 'anybed', 'every'].includes(looseKey(name)))) return { types: ctx.bedTypes.map((t) => t.code) }
  const types = new Set<string>()
  for (const name of names) {
    const key = looseKey(name)
    const type = ctx.bedTypes.find((t) => looseKey(t.code) === key || looseKey(t.name) === key)?.code ?? ctx.beds.find((b) => looseKey(b.name) === key)?.type
    if (!type) return { problem: `the salon has no bed type ${quoted(name)}. Its bed types are: ${ctx.bedTypes.map((t) => t.name).join(', ') || 'none yet'}.` }
    types.add(type)
  }
  return { types: [...types] }
}

/** Reads every row of the file against the mapping; refuses a file with no customers or too many. */
export function readRows(records: CsvRecord[], headers: string[], mapping: FullMapping, ctx: RowContext) {
  const column = Object.fromEntries(Object.entries(mapping).map(([field, header]) => [field, header === null ? -1 : headers.indexOf(header)])) as Record<
    ImportField,
    number
  >
  const data = records.slice(1).filter((record) => !isEmptyRecord(record))
  if (data.length === 0) throw new HttpError(422, 'The file has no customers: it needs a header row, then one row per customer.')
  if (data.length > MAX_IMPORT_ROWS) {
    throw new HttpError(
      413,
      `The file has ${data.length.toLocaleString('en-GB')} customers: the most one import takes is ${MAX_IMPORT_ROWS.toLocaleString('en-GB')}. Please split it into smaller files and import each.`,
    )
  }
  const rows: ImportRow[] = []
  const rejected: RejectedRow[] = []
  for (const record of data) {
    const read = readRow(record, column, ctx)
    if ('reasons' in read) rejected.push(read)
    else rows.push(read)
  }
  // One customer per mobile number: rows that share one are all refused, as the file does not say which is right.
  const byPhone = new Map<string, ImportRow[]>()
  for (const row of rows) byPhone.set(row.phone, [...(byPhone.get(row.phone) ?? []), row])
  const kept: ImportRow[] = []
  for (const row of rows) {
    const same = byPhone.get(row.phone)!
    if (same.length === 1) {
      kept.push(row)
      continue
    }
    const others = same.filter((r) => r !== row).map((r) => r.row)
    rejected.push({
      row: row.row,
      name: `${row.firstName} ${row.lastName}`,
      mobile: formatPhone(row.phone),
      reasons: [
        `Mobile number ${formatPhone(row.phone)} is also on row${others.length === 1 ? '' : 's'} ${others.join(', ')}: the salon keeps one customer per number. Keep the right row and delete the other${others.length === 1 ? '' : 's'}.`,
      ],
    })
  }
  rejected.sort((a, b) => a.row - b.row)
  return { total: data.length, rows: kept, rejected }
}

function readRow(record: CsvRecord, column: Record<ImportField, number>, ctx: RowContext): ImportRow | RejectedRow {
  const cell = (field: ImportField) => (column[field] >= 0 ? (record.cells[column[field]] ?? '').trim() : '')
  const reasons: string[] = []
  const problem = (field: ImportField, what: string) => reasons.push(`${label(field)}: ${what}.`)

  const { firstName, lastName, fullName } = readNames(cell, reasons, problem)

  const typedPhone = cell('mobile')
  const phoneCheck = checkPhone(typedPhone)
  const phoneIssue = phoneProblem(typedPhone)
  if (phoneIssue) reasons.push(phoneIssue)

  const emailText = cell('email')
  if (emailText && !isEmailAddress(emailText)) problem('email', `${quoted(emailText)} is not a valid address: correct it, or leave it empty`)

  const dob = readDateOfBirth(cell, ctx, reasons, problem)

  let skinType: number | null = null
  const skinText = cell('skinType')
  if (skinText) {
    const read = readSkinType(skinText)
    if (read.ok) skinType = read.value
    else problem('skinType', read.problem)
  }

  const consent = readConsent(cell, ctx.today, problem)

  const note = cell('note') || null
  if (note && note.length > NOTE_MAX_LENGTH) problem('note', `longer than ${NOTE_MAX_LENGTH.toLocaleString('en-GB')} characters: please shorten it`)

  const { minutes, bedTypes, lastDay } = readMinutesOnBalance(cell, ctx, problem)

  const booking = readBooking(cell, ctx, reasons)

  const name = [firstName, lastName].filter(Boolean).join(' ') || fullName || null
  if (reasons.length || !phoneCheck.ok) return { row: record.row, name, mobile: typedPhone || null, reasons }
  return {
    row: record.row,
    firstName,
    lastName,
    phone: phoneCheck.phone,
    email: emailText || null,
    dob,
    skinType,
    ...consent,
    note,
    minutes,
    bedTypes,
    lastDay,
    booking,
  }
}

/** Names: the first and last name columns, else the full name split before its last word. */
function readNames(cell: (field: ImportField) => string, reasons: string[], problem: (field: ImportField, what: string) => void) {
  let firstName = tidyName(cell('firstName'))
  let lastName = tidyName(cell('lastName'))
  const fullName = tidyName(cell('fullName'))
  if (!firstName && !lastName && fullName) {
    const words = fullName.split(' ')
    lastName = words.length > 1 ? words.pop()! : ''
    firstName = words.join(' ')
  }
  if (!firstName) reasons.push('The first name is missing: the salon needs the customer’s first and last name.')
  if (!lastName) reasons.push('The last name is missing: the salon needs the customer’s first and last name.')
  if (!isNameWithinLimit(firstName)) problem('firstName', `longer than ${NAME_MAX_LENGTH} characters`)
  if (!isNameWithinLimit(lastName)) problem('lastName', `longer than ${NAME_MAX_LENGTH} characters`)
  return { firstName, lastName, fullName }
}

/** The date of birth, when given: a real date, not after today nor before 1900, and 18 or over today (the law's rule). */
function readDateOfBirth(
  cell: (field: ImportField) => string,
  ctx: RowContext,
  reasons: string[],
  problem: (field: ImportField, what: string) => void,
): string | null {
  let dob: string | null = null
  const dobText = cell('dateOfBirth')
  if (dobText) {
    const read = readDate(dobText)
    if (!read.ok) problem('dateOfBirth', read.problem)
    else {
      const rule = dateOfBirthRule(read.value, ctx.today)
      if (rule === 'under-age') {
        reasons.push(
          `The customer is under 18 on ${describeDate(ctx.today)} (born ${describeDate(read.value)}): UK law (the Sunbeds (Regulation) Act 2010) does not allow anyone under 18 to use a sunbed, so the salon cannot take them on.`,
        )
      } else if (rule === 'future') problem('dateOfBirth', `${quoted(dobText)} is after today`)
      else if (rule) problem('dateOfBirth', `${quoted(dobText)} is before 1900`)
      else dob = read.value
    }
  }
  return dob
}

/** Minutes on the customer's balance, when given: how many, for which sunbeds, and their last day (by default the counter's). */
function readMinutesOnBalance(cell: (field: ImportField) => string, ctx: RowContext, problem: (field: ImportField, what: string) => void) {
  let minutes = 0
  let bedTypes: string[] = []
  let lastDay: string | null = null
  const minutesText = cell('minutes')
  if (minutesText) {
    const read = readMinutes(minutesText, 0, MAX_IMPORTED_MINUTES)
    if (!read.ok) problem('minutes', read.problem)
    else minutes = read.value
  }
  if (minutes > 0) {
    const typeText = cell('minutesBedType')
    const types = typeText ? bedTypesOf(typeText, ctx) : { types: ctx.bedTypes.map((t) => t.code) }
    if ('problem' in types) problem('minutesBedType', types.problem.replace(/\.$/, ''))
    else bedTypes = types.types
    const expiryText = cell('minutesExpiry')
    if (!expiryText) lastDay = addDays(ctx.today, COUNTER_DEFAULT_VALIDITY_DAYS)
    else {
      const read = readDate(expiryText)
      if (!read.ok) problem('minutesExpiry', read.problem)
      else if (read.value < ctx.today)
        problem('minutesExpiry', `the minutes expired on ${describeDate(read.value)}. Clear the minutes, or give the last day they can be used`)
      else lastDay = read.value
    }
  }
  return { minutes, bedTypes, lastDay }
}

/**
 * The salon's offers (by text and email, one consent: docs/product.md §5) from the file's columns: a column for both,
 * or a yes to both an email and a text column (a yes to one channel alone is not consent to the other). The date is
 * the one given with the consent (the latest of two), else the import's.
 */
function readConsent(cell: (field: ImportField) => string, today: string, problem: (field: ImportField, what: string) => void) {
  const yesNo = (field: ImportField) => {
    const text = cell(field)
    if (!text) return undefined
    const read = readYesNo(text)
    if (read.ok) return read.value
    problem(field, read.problem)
    return undefined
  }
  const dateOf = (field: ImportField) => {
    const text = cell(field)
    if (!text) return null
    const read = readDate(text)
    if (!read.ok) problem(field, read.problem)
    else if (read.value > today) problem(field, `${quoted(text)} is after today`)
    else return read.value
    return null
  }
  const both = yesNo('marketing')
  const email = yesNo('marketingEmail')
  const sms = yesNo('marketingSms')
  const dates = [dateOf('marketingDate'), dateOf('marketingEmailDate'), dateOf('marketingSmsDate')]
  const marketing = both ?? (email === true && sms === true)
  const consentStated = both !== undefined || email !== undefined || sms !== undefined
  const given = dates.filter((d): d is string => d !== null).sort()
  return { marketing, marketingOn: consentStated ? (given.at(-1) ?? null) : null, consentStated }
}

/** An upcoming session: all of date, time, minutes and a sunbed (or bed type), or none of them. */
function readBooking(cell: (field: ImportField) => string, ctx: RowContext, reasons: string[]): ImportRow['booking'] {
  const dateText = cell('bookingDate')
  const timeText = cell('bookingTime') || (dateText ? (timeAfterDate(dateText) ?? '') : '')
  const bedText = cell('bookingBed')
  const typeText = cell('bookingBedType')
  const minutesText = cell('bookingMinutes')
  if (!dateText && !cell('bookingTime') && !bedText && !typeText && !minutesText) return null
  const missing = [!dateText && 'its date', !timeText && 'its time', !bedText && !typeText && 'its sunbed (or bed type)', !minutesText && 'its minutes'].filter(
    (m): m is string => Boolean(m),
  )
  if (missing.length) {
    reasons.push(`The next session is missing ${missing.join(', ').replace(/, ([^,]*)$/, ' and $1')}: give all of them, or leave the session’s columns empty.`)
    return null
  }
  const before = reasons.length
  const date = readDate(dateText)
  if (!date.ok) reasons.push(`${label('bookingDate')}: ${date.problem}.`)
  else if (date.value < ctx.today) reasons.push(`The next session, on ${describeDate(date.value)}, has passed: only upcoming sessions are imported.`)
  const time = readTime(timeText)
  if (!time.ok) reasons.push(`${label('bookingTime')}: ${time.problem}.`)
  const minutes = readMinutes(minutesText, 1, MAX_SESSION_MINUTES)
  if (!minutes.ok) reasons.push(`${label('bookingMinutes')}: ${minutes.problem}.`)
  let beds: { id: string; name: string; type: string }[] = []
  let bedLabel = ''
  if (bedText) {
    const key = looseKey(bedText)
    const bed = ctx.beds.find((b) => looseKey(b.id) === key || looseKey(b.name) === key)
    if (!bed) {
      reasons.push(
        `The salon has no sunbed ${quoted(bedText)} in use for the next session. Its sunbeds are: ${ctx.beds.map((b) => b.name).join(', ') || 'none yet'}.`,
      )
    } else {
      beds = [bed]
      bedLabel = bed.name
    }
  } else {
    const types = bedTypesOf(typeText, ctx)
    if ('problem' in types || types.types.length !== 1) {
      reasons.push(`${label('bookingBedType')}: ${'problem' in types ? types.problem : 'name one bed type.'}`)
    } else {
      beds = ctx.beds.filter((b) => b.type === types.types[0])
      bedLabel = ctx.bedTypes.find((t) => t.code === types.types[0])?.name ?? types.types[0]!
      if (!beds.length) reasons.push(`${label('bookingBedType')}: the salon has no ${bedLabel} sunbed in use.`)
    }
  }
  if (reasons.length > before || !date.ok || !time.ok || !minutes.ok) return null
  return { date: date.value, time: time.value, minutes: minutes.value, beds, label: bedLabel }
}
