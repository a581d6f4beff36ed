/** Money is integer pence (GBP); durations are integer minutes. */

/** Minutes that expire within this many days are called out on the balance page. */
export const EXPIRING_SOON_DAYS = 14

/** The smallest card payment in pence (Stripe's minimum for GBP): a discount never takes a price below it. */
export const MINIMUM_CHARGE_PENCE = 30

/** How long a session's bed is held while its card payment is pending. */
export const SESSION_HOLD_MINUTES = 10

/** Pence written as pounds with two decimals, as messages state a price: 360 → "£3.60". */
export const poundsAndPence = (pence: number): string => `£${(pence / 100).toFixed(2)}`

/** A till counted against what was expected, as the cash-up says it: "£0.20 over", "£1.50 short" or "exactly right". */
export function tillDifference(pence: number): string {
  if (pence === 0) return 'exactly right'
  return `${poundsAndPence(Math.abs(pence))} ${pence > 0 ? 'over' : 'short'}`
}

/** What gift voucher credit and a card pay of a total together (docs/decisions/053). */
export type CreditWithCard = { kind: 'whole' } | { kind: 'none' } | { kind: 'split'; creditPence: number; cardPence: number }

/**
 * Credit pays as much of `totalPence` as it can while the card still pays at least the smallest card payment, so the
 * card pays the rest: 'whole' when the credit covers it all (it is bought with credit alone), 'none' when no credit can
 * be used (none is left, or the total is too small to share with a card).
 */
export function creditWithCard(totalPence: number, creditPence: number): CreditWithCard {
  if (creditPence >= totalPence) return { kind: 'whole' }
  const credit = Math.min(creditPence, totalPence - MINIMUM_CHARGE_PENCE)
  return credit > 0 ? { kind: 'split', creditPence: credit, cardPence: totalPence - credit } : { kind: 'none' }
}
