import { UK_TIME_ZONE } from '@salon/contracts/time-zone'

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** 1850 → "£18.50"; whole pounds drop the pence: 3000 → "£30". */
export function formatPence(pence: number): string {
  return pence % 100 === 0 ? pounds.format(pence / 100).replace(/\.00$/, '') : pounds.format(pence / 100)
}

/** An amount to pay, always with its pence, as card forms show it: 3000 → "£30.00". */
export const formatAmount = (pence: number): string => pounds.format(pence / 100)

/** Per-minute prices under a pound read better in pence: 75 → "75p". */
export function formatPerMinute(pence: number): string {
  return pence < 100 ? `${pence}p` : formatPence(pence)
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: UK_TIME_ZONE })
export const formatDate = (iso: string) => longDate.format(new Date(iso))

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
