import { FIRST_DATE, isCalendarDate, isRealDate, LAST_DATE } from '@salon/contracts/dates'

/**
 * The values of a file's cells as salon systems and spreadsheets write them (docs/product.md §10.5): dates the ISO
 * way or the UK way, yes and no in their common spellings, Fitzpatrick skin types in digits or Roman numerals, times
 * on the 24-hour or the 12-hour clock. Each answers the value, or the words that say what is wrong with it.
 */

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string }
const ok = <T>(value: T): Read<T> => ({ ok: true, value })
const bad = <T>(problem: string): Read<T> => ({ ok: false, problem })

/** A cell as the reader sees it: at most this much of it is quoted back in a message. */
export const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`

/**
 * A calendar date: 2026-12-31 (ISO), or 31/12/2026, 31-12-2026 or 31.12.2026 (the UK's day first; one-digit days and
 * months too), with a time after it (a spreadsheet's 00:00) ignored. A date that does not exist (31/02/2026) or falls
 * outside the product's range (dates.ts) is refused; so is a two-digit year, which could be either century.
 */
export function readDate(text: string): Read<string> {
  const cell = text.trim().replace(/[ T]\d{1,2}[:.]\d{2}(?:[:.]\d{2})?(?:\.\d+)?\s*(?:[ap]\.?m\.?)?Z?$/i, '')
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(cell)
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(cell)
  let date: string
  if (iso) date = `${iso[1]}-${iso[2]!.padStart(2, '0')}-${iso[3]!.padStart(2, '0')}`
  else if (uk) {
    if (uk[3]!.length === 2) return bad(`${quoted(text)} has a two-digit year: please write the year in full, for example 31/12/1990`)
    date = `${uk[3]}-${uk[2]!.padStart(2, '0')}-${uk[1]!.padStart(2, '0')}`
  } else return bad(`${quoted(text)} is not a date: write it as 31/12/1990 or 1990-12-31`)
  if (!isRealDate(date)) return bad(`${quoted(text)} is not a date the calendar has`)
  if (!isCalendarDate(date)) return bad(`${quoted(text)} is outside the dates the salon takes (${FIRST_DATE.slice(0, 4)} to ${LAST_DATE.slice(0, 4)})`)
  return ok(date)
}

/** The time written after a date in the same cell ("31/12/2026 14:30"), when there is one. */
export function timeAfterDate(text: string): string | null {
  const match = /[ T](\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?)\s*$/i.exec(text.trim())
  return match ? match[1]! : null
}

/** A time of day: 14:30, 9:05, 14.30, 2:30pm or 2.30 p.m. (seconds ignored) → "HH:MM". */
export function readTime(text: string): Read<string> {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?(?:[:.]\d{2})?\s*([ap])?\.?\s*(?:m\.?)?$/i.exec(text.trim())
  if (!match || (match[2] === undefined && !match[3])) return bad(`${quoted(text)} is not a time: write it as 14:30 or 2:30pm`)
  let hours = Number(match[1])
  const minutes = Number(match[2] ?? 0)
  const half = match[3]?.toLowerCase()
  if (half) {
    if (hours < 1 || hours > 12) return bad(`${quoted(text)} is not a time: on the 12-hour clock the hour is 1 to 12`)
    hours = (hours % 12) + (half === 'p' ? 12 : 0)
  }
  if (hours > 23 || minutes > 59) return bad(`${quoted(text)} is not a time of day`)
  return ok(`${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`)
}

const YES = new Set(['yes', 'y', 'true', 't', '1', 'on', 'x', 'opted in', 'optedin', 'agreed', 'subscribed'])
const NO = new Set(['no', 'n', 'false', 'f', '0', 'off', 'opted out', 'optedout', 'unsubscribed', 'none'])

/** Yes or no: yes/no, y/n, true/false, 1/0 and their like, any case. */
export function readYesNo(text: string): Read<boolean> {
  const cell = text.trim().toLowerCase()
  if (YES.has(cell)) return ok(true)
  if (NO.has(cell)) return ok(false)
  return bad(`${quoted(text)} is not yes or no (yes/no, true/false or 1/0)`)
}

const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi']

/** A Fitzpatrick skin type, 1 to 6, however written: 3, III, "Type 3", "type III". */
export function readSkinType(text: string): Read<number> {
  const cell = text
    .trim()
    .toLowerCase()
    .replace(/^(?:fitzpatrick\s*)?(?:skin\s*)?(?:type\s*)?/, '')
    .trim()
  if (/^[1-6]$/.test(cell)) return ok(Number(cell))
  const roman = ROMAN.indexOf(cell)
  if (roman >= 0) return ok(roman + 1)
  return bad(`${quoted(text)} is not a skin type: write 1 to 6 (or I to VI, the Fitzpatrick types)`)
}

/** A whole number of minutes from `min` to `max`, written as digits ("45", "45 mins"). */
export function readMinutes(text: string, min: number, max: number): Read<number> {
  const cell = text
    .trim()
    .replace(/\s*(?:minutes|minute|mins|min|m)\.?$/i, '')
    .replace(/,(?=\d{3}$)/, '')
  if (!/^-?\d+(?:\.0+)?$/.test(cell)) return bad(`${quoted(text)} is not a whole number of minutes`)
  const minutes = Number.parseInt(cell, 10)
  if (minutes < min) return bad(`${quoted(text)} is less than ${min}`)
  if (minutes > max) return bad(`${quoted(text)} is more than ${max.toLocaleString('en-GB')} minutes: please check it`)
  return ok(minutes)
}

/** A key for names and codes as people type them: case, spaces, dashes and accents aside. */
export const looseKey = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')

/** Names as the salon keeps them: trimmed, one space between words. */
export const tidyName = (text: string) => text.trim().replace(/\s+/g, ' ')
