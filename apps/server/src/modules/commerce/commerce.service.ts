import { randomInt, randomUUID } from 'node:crypto'
import type { BalanceResponse, MinuteLot, Payment, PaymentIntentRequest, PromoResponse, PurchaseResponse, ReferralsResponse } from '@salon/contracts/commerce'
import { ageOn, MINIMUM_AGE } from '@salon/contracts/rules/date-of-birth'
import { EXPIRING_SOON_DAYS, SESSION_HOLD_MINUTES } from '@salon/contracts/rules/money'
import type { Db } from '@salon/db'
import type { EmailSender } from '../../adapters/email/email.ts'
import type { PaymentProviderAdapter, ProviderIntent } from '../../adapters/payments/payments.ts'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import { HttpError } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import { type CustomersRepository, type Identity } from '../identity/public.ts'
import { describeDate, localDateOf, localTimeOf, toIsoWithOffset } from '../../lib/local-time.ts'
import type { CommerceRepository, PaymentRow, PromoCodeRow, RefusedReason } from './commerce.repository.ts'
import type { LedgerRepository, LotRow } from './ledger.repository.ts'
import { lastDayOf, lotExpiry } from './lots.ts'
import { pounds, promoVerdict, unknownPromo, type PromoVerdict } from './promo.ts'
import { phoneFingerprint } from './referral-identity.ts'
import { plural } from '@salon/contracts/words'

export interface CommerceServiceDeps {
  db: Db
  commerce: CommerceRepository
  ledger: LedgerRepository
  customers: CustomersRepository
  provider: PaymentProviderAdapter
  email: EmailSender
  sms: SmsSender
  logger: Logger
  rateLimiter: RateLimiter
  now: () => number
}

/** Each new payment asks the card provider for an intent: a customer may start this many an hour. */
export const checkoutLimit = {
  name: 'checkout',
  limit: 30,
  windowSeconds: 3600,
  message: 'You have started 30 payments in the last hour, which is more than anyone needs. Please try again later, or call the salon.',
}

const DAY = 86_400_000
const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`)

/** Why a payment that took money bought nothing, and that the money goes back, in words a customer can act on. */
export function refusalMessage(reason: RefusedReason, promo: Pick<PromoCodeRow, 'code' | 'maxUses' | 'maxUsesPerCustomer'>, payment: PaymentRow) {
  const why =
    reason === 'already_used'
      ? `The promo code ${promo.code} can be used ${times(promo.maxUsesPerCustomer)} per customer, and it was already used or held by another of your checkouts when this payment went through.`
      : `The promo code ${promo.code} had been used up when this payment went through: it could be used ${times(promo.maxUses ?? 0)}.`
  return `${why} The ${pounds(payment.amountPence)} has been refunded to your card in full (it can take a few days to show) and nothing was bought. Please buy ${payment.description} again.`
}
/** Referral codes avoid letters and digits that read alike (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const newReferralCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')

/** Packages, promo codes, card payments, the balance of minutes, and refer-and-earn. */
export function createCommerceService(deps: CommerceServiceDeps) {
  const { commerce: repo, ledger, provider, now } = deps

  async function shopOf(shopId: string) {
    const shop = await repo.shopOf(shopId)
    if (!shop) throw new HttpError(404, 'This shop is not known here.')
    return shop
  }

  const customerOf = (shopId: string, identity: Identity) => deps.customers.ensure(shopId, identity.sub, identity.profile)

  function toLot(lot: Pick<LotRow, 'id' | 'source' | 'label' | 'minutes' | 'remaining' | 'bedTypes' | 'expiresAt'>, timeZone: string): MinuteLot {
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
      await repo.markCancelled(row.id)
      throw new HttpError(429, checkoutLimit.message)
    }
    if (row.providerRef) return row
    const intent = await provider.createIntent({
      amountPence: row.amountPence,
      currency: 'gbp',
      description: row.description,
      metadata: { paymentId: row.id, shopId: row.shopId, sub: row.sub },
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
        sub: payment.sub,
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
    await rewardReferral(payment.shopId, payment.sub, payment.id, customer, at, timeZone, tx)
    return lotId
  }

  /**
   * Credits what a payment bought, once, after the provider has said it succeeded: a package's lot, or a held
   * session's confirmation; the referral reward of a friend's first purchase; then the receipt.
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
    const outcome = await deps.db.transaction(async (tx) => {
      // The code's lock comes first, in the order a checkout takes them, so a checkout and a payment never wait on each other.
      const refusal = row.promoCodeId ? await promoRefusal(row, row.promoCodeId, at, tx) : null
      const customer = await repo.lockCustomer(row.shopId, row.sub, tx)
      if (refusal) {
        const refused = await repo.markRefused(row.id, refusal.reason, intent.cardLast4 ?? null, tx)
        return refused && customer ? { payment: refused, customer, lotId: null, sessionLost: false, refusal } : null
      }
      const done = await repo.markSucceeded(row.id, at, intent.cardLast4 ?? null, tx)
      if (!done || !customer) return null
      if (done.purpose === 'session') {
        const confirmed = await repo.confirmHeldBooking(done.bookingId!, tx)
        return { payment: done, customer, lotId: null, sessionLost: !confirmed, refusal: null }
      }
      const lotId = await creditPurchase(done, customer, at, shop.timeZone, tx)
      return { payment: done, customer, lotId, sessionLost: false, refusal: null }
    })
    if (!outcome) return
    if (outcome.refusal) {
      // The money was taken at the discounted price, which the code no longer allows: none of it is kept.
      deps.logger.info({ paymentId: row.id, reason: outcome.refusal.reason }, 'a payment over its promo code’s limits was refused and refunded')
      await refundPayment(outcome.payment)
      const notice = refusalMessage(outcome.refusal.reason, outcome.refusal.promo, outcome.payment)
      await sendRefusalNotice(outcome.payment, outcome.customer, shop, notice).catch((err: unknown) =>
        deps.logger.error({ err, paymentId: row.id }, 'could not send a refund notice'),
      )
      return
    }
    if (outcome.sessionLost) {
      // The hold ran out and the bed went to someone else before the payment arrived: the money goes back.
      await refundPayment(outcome.payment)
      return
    }
    await sendReceipt(outcome.payment, outcome.customer, shop).catch((err: unknown) =>
      deps.logger.error({ err, paymentId: row.id }, 'could not send a receipt'),
    )
  }

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

  /**
   * A referred friend's first purchase rewards both, once per friend's phone number at the shop, ever: a friend who
   * deletes the account and signs up again with the same number earns nothing more (docs/decisions/021).
   */
  async function rewardReferral(
    shopId: string,
    friendSub: string,
    paymentId: string,
    friend: { phone: string | null; dob: string | null },
    at: Date,
    timeZone: string,
    tx: Db,
  ) {
    const settings = await repo.settings(shopId, tx)
    if (!settings || settings.referralRewardMinutes === 0) return
    // Nobody under 18 earns sunbed minutes: without a date of birth showing 18 or over, no reward.
    if (!friend.dob || ageOn(friend.dob, localDateOf(at.getTime(), timeZone)) < MINIMUM_AGE) return
    // The friend's row is locked (settle), so the referral read here is still unrewarded when it is marked below.
    if (!friend.phone || !(await repo.pendingReferrer(shopId, friendSub, tx))) return
    if (!(await repo.claimPhoneReward(shopId, await phoneFingerprint(friend.phone, settings.referralPhoneSalt), tx))) {
      deps.logger.info({ shopId, friendSub }, 'a referral not rewarded: this phone number has earned a referral reward here before')
      return
    }
    const referrer = await repo.rewardReferral(shopId, friendSub, paymentId, at, tx)
    if (!referrer) return
    const bedTypes = await repo.shopBedTypes(shopId, tx)
    const expiresAt = new Date(lotExpiry(at.getTime(), settings.referralRewardValidityDays, timeZone).expiresAt)
    for (const [sub, label] of [
      [friendSub, 'Referral reward: welcome'],
      [referrer, 'Referral reward: a friend joined'],
    ] as const) {
      await ledger.addLot({ id: randomUUID(), shopId, sub, source: 'referral', label, minutes: settings.referralRewardMinutes, bedTypes, expiresAt, at }, tx)
    }
  }

  async function refundPayment(payment: PaymentRow) {
    if (!payment.providerRef) return
    await provider.refund(payment.providerRef, `refund-${payment.id}`)
    await repo.markRefunded(payment.id)
  }

  async function sendReceipt(
    payment: PaymentRow,
    customer: { email: string | null; phone: string | null; firstName: string | null },
    shop: { id: string; name: string },
  ) {
    const card = payment.cardLast4 ? ` by the card ending ${payment.cardLast4}` : ''
    const what = payment.purpose === 'package' ? `${payment.description} (${plural(payment.lotMinutes!, 'minute')})` : payment.description
    const lines = [
      `Hello${customer.firstName ? ` ${customer.firstName}` : ''},`,
      '',
      `Thank you for your purchase at ${shop.name}.`,
      '',
      `${what}: ${pounds(payment.pricePence)}`,
      ...(payment.discountPence ? [`Discount: -${pounds(payment.discountPence)}`] : []),
      `Paid${card}: ${pounds(payment.amountPence)}`,
      `Payment reference: ${payment.id}`,
      ...(provider.kind === 'offline' ? ['', 'This was a test payment: no real payment was taken.'] : []),
    ]
    if (customer.email) {
      await deps.email.send({ to: customer.email, subject: `Your receipt from ${shop.name}`, text: lines.join('\n'), shopId: shop.id })
    } else if (customer.phone) {
      await deps.sms.send({
        to: customer.phone,
        body: `${shop.name}: thank you. ${what}, paid ${pounds(payment.amountPence)}. Ref ${payment.id.slice(0, 8)}.`,
        shopId: shop.id,
      })
    }
  }

  /** Tells the customer, by email or else by text, that a payment was refused and refunded, and why. */
  async function sendRefusalNotice(
    payment: PaymentRow,
    customer: { email: string | null; phone: string | null; firstName: string | null },
    shop: { id: string; name: string },
    notice: string,
  ) {
    if (customer.email) {
      const text = [`Hello${customer.firstName ? ` ${customer.firstName}` : ''},`, '', notice, '', `Payment reference: ${payment.id}`].join('\n')
      await deps.email.send({ to: customer.email, subject: `Your payment was refunded: ${shop.name}`, text, shopId: shop.id })
    } else if (customer.phone) {
      await deps.sms.send({
        to: customer.phone,
        body: `${shop.name}: your payment of ${pounds(payment.amountPence)} was refunded and nothing was bought, as its promo code could no longer be used. Ref ${payment.id.slice(0, 8)}.`,
        shopId: shop.id,
      })
    }
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

  return {
    /**
     * For the counter (counter.service.ts), inside this module only: the same promo code verdict, crediting and lot
     * view as an online purchase, so a sale at the counter gives exactly what the same purchase online gives.
     */
    shared: { verdictFor, creditPurchase, toLot, shopOf, refuse },

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
      // A key answers the checkout it was made for: the same package or session, with the same promo code (or none).
      const sameCheckout = (row: PaymentRow) => {
        const same = row.packageId === (request.packageId ?? null) && row.bookingId === (request.bookingId ?? null) && row.promoCodeId === promoId
        if (!same) throw new HttpError(409, 'This Idempotency-Key was used for a different checkout. Please send a new key.')
        return row
      }
      const existing = await repo.paymentByKey(shopId, identity.sub, key)
      if (existing) return { payment: toPayment(await withIntent(sameCheckout(existing)), promoCode), created: false }

      const base = { id: randomUUID(), shopId, sub: identity.sub, idempotencyKey: key, provider: provider.kind, createdAt: new Date(now()) }
      let insert: Omit<Parameters<CommerceRepository['insertPayment']>[0], keyof typeof base>
      if (request.bookingId) {
        if (promoCode) throw new HttpError(422, 'Promo codes are for packages: a single session is paid at its price.')
        const held = await repo.heldBooking(shopId, identity.sub, request.bookingId)
        if (!held) throw new HttpError(404, 'There is no such booking among your sessions.')
        if (held.status !== 'pending')
          throw new HttpError(409, held.status === 'cancelled' ? 'This session was released. Please book it again.' : 'This session needs no payment online.')
        if (held.holdUntil!.getTime() <= now()) {
          throw new HttpError(409, `We held this sunbed for ${SESSION_HOLD_MINUTES} minutes and the time has run out. Please book again.`)
        }
        const shop = await shopOf(shopId)
        const when = `${describeDate(localDateOf(held.startsAt.getTime(), shop.timeZone))} at ${localTimeOf(held.startsAt.getTime(), shop.timeZone)}`
        insert = {
          purpose: 'session',
          bookingId: held.id,
          description: `${held.minutes}-minute session on ${held.bedName}, ${when}`,
          pricePence: held.pricePence,
          discountPence: 0,
          amountPence: held.pricePence,
        }
      } else {
        const pkg = await packageOrRefuse(shopId, request.packageId!)
        insert = {
          purpose: 'package',
          packageId: pkg.id,
          description: pkg.name,
          pricePence: pkg.pricePence,
          discountPence: 0,
          amountPence: pkg.pricePence,
          lotMinutes: pkg.minutes,
          lotBedTypes: pkg.bedTypes,
          lotValidityDays: pkg.validityDays,
        }
        if (promoCode) {
          // Counted and reserved under the code's lock, so a code with one use left is used once, whatever the concurrency.
          const made = await deps.db.transaction(async (tx) => {
            const { promo, verdict } = await verdictFor(shopId, promoCode, pkg, identity.sub, tx, true)
            // A repeat of this checkout that waited for the lock finds the payment the first one made.
            const again = await repo.paymentByKey(shopId, identity.sub, key, tx)
            if (again) return { row: sameCheckout(again), made: false }
            if (!verdict.applies) throw refuse(verdict)
            const total = pkg.pricePence - verdict.discountPence
            const row = await repo.insertPayment({ ...base, ...insert, discountPence: verdict.discountPence, amountPence: total, promoCodeId: promo!.id }, tx)
            return { row: row!, made: true }
          })
          return { payment: toPayment(await withIntent(made.row, made.made), promoCode), created: made.made }
        }
      }
      const made = await deps.db.transaction((tx) => repo.insertPayment({ ...base, ...insert }, tx))
      const row = sameCheckout(made ?? (await repo.paymentByKey(shopId, identity.sub, key))!)
      return { payment: toPayment(await withIntent(row, Boolean(made)), promoCode), created: Boolean(made) }
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

    /** GET p_account/balance: lots with minutes left, what expires soon, and the history. */
    async balance(shopId: string, identity: Identity): Promise<BalanceResponse> {
      await customerOf(shopId, identity)
      const shop = await shopOf(shopId)
      const at = now()
      // Expiry is written under the customer's lock, so it never races a booking spending the same lot.
      await deps.db.transaction(async (tx) => {
        await repo.lockCustomer(shopId, identity.sub, tx)
        await ledger.expireDue(shopId, identity.sub, new Date(at), tx)
      })
      const [lots, total, history] = await Promise.all([
        ledger.lotsWithMinutes(shopId, identity.sub),
        ledger.balance(shopId, identity.sub),
        ledger.history(shopId, identity.sub),
      ])
      const live = lots.filter((l) => l.expiresAt.getTime() > at)
      const describe = (row: (typeof history)[number]) => {
        const session = row.bookingStartsAt
          ? `${describeDate(localDateOf(row.bookingStartsAt.getTime(), shop.timeZone))} at ${localTimeOf(row.bookingStartsAt.getTime(), shop.timeZone)}${row.bedName ? ` on ${row.bedName}` : ''}`
          : ''
        switch (row.kind) {
          case 'purchase':
            return `Bought ${row.lotLabel ?? 'minutes'}`
          case 'booking':
            return `Session ${session}`
          case 'refund':
            return `Cancelled session ${session}`
          case 'expiry':
            return `${row.lotLabel ?? 'Minutes'} expired`
          case 'referral':
            return row.lotLabel ?? 'Referral reward'
          default:
            return row.lotLabel ?? 'Adjustment by the salon'
        }
      }
      return {
        balance: total,
        lots: live.map((l) => toLot(l, shop.timeZone)),
        expiringSoon: live.filter((l) => l.expiresAt.getTime() <= at + EXPIRING_SOON_DAYS * DAY).reduce((sum, l) => sum + l.remaining, 0),
        history: history.map((row) => ({
          id: row.id,
          at: toIsoWithOffset(row.at.getTime(), shop.timeZone),
          kind: row.kind as BalanceResponse['history'][number]['kind'],
          minutes: row.minutes,
          description: describe(row),
          bookingId: row.bookingId,
        })),
      }
    },

    /** Writes the expiry of every lot whose time has come, customer by customer under their lock (the scheduled sweep). */
    async expireDue(): Promise<number> {
      const at = new Date(now())
      let written = 0
      for (const { shopId, sub } of await ledger.customersWithDueLots(at)) {
        written += await deps.db.transaction(async (tx) => {
          await repo.lockCustomer(shopId, sub, tx)
          return ledger.expireDue(shopId, sub, at, tx)
        })
      }
      return written
    },

    /** GET p_account/referrals: the customer's code (made the first time), friends who joined and minutes earned. */
    async referrals(shopId: string, identity: Identity): Promise<ReferralsResponse> {
      await customerOf(shopId, identity)
      let code = await repo.referralCode(shopId, identity.sub)
      for (let attempt = 0; !code && attempt < 5; attempt++) {
        await repo.addReferralCode(shopId, identity.sub, newReferralCode())
        code = await repo.referralCode(shopId, identity.sub)
      }
      if (!code) throw new HttpError(503, 'Your referral code could not be made just now. Please try again in a moment.')
      const [settings, friends, minutesEarned] = await Promise.all([
        repo.settings(shopId),
        repo.friendsOf(shopId, identity.sub),
        repo.minutesEarned(shopId, identity.sub),
      ])
      return {
        code,
        rewardMinutes: settings?.referralRewardMinutes ?? 0,
        rewardValidityDays: settings?.referralRewardValidityDays ?? 0,
        friends: friends.map((f) => ({
          name: [f.firstName ?? 'A friend', f.lastName ? `${f.lastName.charAt(0)}.` : ''].filter(Boolean).join(' '),
          joinedAt: f.joinedAt.toISOString(),
          rewarded: f.rewardedAt !== null,
        })),
        minutesEarned,
      }
    },
  }
}
export type CommerceService = ReturnType<typeof createCommerceService>
