import type { MinuteLot } from '@salon/contracts/commerce'
import { addDays } from '@salon/contracts/dates'
import { localDateOf, startOfLocalDay, toIsoWithOffset } from '../../lib/local-time.ts'

/** A lot as spending sees it. */
export interface SpendableLot {
  id: string
  remaining: number
  bedTypes: string[]
  expiresAt: Date
  createdAt: Date
}

export interface Draw {
  lotId: string
  minutes: number
}

const usable = (lot: SpendableLot, bedType: string, at: number) => lot.remaining > 0 && lot.expiresAt.getTime() > at && lot.bedTypes.includes(bedType)

/** The minutes that can pay for a session on this type of bed now. */
export function fittingMinutes(lots: SpendableLot[], bedType: string, at: number): number {
  return lots.filter((lot) => usable(lot, bedType, at)).reduce((sum, lot) => sum + lot.remaining, 0)
}

/**
 * Which lots pay for a session: those that fit the bed, the one that expires first first (the older on a tie),
 * taking from the next when one runs out. null when they do not cover it.
 */
export function planSpend(lots: SpendableLot[], bedType: string, minutes: number, at: number): Draw[] | null {
  const fitting = lots
    .filter((lot) => usable(lot, bedType, at))
    .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
  const draws: Draw[] = []
  let left = minutes
  for (const lot of fitting) {
    if (left === 0) break
    const take = Math.min(lot.remaining, left)
    draws.push({ lotId: lot.id, minutes: take })
    left -= take
  }
  return left === 0 ? draws : null
}

/**
 * When a lot bought (or given) at `at` stops: it can be used for `validityDays` days after the shop's local date
 * of `at`, through the end of that last day, and expires at the start of the next local day.
 */
export function lotExpiry(at: number, validityDays: number, timeZone: string): { lastDay: string; expiresAt: number } {
  const lastDay = addDays(localDateOf(at, timeZone), validityDays)
  const next = addDays(lastDay, 1)
  // A zone whose clocks change at midnight has no 00:00 that day: its day then starts at 01:00.
  const expiresAt = startOfLocalDay(next, timeZone)!
  return { lastDay, expiresAt }
}

/** The last local day a lot can be used on, from its expiry instant. */
export const lastDayOf = (expiresAt: number, timeZone: string) => localDateOf(expiresAt - 1, timeZone)

/** A lot as the customer's balance and a counter sale show it, its last day and expiry in the shop's time. */
export function toLot(lot: Pick<LotView, 'id' | 'source' | 'label' | 'minutes' | 'remaining' | 'bedTypes' | 'expiresAt'>, timeZone: string): MinuteLot {
  return {
    id: lot.id,
    source: lot.source,
    label: lot.label,
    minutes: lot.minutes,
    remaining: lot.remaining,
    bedTypes: lot.bedTypes,
    lastDay: lastDayOf(lot.expiresAt.getTime(), timeZone),
    expiresAt: toIsoWithOffset(lot.expiresAt.getTime(), timeZone),
  }
}

type LotView = Pick<MinuteLot, 'id' | 'source' | 'label' | 'minutes' | 'remaining' | 'bedTypes'> & { expiresAt: Date }

/** What a payment for a package records of it: the package, and the lot its success adds to the balance. */
export function packagePurchase(pkg: { id: string; name: string; pricePence: number; minutes: number; bedTypes: string[]; validityDays: number }) {
  return {
    purpose: 'package',
    packageId: pkg.id,
    description: pkg.name,
    pricePence: pkg.pricePence,
    lotMinutes: pkg.minutes,
    lotBedTypes: pkg.bedTypes,
    lotValidityDays: pkg.validityDays,
  } as const
}
