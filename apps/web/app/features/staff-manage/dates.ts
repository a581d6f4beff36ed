import { utcDay } from '@salon/contracts/dates'
import { MONTHS, ukWallClock, WEEKDAYS } from '@salon/contracts/uk-calendar'

/** A salon date as the Manage pages show it: 2026-12-03 → "Thu 3 December 2026". */
export function dayText(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return `${WEEKDAYS[utcDay(date).getUTCDay()]!.slice(0, 3)} ${d} ${MONTHS[m - 1]} ${y}`
}

/** An instant as UK wall-clock date and time: "2026-12-03T10:30:00Z" → { date: "2026-12-03", time: "10:30" }. */
export function ukParts(iso: string): { date: string; time: string } {
  const wall = ukWallClock(new Date(iso)).toISOString()
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) }
}

/** A time from one instant until another: "Thu 3 December 2026, 10:30 until 11:30", the day once when it is the same. */
export function periodText(from: string, until: string): string {
  const start = ukParts(from)
  const end = ukParts(until)
  return `${dayText(start.date)}, ${start.time} until ${end.date === start.date ? '' : `${dayText(end.date)}, `}${end.time}`
}

/** A salon date and time as a datetime-local field gives it: "2026-12-03T10:30" → "Thu 3 December 2026, 10:30". */
export const localText = (value: string) => `${dayText(value.slice(0, 10))}, ${value.slice(11, 16)}`

/** "Thu 3 December 2026, 10:30" for an instant, in UK time. */
export function momentText(iso: string): string {
  const { date, time } = ukParts(iso)
  return `${dayText(date)}, ${time}`
}
