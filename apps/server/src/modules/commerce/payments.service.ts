import { randomUUID } from 'node:crypto'
import type { Payment, PaymentIntentRequest, PurchaseResponse } from '@salon/contracts/commerce'
import { SESSION_HOLD_MINUTES } from '@salon/contracts/rules/money'
import { plural } from '@salon/contracts/words'
import type { Db } from '@salon/db'
import type { PaymentProviderAdapter, ProviderIntent } from '../../adapters/payments/payments.ts'
import { HttpError } from '../../lib/errors.ts'
import { createJobQueue } from '../../lib/job-queue.ts'
import { describeDate, localDateOf, localTimeOf } from '../../lib/local-time.ts'
import type { Logger } from '../../lib/logger.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import type { CustomersRepository, Identity } from '../identity/public.ts'
import { payerOf, type CommerceRepository, type PaymentRow, type RefusedReason } from './commerce.repository.ts'
import { creditShare, endCreditHold, SPLIT_CREDIT_MESSAGES } from './credit-holds.service.ts'
import { returnSpentCredit, spendCredit } from './credit.service.ts'
import type { LedgerRepository } from './ledger.repository.ts'
import { lotExpiry, toLot, packagePurchase } from './lots.ts'
import { refusalMessage, type PromoService } from './promo.service.ts'
import type { ReferralsService } from './referrals.service.ts'
import type { VouchersRepository } from './vouchers.repository.ts'

export interface PaymentsServiceDeps {
  db: Db
  commerce: CommerceRepository
  ledger: LedgerRepository
  promo: PromoService
  referrals: Pick<ReferralsService, 'rewardReferral'>
  customers: CustomersRepository
  provider: PaymentProviderAdapter
  logger: Logger
  rateLimiter: RateLimiter
  /** Customers' gift voucher credit, which may pay part of a package bought by card (docs/decisions/053). */
  vouchers: VouchersRepository
  /** Issues the gift voucher a payment bought, in the transaction that made it succeed (vouchers.service.ts). */
  issueVoucher?: (payment: PaymentRow, at: Date, timeZone: string, tx: Db) => Promise<void>
  now: () => number
}

/**
 * The messages a card payment owes its customer, asked for in the transaction that settles it and sent by the
 * messages module (one per payment, however often the provider's confirmation arrives): the receipt, and the
 * notice of a payment refused and refunded because its promo code could no longer be used.
 */
export const PAYMENT_JOBS = { receipt: 'payment.receipt', refusedNotice: 'payment.refused-notice' } as const

/** Each new payment asks the card provider for an intent: a customer may start this many an hour. */
export const checkoutLimit = {
  name: 'checkout',
  limit: 30,
  windowSeconds: 3600,
  message: 'You have started 30 payments in the last hour, which is more than anyone needs. Please try again later, or call the salon.',
}

/** The shop, or a 404 when it is not known here. */
export async function shopOrRefuse(repo: CommerceRepository, shopId: string) {
  const shop = await repo.shopOf(shopId)
  if (!shop) throw new HttpError(404, 'This shop is not known here.')
  return shop
}

/** Card payments: a checkout's payment and its intent, crediting what it bought once it succeeds, and asking for its receipt. */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { commerce: repo, ledger, provider, now } = deps
  const shopOf = (shopId: string) => shopOrRefuse(repo, shopId)
  const customerOf = (shopId: string, identity: Identity) => deps.customers.ensure(shopId, identity.sub, identity.profile)

  function toPayment(row: PaymentRow, promoCode: string | null): Payment {
    return {
      id: row.id,
      provider: row.provider as Payment['provider'],
      status:
        row.status === 'creating' ? 'pending' : row.refusedReason ? 'failed' : row.status === 'refunded' ? 'succeeded' : (row.status as Payment['status']),
      clientSecret: row.clientSecret ?? '',
      providerRef: row.providerRef ?? '',
      publishableKey: provider.publishableKey,
      purpose: row.purpose as Payment['purpose'],
      packageId: row.packageId,
      bookingId: row.bookingId,
      description: row.description,
      pricePence: row.pricePence,
      discountPence: row.discountPence,
      amountPence: row.amountPence,
      creditPence: row.creditPence,
      currency: 'gbp',
      promoCode,
    }
  }

  /**
   * Makes the provider's intent for a payment that has none yet; the payment's id is the idempotency key, so repeats
   * get the same intent. A payment this request made counts against the customer's hourly limit first: over it,
   * the payment is cancelled before the provider hears of it.
   */
  async function withIntent(row: PaymentRow, made = false): Promise<PaymentRow> {
    if (made && !(await deps.rateLimiter.allow(checkoutLimit, `${row.shopId}:${row.sub}`))) {
      // A payment holding credit gives it back as it ends.
      if (row.creditPence > 0) await endCreditHold({ db: deps.db, commerce: repo, vouchers: deps.vouchers }, row, new Date(now()))
      else await repo.markCancelled(row.id)
      throw new HttpError(429, checkoutLimit.message)
    }
    // An ended payment is never asked of the provider again: a repeat of its checkout answers it as it is.
    if (row.providerRef || row.status === 'cancelled') return row
    const intent = await provider.createIntent({
      amountPence: row.amountPence,
      currency: 'gbp',
      description: row.description,
      // A gift voucher bought by a visitor has no customer: its payment names none.
      metadata: { paymentId: row.id, shopId: row.shopId, sub: row.purpose === 'voucher' ? (row.sub ?? '') : payerOf(row) },
      idempotencyKey: row.id,
    })
    return repo.recordIntent(row.id, intent.ref, intent.clientSecret)
  }

  /** The provider's intent is for exactly this payment: the amount, the currency and our id all match. */
  function matches(row: PaymentRow, intent: ProviderIntent) {
    return intent.amountPence === row.amountPence && intent.currency.toLowerCase() === row.currency && intent.metadata.paymentId === row.id
  }

  /**
   * What a succeeded payment for minutes gives, online or at the counter: the lot of what it bought (copied into the
   * payment when it was made), and the referral reward of a friend's first purchase. Called once per payment, in the
   * transaction that made it succeeded, under the customer's lock (and its promo code's, taken first); answers the lot.
   */
  async function creditPurchase(
    payment: PaymentRow,
    customer: { phone: string | null; dob: string | null },
    at: Date,
    timeZone: string,
    tx: Db,
  ): Promise<string> {
    const lotId = randomUUID()
    const expiry = lotExpiry(at.getTime(), payment.lotValidityDays!, timeZone)
    await ledger.addLot(
      {
        id: lotId,
        shopId: payment.shopId,
        sub: payerOf(payment),
        source: 'purchase',
        label: payment.description,
        minutes: payment.lotMinutes!,
        bedTypes: payment.lotBedTypes!,
        expiresAt: new Date(expiry.expiresAt),
        paymentId: payment.id,
        recordedBy: payment.recordedBy,
        at,
      },
      tx,
    )
    await deps.referrals.rewardReferral(payment.shopId, payerOf(payment), payment.id, customer, at, timeZone, tx)
    return lotId
  }

  /**
   * Credits what a payment bought, once, after the provider has said it succeeded: a package's lot, or a held
   * session's confirmation; the referral reward of a friend's first purchase; and, in the same transaction, the
   * receipt's job (or the refusal notice's), keyed by the payment so it is asked for once.
   */
  async function settle(row: PaymentRow, intent: ProviderIntent): Promise<void> {
    // A refused payment whose refund did not go through is owed its money still: asked again, the refund is retried.
    if (row.status === 'refused') return refundPayment(row)
    if (intent.status !== 'succeeded') return
    if (!matches(row, intent)) {
      deps.logger.error({ paymentId: row.id, ref: intent.ref }, 'a payment intent does not match its payment: not credited')
      throw new HttpError(409, 'This payment does not match what was bought. Please contact the salon.')
    }
    const shop = await shopOf(row.shopId)
    const at = new Date(now())
    if (row.purpose === 'voucher') {
      // A gift voucher has no customer yet: it is issued, and its message asked for, with the payment's success.
      await deps.db.transaction(async (tx) => {
        const done = await repo.markSucceeded(row.id, at, intent.cardLast4 ?? null, tx)
        if (done) await deps.issueVoucher!(done, at, shop.timeZone, tx)
      })
      return
    }
    const outcome = await deps.db.transaction(async (tx) => {
      const owe = (kind: string, key: string) => createJobQueue(tx, now).enqueue({ kind, key: `${key}:${row.id}`, payload: { paymentId: row.id } })
      // The code's lock comes first, in the order a checkout takes them, so a checkout and a payment never wait on each other.
      const refusal = row.promoCodeId ? await deps.promo.promoRefusal(row, row.promoCodeId, at, tx) : null
      const customer = await repo.lockCustomer(row.shopId, payerOf(row), tx)
      if (refusal) {
        const refused = await repo.markRefused(row.id, refusal.reason, intent.cardLast4 ?? null, tx)
        if (!refused || !customer) return null
        // The credit it held goes back with the card's money.
        if (refused.creditPence > 0) await returnSpentCredit(deps.vouchers, { paymentId: refused.id, pence: refused.creditPence, at }, tx)
        await owe(PAYMENT_JOBS.refusedNotice, 'refused-notice')
        return { payment: refused, sessionLost: false, refusal }
      }
      const done = await repo.markSucceeded(row.id, at, intent.cardLast4 ?? null, tx)
      if (!done || !customer) return null
      if (done.purpose === 'session') {
        const confirmed = await repo.confirmHeldBooking(done.bookingId!, tx)
        if (confirmed) await owe(PAYMENT_JOBS.receipt, 'receipt')
        return { payment: done, sessionLost: !confirmed, refusal: null }
      }
      await creditPurchase(done, customer, at, shop.timeZone, tx)
      await owe(PAYMENT_JOBS.receipt, 'receipt')
      return { payment: done, sessionLost: false, refusal: null }
    })
    if (!outcome) return
    if (outcome.refusal) {
      // The money was taken at the discounted price, which the code no longer allows: none of it is kept.
      deps.logger.info({ paymentId: row.id, reason: outcome.refusal.reason }, 'a payment over its promo code’s limits was refused and refunded')
      // Its notice waits for this refund (messages module): it tells the customer the money went back.
      await refundPayment(outcome.payment)
      return
    }
    // The hold ran out and the bed went to someone else before the payment arrived: the money goes back.
    if (outcome.sessionLost) await refundPayment(outcome.payment)
  }

  async function refundPayment(payment: PaymentRow) {
    if (!payment.providerRef) return
    await provider.refund(payment.providerRef, `refund-${payment.id}`)
    await repo.markRefunded(payment.id, new Date(now()))
  }

  /** Asks the provider about a payment not yet known to have succeeded, and credits it if it has. */
  async function refresh(row: PaymentRow): Promise<{ row: PaymentRow; intent: ProviderIntent | null }> {
    if (row.status === 'succeeded' || row.status === 'refunded' || !row.providerRef) return { row, intent: null }
    const intent = await provider.retrieveIntent(row.providerRef)
    await settle(row, intent)
    return { row: (await repo.payment(row.id))!, intent }
  }

  async function theirPayment(shopId: string, identity: Identity, paymentId: string) {
    const row = await repo.payment(paymentId)
    // One answer for another customer's payment and none at all: neither tells which ids exist.
    if (!row || row.shopId !== shopId || row.sub !== identity.sub) throw new HttpError(404, 'There is no such payment among yours.')
    return row
  }

  /** What paying for a session held for this customer buys, if it is still held for them. */
  async function sessionCheckout(shopId: string, sub: string, bookingId: string) {
    const held = await repo.heldBooking(shopId, sub, bookingId)
    if (!held) throw new HttpError(404, 'There is no such booking among your sessions.')
    if (held.status !== 'pending')
      throw new HttpError(409, held.status === 'cancelled' ? 'This session was released. Please book it again.' : 'This session needs no payment online.')
    if (held.holdUntil!.getTime() <= now()) {
      throw new HttpError(409, `We held this sunbed for ${SESSION_HOLD_MINUTES} minutes and the time has run out. Please book again.`)
    }
    const shop = await shopOf(shopId)
    const when = `${describeDate(localDateOf(held.startsAt.getTime(), shop.timeZone))} at ${localTimeOf(held.startsAt.getTime(), shop.timeZone)}`
    return {
      purpose: 'session' as const,
      bookingId: held.id,
      description: `${held.minutes}-minute session on ${held.bedName}, ${when}`,
      pricePence: held.pricePence,
      discountPence: 0,
      amountPence: held.pricePence,
    }
  }

  /**
   * A package's payment: its promo code counted and reserved under the code's lock, so a code with one use left is
   * used once; and, asked for, the customer's gift voucher credit paying part of it, held under the customer's lock in
   * the same transaction, so sixty checkouts at once never spend a pound twice (docs/decisions/053).
   */
  async function packageCheckout(
    base: { id: string; shopId: string; sub: string; idempotencyKey: string; provider: string; createdAt: Date },
    request: PaymentIntentRequest,
    sameCheckout: (row: PaymentRow) => PaymentRow,
  ): Promise<{ row: PaymentRow; made: boolean }> {
    const { shopId, sub, idempotencyKey: key, createdAt: at } = base
    const pkg = await deps.promo.packageOrRefuse(shopId, request.packageId!)
    return deps.db.transaction(async (tx) => {
      let priced: { discountPence: number; amountPence: number; promoCodeId?: string } = { discountPence: 0, amountPence: pkg.pricePence }
      if (request.promoCode) {
        const { promo, verdict } = await deps.promo.verdictFor(shopId, request.promoCode, pkg, sub, tx, true)
        // A repeat of this checkout that waited for the lock finds the payment the first one made.
        const again = await repo.paymentByKey(shopId, sub, key, tx)
        if (again) return { row: sameCheckout(again), made: false }
        if (!verdict.applies) throw deps.promo.refuse(verdict)
        priced = { discountPence: verdict.discountPence, amountPence: pkg.pricePence - verdict.discountPence, promoCodeId: promo!.id }
      }
      // The code's lock first, then the customer's, in the order every payment takes them.
      const share = request.useCredit
        ? await creditShare({ commerce: repo, vouchers: deps.vouchers }, { shopId, sub, totalPence: priced.amountPence, at }, tx)
        : null
      const row = await repo.insertPayment(
        {
          ...base,
          ...packagePurchase(pkg),
          ...priced,
          ...(share && { amountPence: share.cardPence, creditPence: share.creditPence }),
        },
        tx,
      )
      if (!row) return { row: sameCheckout((await repo.paymentByKey(shopId, sub, key, tx))!), made: false }
      if (share) await spendCredit(deps.vouchers, { shopId, sub, amountPence: share.creditPence, paymentId: row.id, at }, tx)
      return { row, made: true }
    })
  }

  return {
    shopOf,
    creditPurchase,
    /** A payment made elsewhere in the module (a gift voucher's) with its provider's intent, as the browser needs it. */
    withIntent: async (row: PaymentRow) => toPayment(await withIntent(row), null),
    /** A payment as the provider now says it is, settled if it has succeeded. */
    refreshed: async (row: PaymentRow) => (await refresh(row)).row,

    /** POST stripe_payment_intent: a payment for an amount worked out here, one per idempotency key. */
    async createPayment(shopId: string, identity: Identity, key: string, request: PaymentIntentRequest): Promise<{ payment: Payment; created: boolean }> {
      const customer = await customerOf(shopId, identity)
      await deps.customers.refuseBlocked(shopId, identity.sub)
      // A customer who signed in with Google or Apple on a real Cognito pool may not have given these yet (docs/decisions/018).
      if (!(identity.profile.phone ?? customer.phone) || !(identity.profile.dob ?? customer.dob)) {
        throw new HttpError(
          403,
          'Please add your mobile number and date of birth to your account before buying: UK law requires us to check that you are 18 or over.',
        )
      }
      const promoCode = request.promoCode ?? null
      const promoId = promoCode ? ((await repo.promoCode(shopId, promoCode))?.id ?? null) : null
      // A key answers the checkout it was made for: the same package or session, with the same promo code (or none) and credit (or none).
      const sameCheckout = (row: PaymentRow) => {
        const same =
          row.packageId === (request.packageId ?? null) &&
          row.bookingId === (request.bookingId ?? null) &&
          row.promoCodeId === promoId &&
          row.creditPence > 0 === Boolean(request.useCredit)
        if (!same) throw new HttpError(409, 'This Idempotency-Key was used for a different checkout. Please send a new key.')
        return row
      }
      const existing = await repo.paymentByKey(shopId, identity.sub, key)
      if (existing) return { payment: toPayment(await withIntent(sameCheckout(existing)), promoCode), created: false }

      const base = { id: randomUUID(), shopId, sub: identity.sub, idempotencyKey: key, provider: provider.kind, createdAt: new Date(now()) }
      let made: { row: PaymentRow; made: boolean }
      if (request.bookingId) {
        if (promoCode) throw new HttpError(422, 'Promo codes are for packages: a single session is paid at its price.')
        if (request.useCredit) throw new HttpError(422, SPLIT_CREDIT_MESSAGES.sessions)
        const insert = await sessionCheckout(shopId, identity.sub, request.bookingId)
        const row = await deps.db.transaction((tx) => repo.insertPayment({ ...base, ...insert }, tx))
        made = { row: sameCheckout(row ?? (await repo.paymentByKey(shopId, identity.sub, key))!), made: Boolean(row) }
      } else {
        made = await packageCheckout(base, request, sameCheckout)
      }
      return { payment: toPayment(await withIntent(made.row, made.made), promoCode), created: made.made }
    },

    /** PUT customer/package: records the purchase once the provider says the payment succeeded. */
    async recordPurchase(shopId: string, identity: Identity, paymentId: string): Promise<PurchaseResponse> {
      const row = await theirPayment(shopId, identity, paymentId)
      await deps.customers.refuseBlocked(shopId, identity.sub)
      if (row.purpose !== 'package') throw new HttpError(422, 'This payment was for a session, not a package: the session is booked when it succeeds.')
      const { row: fresh, intent } = await refresh(row)
      if (fresh.refusedReason) {
        const promo = await repo.promoCodeById(fresh.promoCodeId!)
        throw new HttpError(409, refusalMessage(fresh.refusedReason as RefusedReason, promo!, fresh), {
          reason: fresh.refusedReason,
          status: fresh.status === 'refunded' ? 'refunded' : 'refunding',
        })
      }
      if (fresh.status !== 'succeeded' && fresh.status !== 'refunded') {
        const why =
          intent?.status === 'processing'
            ? 'Your payment is still being processed. Please check again in a moment.'
            : intent?.status === 'requires_action'
              ? 'Your payment is waiting for you to confirm it with your bank.'
              : 'This payment has not gone through yet, so nothing was bought. Please pay with your card first.'
        throw new HttpError(409, why, { status: intent?.status ?? fresh.status })
      }
      const shop = await shopOf(shopId)
      const lotId = await repo.lotOfPayment(fresh.id)
      const lot = lotId ? await ledger.lot(lotId) : undefined
      if (!lot) throw new HttpError(409, 'This payment has not been credited yet. Please check again in a moment.')
      const balance = await ledger.balance(shopId, identity.sub)
      const view = toLot(lot, shop.timeZone)
      return {
        lot: view,
        balance,
        message: `${plural(lot.minutes, 'minute')} of ${lot.label} are on your balance, to use by ${describeDate(view.lastDay)}.`,
      }
    },

    /** A payment the provider (its webhook, or the offline processor) says succeeded. */
    async providerSucceeded(ref: string): Promise<void> {
      const row = await repo.paymentByRef(provider.kind, ref)
      if (!row) {
        deps.logger.warn({ ref }, 'a payment succeeded that this server did not make: ignored')
        return
      }
      await settle(row, await provider.retrieveIntent(ref))
    },

    /** Gives back the card payment of a session cancelled in time. */
    async refundSessionPayment(_shopId: string, bookingId: string): Promise<void> {
      const payment = await repo.sessionPayment(bookingId)
      if (payment) await refundPayment(payment)
    },
  }
}
export type PaymentsService = ReturnType<typeof createPaymentsService>
