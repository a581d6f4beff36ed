import { randomUUID } from 'node:crypto'
import { COUNTER_MIN_PENCE } from '@salon/contracts/staff-counter'
import { poundsAndPence } from '@salon/contracts/rules/money'
import type { CreditPurchaseResponse } from '@salon/contracts/vouchers'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import type { CustomersRepository, Identity } from '../identity/public.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import type { CommerceRepository } from './commerce.repository.ts'
import type { PaymentsService } from './payments.service.ts'
import type { VouchersRepository } from './vouchers.repository.ts'
import type { Vouchers } from './vouchers.service.ts'
import { packagePurchase } from './lots.ts'

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

/**
 * Gives back credit a payment spent: all of it, or `pence` of it (a package's unused minutes), to the lots it came
 * from, the one lasting longest first. Credit given back to a lot whose last day has passed stays expired. The payment
 * is refunded from then; null when it was already.
 */
export async function giveBackCredit(
  repo: VouchersRepository,
  give: { paymentId: string; amountPence: number; pence?: number; at: Date },
  tx: Db,
): Promise<{ backPence: number; expiredPence: number } | null> {
  const pence = give.pence ?? give.amountPence
  if (!(await repo.markCreditRefunded(give.paymentId, give.at, pence === give.amountPence ? null : pence, tx))) return null
  return returnSpentCredit(repo, { paymentId: give.paymentId, pence, at: give.at }, tx)
}

/**
 * Puts `pence` of what a payment spent back on the lots it came from, the one lasting longest first; the caller has
 * already settled, by a guarded update of the payment, that this is done once. Answers what is back and what stays
 * expired (a lot whose last day has passed).
 */
export async function returnSpentCredit(
  repo: VouchersRepository,
  give: { paymentId: string; pence: number; at: Date },
  tx: Db,
): Promise<{ backPence: number; expiredPence: number }> {
  let left = give.pence
  let expiredPence = 0
  for (const spend of await repo.spendsOfPayment(give.paymentId, tx)) {
    if (left === 0) break
    const back = Math.min(spend.amountPence, left)
    await repo.returnCredit(spend.lotId, back, tx)
    if (spend.expiresAt.getTime() <= give.at.getTime()) expiredPence += back
    left -= back
  }
  return { backPence: give.pence - expiredPence, expiredPence }
}

/** Refusals of paying a session with credit, for the customer online and for the desk. */
export const SESSION_CREDIT_MESSAGES = {
  customer: {
    short: (credit: number, price: number) =>
      `Your gift voucher credit is ${poundsAndPence(credit)} and this session costs ${poundsAndPence(price)}. Please choose another way to pay.`,
    tooSmall: `A session paid with credit must cost at least ${poundsAndPence(COUNTER_MIN_PENCE)}. Please choose another way to pay.`,
  },
  desk: {
    short: (credit: number, price: number) =>
      `The customer's gift voucher credit is ${poundsAndPence(credit)} and this session costs ${poundsAndPence(price)}. Take cash or card instead.`,
    tooSmall: `A session paid with credit must cost at least ${poundsAndPence(COUNTER_MIN_PENCE)}. Take it from the balance instead.`,
  },
} as const

/** A session to pay with credit, in the booking's own transaction under the customer's lock. */
export interface SessionOnCredit {
  shopId: string
  sub: string
  bookingId: string
  pricePence: number
  description: string
  at: Date
  /** Whose words a refusal is in: the customer's online, or the desk's. */
  audience: 'customer' | 'desk'
}

/**
 * Sessions paid with gift voucher credit (docs/product.md "Gift vouchers"): online when booked and at the desk alike,
 * one payments row per session spending the credit soonest to expire first; cancelling or undoing gives it back.
 */
export function createSessionCredit(repo: VouchersRepository) {
  return {
    async pay(tx: Db, session: SessionOnCredit): Promise<void> {
      const words = SESSION_CREDIT_MESSAGES[session.audience]
      if (session.pricePence < COUNTER_MIN_PENCE) throw new HttpError(422, words.tooSmall)
      const live = (await repo.liveCredit(session.shopId, session.sub, session.at, tx)).reduce((sum, lot) => sum + lot.remainingPence, 0)
      if (live < session.pricePence) throw new HttpError(402, words.short(live, session.pricePence))
      const paymentId = randomUUID()
      await repo.insertCreditPayment(
        {
          id: paymentId,
          shopId: session.shopId,
          sub: session.sub,
          idempotencyKey: `credit-session:${session.bookingId}:${paymentId}`,
          status: 'succeeded',
          purpose: 'session',
          bookingId: session.bookingId,
          description: session.description,
          pricePence: session.pricePence,
          amountPence: session.pricePence,
          createdAt: session.at,
          succeededAt: session.at,
        },
        tx,
      )
      await spendCredit(repo, { shopId: session.shopId, sub: session.sub, amountPence: session.pricePence, paymentId, at: session.at }, tx)
    },

    /** The credit a session took, given back (its cancelling or an undone desk payment); null when it took none. */
    async giveBack(tx: Db, bookingId: string, at: Date) {
      const payment = await repo.creditPaymentOfSession(bookingId, tx)
      if (!payment) return null
      return giveBackCredit(repo, { paymentId: payment.id, amountPence: payment.amountPence, at }, tx)
    },
  }
}
export type SessionCredit = ReturnType<typeof createSessionCredit>

/** The desk's words where the customer's own would say "your" (docs/product.md "Gift vouchers"). */
export const DESK_CREDIT_MESSAGES = {
  notEnough: "The customer's credit does not cover this package. Sell it for cash or on the card terminal instead.",
  noCustomer: 'There is no such customer at this salon.',
} as const

/**
 * A package paid for wholly from the customer's credit: no card, credited at once, once per idempotency key. The
 * customer buys so online; the desk (`by`) buys so for them, under the same rule, in the audit log.
 */
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
  return async function buyWithCredit(
    shopId: string,
    buyer: Pick<Identity, 'sub'> & Partial<Pick<Identity, 'profile'>>,
    key: string,
    packageId: string,
    by?: StaffActor,
  ): Promise<CreditPurchaseResponse> {
    if (buyer.profile) await deps.customers.ensure(shopId, buyer.sub, buyer.profile)
    // A customer on hold may not buy online; the desk, with them in front of it, still sells to them.
    if (!by) await deps.customers.refuseBlocked(shopId, buyer.sub)
    const pkg = await repo.activePackage(shopId, packageId)
    if (!pkg) throw new HttpError(404, 'There is no such package on sale.')
    const shop = await deps.payments.shopOf(shopId)
    const made = await deps.db.transaction(async (tx) => {
      const at = new Date(now())
      const customer = await repo.lockCustomer(shopId, buyer.sub, tx)
      if (!customer) throw new HttpError(404, DESK_CREDIT_MESSAGES.noCustomer)
      const again = await repo.paymentByKey(shopId, buyer.sub, key, tx)
      if (again) {
        if (again.packageId !== pkg.id || again.provider !== 'credit') throw new HttpError(409, CREDIT_MESSAGES.otherCheckout)
        return { created: false }
      }
      const payment = await repo.insertPayment(
        {
          id: randomUUID(),
          shopId,
          sub: buyer.sub,
          idempotencyKey: key,
          provider: 'credit',
          status: 'succeeded',
          succeededAt: at,
          createdAt: at,
          ...packagePurchase(pkg),
          amountPence: pkg.pricePence,
        },
        tx,
      )
      await spendCredit(deps.vouchers, { shopId, sub: buyer.sub, amountPence: pkg.pricePence, paymentId: payment!.id, at }, tx).catch((error: unknown) => {
        throw by && error instanceof HttpError ? new HttpError(error.status, DESK_CREDIT_MESSAGES.notEnough) : error
      })
      await deps.payments.creditPurchase(payment!, customer, at, shop.timeZone, tx)
      if (by)
        await createAuditLog(tx).record(by, {
          action: 'credit.purchase',
          subjectType: 'customer',
          subjectId: buyer.sub,
          after: { paymentId: payment!.id, packageId: pkg.id, amountPence: pkg.pricePence },
        })
      return { created: true }
    })
    const credit = await deps.voucherService.creditOf(shopId, buyer.sub, shop.timeZone)
    const paid = poundsAndPence(pkg.pricePence)
    return {
      ...credit,
      created: made.created,
      message: by
        ? `${pkg.name} is on the customer's balance, paid with ${paid} of their credit.`
        : `${pkg.name} is on your balance, paid with ${paid} of your credit.`,
    }
  }
}
export type BuyWithCredit = ReturnType<typeof createCreditPurchases>
