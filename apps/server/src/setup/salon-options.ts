import type { SalonSetupInput } from '@salon/contracts/salon-setup'

/**
 * `npm run salon -- create`'s options → the set-up page's request (docs/product.md §11), so that both are checked by
 * the one schema (SalonSetup). Only the shapes are read here: every rule is the schema's.
 */

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const

/** Monday to Friday 09:00–20:00, Saturday 09:00–17:00, Sunday 10:00–16:00: the hours used when none are given. */
export const DEFAULT_HOURS_TEXT = 'mon-fri 09:00-20:00, sat 09:00-17:00, sun 10:00-16:00'

export class OptionError extends Error {}

const dayIndex = (name: string) => {
  const i = DAYS.indexOf(name.slice(0, 3).toLowerCase() as (typeof DAYS)[number])
  if (i < 0) throw new OptionError(`--hours: "${name}" is not a day; write mon, tue, wed, thu, fri, sat or sun.`)
  return i
}

/** "mon-fri 09:00-20:00, sat 09:00-17:00, sun closed" → one entry per open weekday (0 = Sunday). */
export function parseHours(text: string): SalonSetupInput['hours'] {
  const hours = new Map<number, { weekday: number; opensAt: string; closesAt: string }>()
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)(?:\s*-\s*([a-z]+))?\s+(?:(closed)|(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2}))$/i.exec(part)
    if (!match) throw new OptionError(`--hours: "${part}" is not understood; write for example "mon-fri 09:00-20:00, sun closed".`)
    const [, from, to, closed, opensAt, closesAt] = match
    const first = dayIndex(from!)
    const last = to ? dayIndex(to) : first
    for (let i = first, n = 0; n < 7; i = (i + 1) % 7, n++) {
      if (closed) hours.delete(i)
      else hours.set(i, { weekday: i, opensAt: opensAt!.padStart(5, '0'), closesAt: closesAt!.padStart(5, '0') })
      if (i === last) break
    }
  }
  return [...hours.values()].sort((a, b) => a.weekday - b.weekday)
}

/** "Sunbed 1:lay-down:3-15" → a sunbed: its name, kind, and fewest and most minutes. */
export function parseBed(text: string): SalonSetupInput['beds'][number] {
  const match = /^(.+):([a-z-]+):(\d{1,2})-(\d{1,2})$/.exec(text.trim())
  if (!match) throw new OptionError(`--bed: "${text}" is not understood; write name:kind:fewest-most minutes, for example "Sunbed 1:lay-down:3-15".`)
  return { name: match[1]!.trim(), type: match[2] as 'lay-down', minMinutes: Number(match[3]), maxMinutes: Number(match[4]) }
}

/** "lay-down=65" → 65 pence a minute for lay-down sunbeds. */
export function parsePrice(text: string): [string, number] {
  const match = /^([a-z-]+)=(\d{1,4})$/.exec(text.trim())
  if (!match) throw new OptionError(`--price: "${text}" is not understood; write kind=pence per minute, for example lay-down=65.`)
  return [match[1]!, Number(match[2])]
}
