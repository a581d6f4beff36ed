import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { addDays } from '@salon/contracts/dates'
import { poundsAndPence } from '@salon/contracts/rules/money'
import { VOUCHER_ALPHABET, VOUCHER_CODE_LENGTH, VOUCHER_DEFAULTS, voucherCodeFrom, voucherLastDay } from '@salon/contracts/rules/vouchers'
import type { BoughtVoucher, CreditResponse, RedeemVoucherResponse, VoucherCheckoutRequest, VoucherOptions, VoucherSettings } from '@salon/contracts/vouchers'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { createJobQueue } from '../../lib/job-queue.ts'
import { describeDate, localDateOf, localToInstant, startOfLocalDay } from '../../lib/local-time.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import { normalisePhone, type CustomersRepository, type Identity } from '../identity/public.ts'
import type { CommerceRepository, PaymentRow } from './commerce.repository.ts'
import type { PackagesRepository } from './packages.repository.ts'
import type { VoucherRow, VouchersRepository } from './vouchers.repository.ts'

/** The voucher's message to its recipient, on its day (messages module), keyed by the voucher so it goes once. */
export const VOUCHER_JOBS = { send: 'voucher.send' } as const

/** Every customer-facing message of gift vouchers, word for word as docs/product.md "Gift vouchers" has them. */
export const VOUCHER_MESSAGES = {
  noSuchCode: 'This code does not match a gift voucher. Please check it and try again.',
  used: 'This gift voucher has already been used in full.',
  expired: 'This gift voucher has expired.',
  void: 'This gift voucher was refunded and can no longer be used.',
  notPaid: 'This gift voucher has not been paid for yet.',
  tooManyGuesses: 'Too many voucher codes tried. Please wait an hour and try again, or call the salon.',
  amountNotOffered: 'This salon does not sell gift vouchers for that amount. Please choose one of the amounts shown.',
  noPackageGifts: 'This salon does not sell packages as gifts. Please choose an amount instead.',
  sendOnPast: 'The day to send the voucher cannot be in the past.',
  sendOnTooFar: 'The day to send the voucher must be within a year from today.',
  noSuchPayment: 'There is no such gift voucher payment.',
  otherCheckout: 'This Idempotency-Key was used for a different checkout. Please send a new key.',
  tooManyCheckouts: 'You have started 30 payments in the last hour, which is more than anyone needs. Please try again later, or call the salon.',
} as const

/** Every code looked up or redeemed counts, as sign-in attempts do: per network, and per account (or staff member). */
export const VOUCHER_GUESS_LIMITS = {
  perAddress: { name: 'voucher-code-address', limit: 20, windowSeconds: 3600 },
  perAccount: { name: 'voucher-code-account', limit: 10, windowSeconds: 3600 },
} as const
const CHECKOUT_LIMIT = { name: 'voucher-checkout-address', limit: 30, windowSeconds: 3600 }

/** A new code: 16 characters of the base-32 alphabet, 80 bits of randomness. */
export function newVoucherCode(): string {
  const bytes = randomBytes(VOUCHER_CODE_LENGTH)
  return [...bytes].map((b) => VOUCHER_ALPHABET[b & 31]).join('')
}

/** What is kept of a code: its SHA-256, which the code's 80 random bits make impossible to reverse by trying codes. */
export const hashVoucherCode = (code: string) => createHash('sha256').update(code).digest('hex')

export interface VouchersDeps {
  db: Db
  vouchers: VouchersRepository
  commerce: CommerceRepository
  packages: PackagesRepository
  customers: CustomersRepository
  rateLimiter: RateLimiter
  shopOf: (shopId: string) => Promise<{ id: string; timeZone: string; name: string }>
  /** The card provider's kind (offline or stripe), which online payments are made with. */
  providerKind: string
  now: () => number
}

/** Gift vouchers online: the settings, buying by card, issuing once paid, redeeming into credit, and the credit. */
export function createVouchers(deps: VouchersDeps) {
  const { vouchers: repo, now } = deps

  async function settingsOf(shopId: string, executor: Db = deps.db): Promise<VoucherSettings> {
    const row = await repo.settings(shopId, executor)
    return row
      ? { amountsPence: row.amountsPence, packagesAsGifts: row.packagesAsGifts, expiryMonths: row.expiryMonths }
      : { ...VOUCHER_DEFAULTS, amountsPence: [...VOUCHER_DEFAULTS.amountsPence] }
  }

  /** When a voucher bought now for these months stops being usable: the start of the day after its last day. */
  async function expiryOf(shopId: string, at: Date, timeZone: string, executor: Db) {
    const { expiryMonths } = await settingsOf(shopId, executor)
    const lastDay = voucherLastDay(localDateOf(at.getTime(), timeZone), expiryMonths)
    return new Date(startOfLocalDay(addDays(lastDay, 1), timeZone) ?? at.getTime())
  }

  /** A guess at a code, counted per network and per account before it is looked at. */
  async function countGuess(address: string, account: string) {
    const { perAddress, perAccount } = VOUCHER_GUESS_LIMITS
    if (!(await deps.rateLimiter.allow(perAddress, address)) || !(await deps.rateLimiter.allow(perAccount, account))) {
      throw new HttpError(429, VOUCHER_MESSAGES.tooManyGuesses)
    }
  }

  /** Why an issued voucher's value cannot be spent now, or null when it can. */
  function unusable(voucher: VoucherRow | undefined, at: Date): HttpError | null {
    if (!voucher) return new HttpError(404, VOUCHER_MESSAGES.noSuchCode)
    if (voucher.status === 'void') return new HttpError(409, VOUCHER_MESSAGES.void)
    if (voucher.status !== 'issued') return new HttpError(409, VOUCHER_MESSAGES.notPaid)
    if (voucher.expiresAt!.getTime() <= at.getTime()) return new HttpError(409, VOUCHER_MESSAGES.expired)
    if (voucher.remainingPence === 0) return new HttpError(409, VOUCHER_MESSAGES.used)
    return null
  }

  function boughtView(voucher: VoucherRow, timeZone: string): BoughtVoucher {
    return {
      id: voucher.id,
      status: voucher.status as BoughtVoucher['status'],
      valuePence: voucher.valuePence,
      recipientName: voucher.recipientName,
      sendOn: voucher.sendOn,
      lastDay: voucher.expiresAt ? localDateOf(voucher.expiresAt.getTime() - 1, timeZone) : null,
      message:
        voucher.status === 'issued'
          ? `Thank you. Your ${poundsAndPence(voucher.valuePence)} gift voucher for ${voucher.recipientName} will be sent on ${describeDate(voucher.sendOn!)}.`
          : VOUCHER_MESSAGES.notPaid,
    }
  }

  async function creditOf(shopId: string, sub: string, timeZone: string, executor: Db = deps.db): Promise<CreditResponse> {
    const lots = await repo.liveCredit(shopId, sub, new Date(now()), executor)
    return {
      creditPence: lots.reduce((sum, l) => sum + l.remainingPence, 0),
      lots: lots.map((l) => ({
        id: l.id,
        amountPence: l.amountPence,
        remainingPence: l.remainingPence,
        lastDay: localDateOf(l.expiresAt.getTime() - 1, timeZone),
      })),
    }
  }

  /** The value and the package of a checkout, as the owner's settings allow them. */
  async function valueOf(shopId: string, request: VoucherCheckoutRequest) {
    const settings = await settingsOf(shopId)
    if (request.packageId !== undefined) {
      if (!settings.packagesAsGifts) throw new HttpError(422, VOUCHER_MESSAGES.noPackageGifts)
      const pkg = await deps.commerce.activePackage(shopId, request.packageId)
      if (!pkg) throw new HttpError(404, 'There is no such package on sale.')
      return { valuePence: pkg.pricePence, packageId: pkg.id, description: `Gift voucher: ${pkg.name}` }
    }
    if (!settings.amountsPence.includes(request.amountPence!)) throw new HttpError(422, VOUCHER_MESSAGES.amountNotOffered)
    return { valuePence: request.amountPence!, packageId: null, description: `${poundsAndPence(request.amountPence!)} gift voucher` }
  }

  function checkSendOn(sendOn: string, timeZone: string) {
    const today = localDateOf(now(), timeZone)
    if (sendOn < today) throw new HttpError(422, VOUCHER_MESSAGES.sendOnPast)
    if (sendOn > addDays(today, 365)) throw new HttpError(422, VOUCHER_MESSAGES.sendOnTooFar)
  }

  return {
    settingsOf,
    expiryOf,
    countGuess,
    unusable,
    creditOf,

    async credit(shopId: string, identity: Identity): Promise<CreditResponse> {
      await deps.customers.ensure(shopId, identity.sub, identity.profile)
      return creditOf(shopId, identity.sub, (await deps.shopOf(shopId)).timeZone)
    },

    async saveSettings(shopId: string, settings: VoucherSettings) {
      const amountsPence = [...new Set(settings.amountsPence)].sort((a, b) => a - b)
      await repo.saveSettings(shopId, { ...settings, amountsPence }, new Date(now()))
      return settingsOf(shopId)
    },

    /** GET gift_vouchers: what a voucher may be bought for. */
    async options(shopId: string): Promise<VoucherOptions> {
      const settings = await settingsOf(shopId)
      const packages = settings.packagesAsGifts ? await deps.packages.activePackages(shopId) : []
      return { ...settings, packages: packages.map((p) => ({ id: p.id, name: p.name, pricePence: p.pricePence })) }
    },

    /**
     * The payment of a voucher bought online and the voucher awaiting it, made together; the same key answers the
     * same checkout. The plain code is kept only until the voucher's message is sent.
     */
    async startCheckout(shopId: string, identity: Identity | null, address: string, key: string, request: VoucherCheckoutRequest) {
      const shop = await deps.shopOf(shopId)
      checkSendOn(request.sendOn, shop.timeZone)
      const value = await valueOf(shopId, request)
      const existing = await deps.commerce.paymentByKeyWithoutCustomer(shopId, key)
      if (existing) {
        const voucher = await repo.byPayment(existing.id)
        if (!voucher || voucher.valuePence !== value.valuePence || voucher.recipientName !== request.recipientName) {
          throw new HttpError(409, VOUCHER_MESSAGES.otherCheckout)
        }
        return { row: existing, created: false }
      }
      if (!(await deps.rateLimiter.allow(CHECKOUT_LIMIT, address))) throw new HttpError(429, VOUCHER_MESSAGES.tooManyCheckouts)
      const at = new Date(now())
      const code = newVoucherCode()
      const made = await deps.db.transaction(async (tx) => {
        const row = await deps.commerce.insertPaymentWithoutCustomer(
          {
            id: randomUUID(),
            shopId,
            sub: null,
            idempotencyKey: key,
            provider: deps.providerKind,
            purpose: 'voucher',
            packageId: value.packageId,
            description: value.description,
            pricePence: value.valuePence,
            discountPence: 0,
            amountPence: value.valuePence,
            createdAt: at,
          },
          tx,
        )
        if (!row) return null
        await repo.insert(
          {
            id: randomUUID(),
            shopId,
            codeHash: hashVoucherCode(code),
            codeEnd: code.slice(-4),
            pendingCode: code,
            status: 'awaiting_payment',
            valuePence: value.valuePence,
            remainingPence: value.valuePence,
            packageId: value.packageId,
            paymentId: row.id,
            buyerSub: identity?.sub ?? null,
            fromName: request.fromName,
            recipientName: request.recipientName,
            recipientPhone: request.recipientPhone ? normalisePhone(request.recipientPhone) : null,
            recipientEmail: request.recipientEmail ?? null,
            message: request.message || null,
            sendOn: request.sendOn,
            createdAt: at,
          },
          tx,
        )
        return row
      })
      // Two requests with one new key at once: the second finds the first one's payment.
      if (!made) return { row: (await deps.commerce.paymentByKeyWithoutCustomer(shopId, key))!, created: false }
      return { row: made, created: true }
    },

    /**
     * Issues the voucher a payment bought, once, in the transaction that made the payment succeed, and asks for its
     * message on its day (at once for today, else 09:00 in the shop).
     */
    async issuePaid(payment: PaymentRow, at: Date, timeZone: string, tx: Db) {
      const expiresAt = await expiryOf(payment.shopId, at, timeZone, tx)
      const voucher = await repo.issuePaid(payment.id, at, expiresAt, tx)
      if (!voucher) return
      // Today's goes at once; a later day's at 09:00 in the salon.
      const today = voucher.sendOn === localDateOf(at.getTime(), timeZone)
      const due = today ? at.getTime() : (localToInstant(voucher.sendOn!, '09:00', timeZone) ?? at.getTime())
      await createJobQueue(tx, now).enqueue({
        kind: VOUCHER_JOBS.send,
        key: `voucher-send:${voucher.id}`,
        payload: { voucherId: voucher.id },
        runAt: new Date(Math.max(due, at.getTime())),
      })
    },

    /** The buyer's confirmation: the voucher their payment bought, as it stands. */
    async bought(shopId: string, payment: PaymentRow): Promise<BoughtVoucher> {
      const voucher = await repo.byPayment(payment.id)
      if (!voucher || voucher.shopId !== shopId) throw new HttpError(404, VOUCHER_MESSAGES.noSuchPayment)
      return boughtView(voucher, (await deps.shopOf(shopId)).timeZone)
    },

    /** POST p_account/vouchers: the voucher's remaining value becomes the customer's credit, with the voucher's expiry. */
    async redeem(shopId: string, identity: Identity, address: string, typed: string): Promise<RedeemVoucherResponse> {
      await countGuess(address, `${shopId}:${identity.sub}`)
      const code = voucherCodeFrom(typed)
      if (!code) throw new HttpError(404, VOUCHER_MESSAGES.noSuchCode)
      await deps.customers.ensure(shopId, identity.sub, identity.profile)
      const shop = await deps.shopOf(shopId)
      const credited = await deps.db.transaction(async (tx) => {
        const at = new Date(now())
        const voucher = await repo.lockByCode(shopId, hashVoucherCode(code), tx)
        const refused = unusable(voucher, at)
        if (refused || !voucher) throw refused
        const amount = voucher.remainingPence
        if (!(await repo.spend(voucher.id, amount, at, tx))) throw new HttpError(409, VOUCHER_MESSAGES.used)
        await repo.addRedemption({ id: randomUUID(), shopId, voucherId: voucher.id, amountPence: amount, sub: identity.sub, at }, tx)
        await repo.addCreditLot(
          {
            id: randomUUID(),
            shopId,
            sub: identity.sub,
            voucherId: voucher.id,
            amountPence: amount,
            remainingPence: amount,
            expiresAt: voucher.expiresAt!,
            createdAt: at,
          },
          tx,
        )
        return { amount, lastDay: localDateOf(voucher.expiresAt!.getTime() - 1, shop.timeZone) }
      })
      const credit = await creditOf(shopId, identity.sub, shop.timeZone)
      return {
        ...credit,
        message: `${poundsAndPence(credited.amount)} is now on your account as credit, to use by ${describeDate(credited.lastDay)}.`,
      }
    },
  }
}
export type Vouchers = ReturnType<typeof createVouchers>
