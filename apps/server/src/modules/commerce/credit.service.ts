import { randomUUID } from 'node:crypto'
import { poundsAndPence } from '@salon/contracts/rules/money'
import type { CreditPurchaseResponse } from '@salon/contracts/vouchers'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import type { CustomersRepository, Identity } from '../identity/public.ts'
import type { CommerceRepository } from './commerce.repository.ts'
import type { PaymentsService } from './payments.service.ts'
import type { VouchersRepository } from './vouchers.repository.ts'
import type { Vouchers } from './vouchers.service.ts'

export const CREDIT_MESSAGES = {
  notEnough: 'Your credit does not cover this package. Please pay the rest by card.',
  otherCheckout: 'This Idempotency-Key was used for a different checkout. Please send a new key.',
} as const

/**
 * Spends `amountPence` of a customer's credit, the soonest to expire first, across lots if need be: one guarded UPDATE
 * per lot, so a pound is spent once under any race. Call under the customer's lock; throws 409 when it is not there.
 */
export async function spendCredit(
  repo: VouchersRepository,
  spend: { shopId: string; sub: string; amountPence: number; paymentId: string; at: Date },
  tx: Db,
): Promise<void> {
  let left = spend.amountPence
  for (const lot of await repo.liveCredit(spend.shopId, spend.sub, spend.at, tx)) {
    if (left === 0) break
    const take = Math.min(lot.remainingPence, left)
    if (!(await repo.spendCredit(lot.id, take, spend.at, tx))) throw new HttpError(409, CREDIT_MESSAGES.notEnough)
    await repo.addCreditSpend(
      { id: randomUUID(), shopId: spend.shopId, sub: spend.sub, creditLotId: lot.id, paymentId: spend.paymentId, amountPence: take, at: spend.at },
      tx,
    )
    left -= take
  }
  if (left > 0) throw new HttpError(409, CREDIT_MESSAGES.notEnough)
}

/** A package paid for wholly from the customer's credit: no card, credited at once, once per idempotency key. */
export function createCreditPurchases(deps: {
  db: Db
  commerce: CommerceRepository
  vouchers: VouchersRepository
  customers: CustomersRepository
  voucherService: Pick<Vouchers, 'creditOf'>
  payments: Pick<PaymentsService, 'creditPurchase' | 'shopOf'>
  now: () => number
}) {
  const { commerce: repo, now } = deps
  return async function buyWithCredit(shopId: string, identity: Identity, key: string, packageId: string): Promise<CreditPurchaseResponse> {
    await deps.customers.ensure(shopId, identity.sub, identity.profile)
    await deps.customers.refuseBlocked(shopId, identity.sub)
    const pkg = await repo.activePackage(shopId, packageId)
    if (!pkg) throw new HttpError(404, 'There is no such package on sale.')
    const shop = await deps.payments.shopOf(shopId)
    const made = await deps.db.transaction(async (tx) => {
      const at = new Date(now())
      const customer = await repo.lockCustomer(shopId, identity.sub, tx)
      const again = await repo.paymentByKey(shopId, identity.sub, key, tx)
      if (again) {
        if (again.packageId !== pkg.id || again.provider !== 'credit') throw new HttpError(409, CREDIT_MESSAGES.otherCheckout)
        return { created: false }
      }
      const payment = await repo.insertPayment(
        {
          id: randomUUID(),
          shopId,
          sub: identity.sub,
          idempotencyKey: key,
          provider: 'credit',
          status: 'succeeded',
          succeededAt: at,
          createdAt: at,
          purpose: 'package',
          packageId: pkg.id,
          description: pkg.name,
          pricePence: pkg.pricePence,
          amountPence: pkg.pricePence,
          lotMinutes: pkg.minutes,
          lotBedTypes: pkg.bedTypes,
          lotValidityDays: pkg.validityDays,
        },
        tx,
      )
      await spendCredit(deps.vouchers, { shopId, sub: identity.sub, amountPence: pkg.pricePence, paymentId: payment!.id, at }, tx)
      await deps.payments.creditPurchase(payment!, customer!, at, shop.timeZone, tx)
      return { created: true }
    })
    const credit = await deps.voucherService.creditOf(shopId, identity.sub, shop.timeZone)
    return {
      ...credit,
      created: made.created,
      message: `${pkg.name} is on your balance, paid with ${poundsAndPence(pkg.pricePence)} of your credit.`,
    }
  }
}
