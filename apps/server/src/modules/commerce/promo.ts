import type { PromoRefusal } from '@salon/contracts/commerce'
import { MINIMUM_CHARGE_PENCE } from '@salon/contracts/rules/money'
import { describeDate, localDateOf } from '../../lib/local-time.ts'

export interface PromoCode {
  code: string
  kind: string
  amount: number
  validFrom: Date
  validUntil: Date
  maxUses: number | null
  maxUsesPerCustomer: number
  packageIds: string[] | null
}

export interface PackageForPromo {
  id: string
  name: string
  pricePence: number
}

export type PromoVerdict =
  { applies: true; discountPence: number; description: string } | { applies: false; reason: PromoRefusal; status: 404 | 409 | 422; message: string }

export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`

export const unknownPromo = (code: string): PromoVerdict => ({
  applies: false,
  reason: 'unknown',
  status: 404,
  message: `There is no promo code ${code} at this salon. Please check how it is spelt.`,
})

/** "10% off" or "£5.00 off" */
export const describePromo = (promo: Pick<PromoCode, 'kind' | 'amount'>) => (promo.kind === 'percent' ? `${promo.amount}% off` : `${pounds(promo.amount)} off`)

/**
 * Whether a code takes something off this package now, for a customer who (with pending checkouts) has used it
 * `uses.mine` times, when it has been used `uses.total` times in all; or why not, in words a person can act on.
 * A discount never takes the card charge below the smallest one the card provider takes.
 */
export function promoVerdict(
  promo: PromoCode,
  pkg: PackageForPromo,
  at: number,
  uses: { total: number; mine: number },
  /** The names of the packages on sale that the code is for. */
  packageNames: string[],
  timeZone: string,
): PromoVerdict {
  const day = (instant: number) => describeDate(localDateOf(instant, timeZone))
  if (at < promo.validFrom.getTime()) {
    return {
      applies: false,
      reason: 'not_yet_valid',
      status: 422,
      message: `The promo code ${promo.code} starts on ${day(promo.validFrom.getTime())}. Please use it from then.`,
    }
  }
  if (at >= promo.validUntil.getTime()) {
    return { applies: false, reason: 'expired', status: 422, message: `The promo code ${promo.code} ended on ${day(promo.validUntil.getTime() - 1)}.` }
  }
  if (promo.packageIds && !promo.packageIds.includes(pkg.id)) {
    return {
      applies: false,
      reason: 'not_for_package',
      status: 422,
      message: `The promo code ${promo.code} is not for the ${pkg.name} package.${packageNames.length ? ` It is for: ${packageNames.join(', ')}.` : ''}`,
    }
  }
  if (uses.mine >= promo.maxUsesPerCustomer) {
    return { applies: false, reason: 'already_used', status: 409, message: `You have already used the promo code ${promo.code}.` }
  }
  if (promo.maxUses !== null && uses.total >= promo.maxUses) {
    return {
      applies: false,
      reason: 'used_up',
      status: 409,
      message: `The promo code ${promo.code} has been used up: it could be used ${promo.maxUses} times.`,
    }
  }
  const off = promo.kind === 'percent' ? Math.round((pkg.pricePence * promo.amount) / 100) : promo.amount
  const discountPence = Math.max(0, Math.min(off, pkg.pricePence - MINIMUM_CHARGE_PENCE))
  return { applies: true, discountPence, description: describePromo(promo) }
}
