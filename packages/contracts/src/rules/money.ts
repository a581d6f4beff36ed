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
