import { randomUUID } from 'node:crypto'
import { NO_SUCH_CUSTOMER } from '@salon/contracts/staff-customers'
import {
  COUNTER_DEFAULT_VALIDITY_DAYS,
  type AdjustmentRequest,
  type AdjustmentResponse,
  type CounterMethod,
  type CounterMinutesRequest,
  type CounterSale,
  type CounterSaleRequest,
  type SaleItemRequest,
} from '@salon/contracts/staff-counter'
import type { PhotoIdCheckInput } from '@salon/contracts/staff-photo-id'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { describeDate } from '../../lib/local-time.ts'
import { requirePhotoIdCheck, type CustomersRepository } from '../identity/public.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { payerOf, type CommerceRepository, type PaymentRow } from './commerce.repository.ts'
import type { toLot } from './lots.ts'
import type { PaymentsService } from './payments.service.ts'
import type { PromoService } from './promo.service.ts'
import { judgeCounterSale, minutesAtListPrice, packageAtListPrice, type ListPrice } from './counter-limits.ts'
import { lockTill, type CounterRepository } from './counter.repository.ts'
import { createJobQueue } from '../../lib/job-queue.ts'
import { PAYMENT_JOBS } from './payments.service.ts'
import { linesOfItems } from './receipt.ts'
import type { RetailRepository } from './retail.repository.ts'
import type { Retail } from './retail.service.ts'
import type { LedgerRepository } from './ledger.repository.ts'
import { lotExpiry, type Draw, packagePurchase } from './lots.ts'
import { pounds } from './promo.ts'
import { plural } from '@salon/contracts/words'

export interface CounterServiceDeps {
  db: Db
  commerce: CommerceRepository
  counter: CounterRepository
  ledger: LedgerRepository
  customers: CustomersRepository
  /** Products sold with a package: priced, taken out of stock and recorded by the same code as products sold alone. */
  retail: Pick<Retail, 'basketOf' | 'takeStock' | 'recordItems'> & Pick<RetailRepository, 'itemsOf'>
  /** The same promo code verdict, crediting and lot view as an online purchase. */
  shared: Pick<PromoService, 'verdictFor' | 'refuse'> & Pick<PaymentsService, 'creditPurchase' | 'shopOf'> & { toLot: typeof toLot }
  now: () => number
}

export const COUNTER_MESSAGES = {
  noCustomer: NO_SUCH_CUSTOMER,
  noSale: 'There is no such sale at this salon.',
  notCounterSale:
    'Only a sale made at the counter, or a package bought online, can be refunded here. A session paid by card online goes back to the card when it is cancelled.',
  sessionPayment: 'This payment is for a session paid at the desk: the owner undoes it from the session on the day sheet.',
  alreadyRefunded: 'This sale has already been refunded.',
  notTaken: 'This payment was never taken, so there is nothing to refund.',
  otherSale: 'This idempotency key was used for a different sale. Please send a new key.',
} as const

const METHOD_WORDS: Record<CounterMethod, string> = { cash: 'in cash', card_terminal: 'on the card terminal' }

/**
 * The counter (docs/product.md §10.3): packages and loose minutes sold for cash or on the card terminal, credited
 * by the same code as an online purchase (payments.service.ts creditPurchase); refunds of counter sales and
 * corrections of a balance by the owner; the day's takings. Every change is audited in its transaction.
 */
export function createCounterService(deps: CounterServiceDeps) {
  const { db, commerce: repo, counter, ledger, shared, now } = deps

  async function customerAt(shopId: string, sub: string) {
    const customer = await deps.customers.find(shopId, sub)
    if (!customer) throw new HttpError(404, COUNTER_MESSAGES.noCustomer)
    return customer
  }

  /** The bed types asked for, each one of the shop's; by default all of them. */
  async function bedTypesOf(shopId: string, asked: string[] | undefined) {
    const known = await repo.shopBedTypes(shopId)
    if (!asked) return known
    const unknown = asked.find((code) => !known.includes(code))
    if (unknown !== undefined) {
      throw new HttpError(422, `There is no bed type "${unknown.slice(0, 64)}" at this salon. The bed types are: ${known.join(', ')}.`, { field: 'bedTypes' })
    }
    return [...new Set(asked)]
  }

  /** The answer for a counter sale, new or repeated: the payment, its lot and the customer's balance now. */
  async function saleOf(row: PaymentRow, customerName: string | null): Promise<CounterSale> {
    const shop = await shared.shopOf(row.shopId)
    const lotId = await counter.lotOfPayment(row.id)
    const lot = (await ledger.lot(lotId!))!
    const view = shared.toLot(lot, shop.timeZone)
    const sub = payerOf(row)
    const balance = await ledger.balance(row.shopId, sub)
    const whose = customerName ? `${customerName}’s` : 'the customer’s'
    return {
      paymentId: row.id,
      sub,
      method: row.provider as CounterMethod,
      status: row.status === 'refunded' ? 'refunded' : 'succeeded',
      description: row.description,
      packageId: row.packageId,
      promoCode: await counter.promoCodeText(row.promoCodeId),
      pricePence: row.pricePence,
      discountPence: row.discountPence,
      amountPence: row.amountPence,
      recordedBy: row.recordedBy!,
      at: (row.succeededAt ?? row.createdAt).toISOString(),
      lines: linesOfItems(await deps.retail.itemsOf(row.id)),
      lot: view,
      balance,
      message: `${pounds(row.amountPence)} taken ${METHOD_WORDS[row.provider as CounterMethod]}. ${plural(lot.minutes, 'minute')} of ${lot.label} are on ${whose} balance, to use by ${describeDate(view.lastDay)}.`,
    }
  }

  type SaleInsert = Pick<PaymentRow, 'purpose' | 'packageId' | 'description' | 'pricePence' | 'lotMinutes' | 'lotBedTypes' | 'lotValidityDays'>

  /**
   * One sale at the counter, in one transaction: the promo code's lock first (as a checkout and a payment take it),
   * then the customer's; a sale already made with this key is answered again; otherwise the counter's limits
   * (counter-limits.ts), then a payment that succeeded at once, credited as an online payment is (its lot, the
   * referral reward), and its line in the audit log, flagged where only the owner could make the sale.
   */
  async function sell(
    actor: StaffActor,
    input: { sub: string; method: CounterMethod; idempotencyKey: string; promoCode?: string; idCheck?: PhotoIdCheckInput; items?: SaleItemRequest[] },
    sale: SaleInsert,
    list: ListPrice | undefined,
    audit: string,
  ): Promise<{ sale: CounterSale; created: boolean }> {
    const shopId = actor.shopId
    const customer = await customerAt(shopId, input.sub)
    const shop = await shared.shopOf(shopId)
    // A key answers the sale it was made for: the same goods, method and promo code (or none).
    const sameSale = (row: PaymentRow, promoId: string | null, productsPence: number) => {
      const same =
        row.provider === input.method &&
        row.purpose === sale.purpose &&
        row.packageId === sale.packageId &&
        row.pricePence === sale.pricePence + productsPence &&
        row.lotMinutes === sale.lotMinutes &&
        row.promoCodeId === promoId
      if (!same) throw new HttpError(409, COUNTER_MESSAGES.otherSale)
      return row
    }
    const outcome = await db.transaction(async (tx) => {
      const at = new Date(now())
      const promo =
        input.promoCode && sale.packageId
          ? await shared.verdictFor(shopId, input.promoCode, { id: sale.packageId, name: sale.description, pricePence: sale.pricePence }, input.sub, tx, true)
          : null
      const locked = await repo.lockCustomer(shopId, input.sub, tx)
      if (!locked) throw new HttpError(404, COUNTER_MESSAGES.noCustomer)
      await lockTill(tx, shopId)
      const basket = input.items ? await deps.retail.basketOf(shopId, input.items, tx) : null
      const again = await repo.paymentByKey(shopId, input.sub, input.idempotencyKey, tx)
      if (again) return { row: sameSale(again, promo?.promo?.id ?? null, basket?.pence ?? 0), created: false }
      const ownPhone = customer.phone ? await counter.accountPhone(actor.sub, tx) : null
      const flags = judgeCounterSale({
        role: actor.role,
        toSelf: customer.sub === actor.sub || (ownPhone !== null && customer.phone === ownPhone),
        pricePence: sale.pricePence,
        list,
        maxDiscountPercent: await counter.maxDiscountPercent(shopId, tx),
      })
      let discountPence = 0
      if (promo) {
        if (!promo.verdict.applies) {
          const verdict = promo.verdict
          // The customer is at the counter, not at the keyboard: the refusal speaks of them.
          throw shared.refuse(
            verdict.reason === 'already_used' ? { ...verdict, message: `This customer has already used the promo code ${input.promoCode}.` } : verdict,
          )
        }
        discountPence = promo.verdict.discountPence
      }
      // Photo ID (identity's rule, which the desk's bookings ask too): checked once, before the first sale or booking at the desk.
      await requirePhotoIdCheck(tx, { sub: input.sub, check: input.idCheck, by: actor, at: at.getTime() })
      if (basket) await deps.retail.takeStock(shopId, basket, tx)
      const pricePence = sale.pricePence + (basket?.pence ?? 0)
      const row = await repo.insertPayment(
        {
          id: randomUUID(),
          shopId,
          sub: input.sub,
          idempotencyKey: input.idempotencyKey,
          provider: input.method,
          recordedBy: actor.sub,
          status: 'succeeded',
          succeededAt: at,
          createdAt: at,
          ...sale,
          pricePence,
          discountPence,
          amountPence: pricePence - discountPence,
          promoCodeId: promo?.promo?.id ?? null,
        },
        tx,
      )
      if (basket) await deps.retail.recordItems(row!.id, basket, tx)
      const lotId = await shared.creditPurchase(row!, locked, at, shop.timeZone, tx)
      // The receipt, emailed when the customer has an email address (docs/product.md §10.3).
      if (locked.email) await createJobQueue(tx, now).enqueue({ kind: PAYMENT_JOBS.receipt, key: `receipt:${row!.id}`, payload: { paymentId: row!.id } })
      await createAuditLog(tx).record(actor, {
        action: audit,
        subjectType: 'customer',
        subjectId: input.sub,
        after: {
          paymentId: row!.id,
          method: input.method,
          description: row!.description,
          amountPence: row!.amountPence,
          discountPence,
          promoCode: input.promoCode ?? null,
          minutes: sale.lotMinutes,
          products: input.items ?? [],
          listPence: list?.pence ?? null,
          lotId,
        },
        flags,
      })
      return { row: row!, created: true }
    })
    return { sale: await saleOf(outcome.row, customer.firstName), created: outcome.created }
  }

  /** The customer's lots that still hold minutes now, fitting one of `bedTypes` when given, soonest to expire first. */
  function takeable(lots: Awaited<ReturnType<LedgerRepository['lotsWithMinutes']>>, at: number, bedTypes?: string[]) {
    return lots
      .filter((lot) => lot.expiresAt.getTime() > at && (!bedTypes || lot.bedTypes.some((type) => bedTypes.includes(type))))
      .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
  }

  return {
    /** POST /api/staff/counter/sales */
    async sellPackage(actor: StaffActor, request: CounterSaleRequest) {
      const pkg = await repo.activePackage(actor.shopId, request.packageId)
      if (!pkg) throw new HttpError(404, `There is no package "${request.packageId.slice(0, 64)}" on sale at this salon.`)
      return sell(
        actor,
        request,
        {
          ...packagePurchase(pkg),
        },
        packageAtListPrice(pkg),
        'counter.sale',
      )
    },

    /** POST /api/staff/counter/minutes: loose minutes, a payment of purpose minutes (docs/product.md §10.3). */
    async sellMinutes(actor: StaffActor, request: CounterMinutesRequest) {
      const bedTypes = await bedTypesOf(actor.shopId, request.bedTypes)
      const list = minutesAtListPrice(request.minutes, bedTypes, await counter.perMinutePrices(actor.shopId))
      return sell(
        actor,
        request,
        {
          purpose: 'minutes',
          packageId: null,
          description: `${plural(request.minutes, 'minute')} from the counter`,
          pricePence: request.pricePence,
          lotMinutes: request.minutes,
          lotBedTypes: bedTypes,
          lotValidityDays: request.validityDays ?? COUNTER_DEFAULT_VALIDITY_DAYS,
        },
        list,
        'counter.minutes',
      )
    },

    /**
     * POST /api/staff/customers/{sub}/adjustments (owner): a correction with a reason. Minutes added are a lot of
     * their own; minutes taken off come from the lots with minutes, soonest to expire first, never below zero.
     */
    async adjust(actor: StaffActor, sub: string, request: AdjustmentRequest): Promise<AdjustmentResponse> {
      const shopId = actor.shopId
      await customerAt(shopId, sub)
      const shop = await shared.shopOf(shopId)
      const bedTypes = await bedTypesOf(shopId, request.bedTypes)
      const outcome = await db.transaction(async (tx) => {
        const at = new Date(now())
        await repo.lockCustomer(shopId, sub, tx)
        await ledger.expireDue(shopId, sub, at, tx)
        const before = await ledger.balance(shopId, sub, tx)
        let lotId: string | null = null
        if (request.minutes > 0) {
          lotId = randomUUID()
          const expiry = lotExpiry(at.getTime(), request.validityDays ?? COUNTER_DEFAULT_VALIDITY_DAYS, shop.timeZone)
          await ledger.addLot(
            {
              id: lotId,
              shopId,
              sub,
              source: 'adjustment',
              label: 'Added by the salon',
              minutes: request.minutes,
              bedTypes,
              expiresAt: new Date(expiry.expiresAt),
              recordedBy: actor.sub,
              reason: request.reason,
              at,
            },
            tx,
          )
        } else {
          const lots = takeable(await ledger.lotsWithMinutes(shopId, sub, tx), at.getTime(), request.bedTypes)
          const available = lots.reduce((sum, lot) => sum + lot.remaining, 0)
          const wanted = -request.minutes
          if (available < wanted) {
            const which = request.bedTypes ? ` for ${request.bedTypes.join(', ')} sunbeds` : ''
            throw new HttpError(
              409,
              `This customer has ${plural(available, 'minute')}${which}, so at most ${plural(available, 'minute')} can be taken off. A balance never goes below zero.`,
            )
          }
          const draws: Draw[] = []
          let left = wanted
          for (const lot of lots) {
            if (left === 0) break
            const take = Math.min(lot.remaining, left)
            draws.push({ lotId: lot.id, minutes: take })
            left -= take
          }
          await ledger.takeOff(shopId, sub, draws, { recordedBy: actor.sub, reason: request.reason }, at, tx)
        }
        const after = await ledger.balance(shopId, sub, tx)
        await createAuditLog(tx).record(actor, {
          action: 'customer.balance-adjusted',
          subjectType: 'customer',
          subjectId: sub,
          before: { balance: before },
          after: { balance: after, minutes: request.minutes, lotId },
          reason: request.reason,
        })
        return { before, after, lotId }
      })
      const lot = outcome.lotId ? await ledger.lot(outcome.lotId) : undefined
      return {
        minutes: request.minutes,
        balanceBefore: outcome.before,
        balanceAfter: outcome.after,
        lot: lot ? shared.toLot(lot, shop.timeZone) : null,
        message:
          request.minutes > 0
            ? `${plural(request.minutes, 'minute')} added. The balance was ${plural(outcome.before, 'minute')} and is now ${plural(outcome.after, 'minute')}.`
            : `${plural(-request.minutes, 'minute')} taken off. The balance was ${plural(outcome.before, 'minute')} and is now ${plural(outcome.after, 'minute')}.`,
      }
    },

    /** The commerce side of a customer's record for staff (docs/product.md §10.5): lots, payments and the ledger. */
    async customerMoney(shopId: string, sub: string) {
      const shop = await shared.shopOf(shopId)
      const at = now()
      const [lots, payments, ledgerRows, balance] = await Promise.all([
        counter.lotsOf(shopId, sub),
        counter.paymentsOf(shopId, sub),
        counter.ledgerOf(shopId, sub),
        ledger.balance(shopId, sub),
      ])
      return { shop, at, lots, payments, ledger: ledgerRows, balance }
    },
  }
}
export type CounterService = ReturnType<typeof createCounterService>
