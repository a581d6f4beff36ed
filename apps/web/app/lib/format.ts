import { MONTHS, ukWallClock } from '@salon/contracts/uk-calendar'

// Money and dates are written out by hand, not with Intl: a browser's first Intl formatter costs a long task while
// the page starts (docs/decisions/020-uk-dates-and-money-without-intl.md). The tests hold them to Intl's output.

/** Pence as pounds with a thousands separator and always the pence: 123450 → "£1,234.50", -500 → "-£5.00". */
function pounds(pence: number): string {
  const whole = Math.abs(Math.round(pence))
  const grouped = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${pence < 0 ? '-' : ''}£${grouped}.${String(whole % 100).padStart(2, '0')}`
}

/** 1850 → "£18.50"; whole pounds drop the pence: 3000 → "£30". */
export function formatPence(pence: number): string {
  return pence % 100 === 0 ? pounds(pence).replace(/\.00$/, '') : pounds(pence)
}

/** An amount to pay, always with its pence, as card forms show it: 3000 → "£30.00". */
export const formatAmount = (pence: number): string => pounds(pence)

/** Per-minute prices under a pound read better in pence: 75 → "75p". */
export function formatPerMinute(pence: number): string {
  return pence < 100 ? `${pence}p` : formatPence(pence)
}

/** An instant as its date in the UK: "2026-11-25T09:00:00Z" → "25 November 2026". */
export function formatDate(iso: string): string {
  const day = ukWallClock(new Date(iso))
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`
}

/** "lay-down", "lay-down and stand-up", "a, b and c". */
export function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/**
 * Bed type codes by the salon's names for them, as one phrase: ['lay-down', 'stand-up'] with the names
 * "Lay-down sunbeds" and "Stand-up sunbeds" → "Lay-down and stand-up sunbeds". An unknown code is shown as it is.
 */
export function bedTypesText(codes: string[], bedTypes: { code: string; name: string }[]): string {
  const names = codes.map((code) => (bedTypes.find((t) => t.code === code)?.name ?? code).replace(/\s+sunbeds?$/i, '').toLowerCase())
  const text = listOf(names)
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)} sunbeds` : ''
}

/** Pence as the pounds a person types: 65 → "0.65", 1800 → "18.00". */
export const poundsText = (pence: number) => (pence / 100).toFixed(2)

/**
 * What a person typed as pounds, in whole pence: "18", "18.5", "£18.50" and "0.65" are read; anything else is
 * null, for the form to say so before it asks the salon.
 */
export function penceOf(text: string): number | null {
  const match = /^\s*£?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}

export const NOT_POUNDS = 'Please give an amount in pounds, for example 18.50.'
