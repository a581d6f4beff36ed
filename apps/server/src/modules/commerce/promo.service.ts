import type { PromoResponse } from '@salon/contracts/commerce'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import type { Identity } from '../identity/public.ts'
import type { CommerceRepository, PaymentRow, PromoCodeRow, RefusedReason } from './commerce.repository.ts'
import { pounds, promoVerdict, unknownPromo, type PromoVerdict } from './promo.ts'

export interface PromoServiceDeps {
  db: Db
  commerce: CommerceRepository
  now: () => number
}

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`)

/** Why a payment that took money bought nothing, and that the money goes back, in words a customer can act on. */
export function refusalMessage(reason: RefusedReason, promo: Pick<PromoCodeRow, 'code' | 'maxUses' | 'maxUsesPerCustomer'>, payment: PaymentRow) {
  const why =
    reason === 'already_used'
      ? `The promo code ${promo.code} can be used ${times(promo.maxUsesPerCustomer)} per customer, and it was already used or held by another of your checkouts when this payment went through.`
      : `The promo code ${promo.code} had been used up when this payment went through: it could be used ${times(promo.maxUses ?? 0)}.`
  return `${why} The ${pounds(payment.amountPence)} has been refunded to your card in full (it can take a few days to show) and nothing was bought. Please buy ${payment.description} again.`
}

/** Promo codes: whether one applies to a package now, for a checkout or a counter sale, and whether a paid one still does. */
export function createPromoService(deps: PromoServiceDeps) {
  const { commerce: repo, now } = deps

  async function packageOrRefuse(shopId: string, packageId: string) {
    const pkg = await repo.activePackage(shopId, packageId)
    if (!pkg) throw new HttpError(404, `There is no package "${packageId.slice(0, 64)}" on sale at this salon. Please choose one from the packages page.`)
    return pkg
  }

  /**
   * Whether a code applies to a package for this customer (or a visitor) now. Every read goes through `executor`,
   * so inside a transaction it holds one connection only (the embedded database has one; a pool can run dry).
   */
  async function verdictFor(
    shopId: string,
    code: string,
    pkg: { id: string; name: string; pricePence: number },
    sub: string | null,
    executor: Db,
    lock: boolean,
  ) {
    const promo = await repo.promoCode(shopId, code, executor, lock)
    if (!promo) return { promo: undefined, verdict: unknownPromo(code) }
    const at = now()
    const uses = await repo.promoUses(promo.id, sub, new Date(at), executor)
    const shop = await repo.shopOf(shopId, executor)
    const names = promo.packageIds ? await repo.packageNames(shopId, promo.packageIds, executor) : []
    const verdict = promoVerdict(promo, pkg, at, uses, names, shop!.timeZone)
    return { promo, verdict }
  }

  const refuse = (verdict: Extract<PromoVerdict, { applies: false }>) => new HttpError(verdict.status, verdict.message, { reason: verdict.reason })

  /**
   * Whether a payment's promo code still allows it, now that the money has come, under the code's lock: its uses
   * are counted as a checkout counts them, but for this payment. A payment inside its hold always passes (nothing
   * could take its use meanwhile); one whose hold lapsed passes only if nothing took the use since.
   */
  async function promoRefusal(row: PaymentRow, promoCodeId: string, at: Date, tx: Db) {
    const promo = await repo.lockPromoCodeById(promoCodeId, tx)
    if (!promo) return null
    const uses = await repo.promoUses(promo.id, row.sub, at, tx, row.id)
    const reason: RefusedReason | null =
      uses.mine >= promo.maxUsesPerCustomer ? 'already_used' : promo.maxUses !== null && uses.total >= promo.maxUses ? 'used_up' : null
    return reason ? { reason, promo } : null
  }

  return {
    verdictFor,
    refuse,
    packageOrRefuse,
    promoRefusal,

    /** GET apply/promocode/{code} */
    async applyPromo(shopId: string, identity: Identity | null, code: string, packageId: string): Promise<PromoResponse> {
      const pkg = await packageOrRefuse(shopId, packageId)
      const { verdict } = await verdictFor(shopId, code, pkg, identity?.sub ?? null, deps.db, false)
      if (!verdict.applies) throw refuse(verdict)
      const total = pkg.pricePence - verdict.discountPence
      return {
        code,
        packageId: pkg.id,
        description: verdict.description,
        pricePence: pkg.pricePence,
        discountPence: verdict.discountPence,
        totalPence: total,
        message: `${code} takes ${pounds(verdict.discountPence)} off ${pkg.name}: you pay ${pounds(total)}.`,
      }
    },
  }
}
export type PromoService = ReturnType<typeof createPromoService>
