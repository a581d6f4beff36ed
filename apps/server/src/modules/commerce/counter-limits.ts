import type { AuditFlag } from '@salon/contracts/staff'
import { HttpError } from '../../lib/errors.ts'
import type { StaffRole } from '../shop/public.ts'
import { pounds } from './promo.ts'

export const TO_SELF_MESSAGE = "Minutes for yourself, or for a customer with your own mobile number, must be sold by the salon's owner."

/** What the salon's own price list asks for what a counter sale puts on the balance, and how to say it. */
export interface ListPrice {
  pence: number
  words: string
}

const perMinuteWords = (pence: number) => (pence < 100 ? `${pence}p` : pounds(pence))

/**
 * Loose minutes at the price list: the minutes at the price a minute of the cheapest bed type they can be used on.
 * The customer may spend them all on that bed, so a price below this is a discount whichever bed they choose, and a
 * fair sale of minutes for dearer beds is never called one. Undefined when none of their bed types has a price.
 */
export function minutesAtListPrice(minutes: number, bedTypes: string[], perMinute: ReadonlyMap<string, number>): ListPrice | undefined {
  const prices = bedTypes.flatMap((code) => (perMinute.has(code) ? [perMinute.get(code)!] : []))
  if (prices.length === 0) return undefined
  const cheapest = Math.min(...prices)
  const pence = minutes * cheapest
  return {
    pence,
    words: `${pounds(pence)}, ${minutes} minute${minutes === 1 ? '' : 's'} at ${perMinuteWords(cheapest)} a minute (the cheapest sunbeds they can be used on)`,
  }
}

/**
 * A package at the price list is the package's own price. A promo code's discount is not counted: the code is the
 * owner's own offer, given at the counter by the same rules as online.
 */
export const packageAtListPrice = (pkg: { name: string; pricePence: number }): ListPrice => ({
  pence: pkg.pricePence,
  words: `${pounds(pkg.pricePence)}, the price of ${pkg.name}`,
})

export interface CounterSaleCheck {
  role: StaffRole
  /** The customer is the member making the sale: their own account, or a record with their mobile number. */
  toSelf: boolean
  pricePence: number
  list: ListPrice | undefined
  /** The owner's limit: how far below the price list, in percent, staff may sell. */
  maxDiscountPercent: number
}

/**
 * Every sale at the counter that gives minutes for money (docs/product.md §10.3): a member of staff may sell neither
 * to themselves nor further below the price list than the owner's limit; the owner may do both, and the sale's line
 * in the audit log carries the flags answered here.
 */
export function judgeCounterSale(check: CounterSaleCheck): AuditFlag[] {
  const flags: AuditFlag[] = []
  if (check.toSelf) {
    if (check.role !== 'owner') throw new HttpError(403, TO_SELF_MESSAGE)
    flags.push('sold-to-self')
  }
  const { list, maxDiscountPercent: limit } = check
  // In whole numbers: the price is below the limit when price / list < (100 - limit) / 100.
  if (list && check.pricePence * 100 < list.pence * (100 - limit)) {
    if (check.role !== 'owner') {
      const lowest = Math.ceil((list.pence * (100 - limit)) / 100)
      throw new HttpError(
        403,
        `${pounds(check.pricePence)} is ${limit > 0 ? `more than ${limit}% ` : ''}below the price list for these minutes: ${list.words}. The lowest price staff may take is ${pounds(lowest)}; for less, the salon's owner must approve the price and make the sale.`,
      )
    }
    flags.push('below-price-list')
  }
  return flags
}
