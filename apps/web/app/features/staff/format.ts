import { MONTHS, ukWallClock, WEEKDAYS } from '@salon/contracts/uk-calendar'

// Dates and times for the staff pages, in UK time and without Intl (docs/decisions/020).

/** "+447700900123" → "07700 900123"; anything else as it is. */
export function localPhone(phone: string | null | undefined): string {
  if (!phone) return ''
  return /^\+447\d{9}$/.test(phone) ? `0${phone.slice(3, 7)} ${phone.slice(7)}` : phone
}

/** An instant as UK date and time: "Thu 26 Nov 2026, 14:05". */
export function dateTime(iso: string): string {
  const at = ukWallClock(new Date(iso))
  const time = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`
  return `${WEEKDAYS[at.getUTCDay()]!.slice(0, 3)} ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]!.slice(0, 3)} ${at.getUTCFullYear()}, ${time}`
}

/** A date written YYYY-MM-DD as "Thursday 26 November 2026". */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!
  return `${weekday} ${d} ${MONTHS[m - 1]} ${y}`
}

/** "1 minute", "12 minutes". */
export const minutesText = (n: number) => `${n} ${Math.abs(n) === 1 ? 'minute' : 'minutes'}`
