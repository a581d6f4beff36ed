import type { CounterMethod, CounterRefundOrder, CounterRefundResponse } from '@salon/contracts/staff-counter'
import { plural } from '@salon/contracts/words'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { createJobQueue } from '../../lib/job-queue.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import type { CommerceRepository, PaymentRow } from './commerce.repository.ts'
import { COUNTER_MESSAGES } from './counter.service.ts'
import { giveBackCredit, returnSpentCredit } from './credit.service.ts'
import { lockTill, type CounterRepository } from './counter.repository.ts'
import type { LedgerRepository, LotRow } from './ledger.repository.ts'
import { pounds } from './promo.ts'
import { REFUND_JOBS } from './refunds.service.ts'
import type { RetailRepository } from './retail.repository.ts'
import type { VouchersRepository } from './vouchers.repository.ts'

const METHOD_WORDS: Record<CounterMethod, string> = { cash: 'in cash', card_terminal: 'on the card terminal' }
const isCounter = (provider: string): provider is CounterMethod => provider === 'cash' || provider === 'card_terminal'

export const PART_REFUND_MESSAGES = {
  notMinutes:
    'Only a sale of minutes (a package, or minutes sold loose) without products can be refunded by its unused minutes. Refund the whole sale instead.',
  noneUnused: 'None of the minutes of this sale are left unused, so there is nothing to refund by them.',
  voucherSpent: 'Nothing is left on this gift voucher, so there is nothing to refund.',
} as const

/** The unused minutes' share of what was paid, rounded down to the penny: the customer is never given back more than their share. */
export const unusedShare = (amountPence: number, lotMinutes: number, unused: number) => Math.floor((amountPence * unused) / lotMinutes)

/**
 * A refund of a package paid partly with gift voucher credit, shared as it was paid (docs/decisions/053): the card's
 * share rounded up to the penny, the credit's the rest, so the two add up to `pence` exactly and a card part is never
 * 0p while there is something to give back.
 */
export function cardAndCredit(row: Pick<PaymentRow, 'amountPence' | 'creditPence'>, pence: number) {
  const card = Math.ceil((pence * row.amountPence) / (row.amountPence + row.creditPence))
  return { cardPence: card, creditPence: pence - card }
}

/** What the refund's answer says of the minutes and products it took back. */
function refundWords(back: string, lot: LotRow | undefined, removed: number, products: boolean) {
  const stock = products ? ' The products sold are back in stock.' : ''
  if (!lot) return `Refunded: ${back}${stock}`
  const used = lot.minutes - removed
  return used === 0
    ? `Refunded: ${back} All ${plural(lot.minutes, 'minute')} of ${lot.label} were taken off the balance.${stock}`
    : `Refunded: ${back} ${plural(removed, 'minute')} of ${lot.label} were taken off the balance; ${plural(used, 'minute')} had already been used or had expired and cannot be taken back.${stock}`
}

/**
 * The owner's refund of a sale (docs/product.md §10.3): a counter sale (a package, loose minutes or products), or a
 * package bought online, whose money goes back to the card through the refund job. The lot's unused minutes leave the
 * balance by a ledger row of the owner's, the products go back in stock, and the answer says what could not be
 * taken back. Under the customer's lock and, for money given back at the desk, the till's.
 */
export function createCounterRefunds(deps: {
  db: Db
  commerce: CommerceRepository
  counter: CounterRepository
  ledger: LedgerRepository
  retail: RetailRepository
  vouchers: VouchersRepository
  now: () => number
}) {
  const { db, commerce: repo, counter, ledger, retail, now } = deps

  /**
   * A gift voucher's refund: what is left of it, which is void from now (what was spent of it stays spent). Under the
   * voucher's row lock, so a redeem at the same moment is either before (and not refunded) or refused.
   */
  async function voidVoucher(row: PaymentRow, at: Date, tx: Db): Promise<number> {
    const voided = await deps.vouchers.voidByPayment(row.id, at, tx)
    if (!voided) throw new HttpError(409, COUNTER_MESSAGES.alreadyRefunded)
    if (voided.remainingPence < 1) throw new HttpError(409, PART_REFUND_MESSAGES.voucherSpent)
    return voided.remainingPence
  }

  function refusal(row: PaymentRow | undefined, shopId: string, part: CounterRefundOrder['part']) {
    if (!row || row.shopId !== shopId) return new HttpError(404, COUNTER_MESSAGES.noSale)
    if (part === 'unused' && row.purpose !== 'package' && row.purpose !== 'minutes' && row.purpose !== 'voucher')
      return new HttpError(422, PART_REFUND_MESSAGES.notMinutes)
    const online = !isCounter(row.provider) && (row.purpose === 'package' || row.purpose === 'voucher')
    if (!isCounter(row.provider) && !online) return new HttpError(422, COUNTER_MESSAGES.notCounterSale)
    if (row.purpose === 'session') return new HttpError(422, COUNTER_MESSAGES.sessionPayment)
    if (row.status !== 'succeeded' && row.status !== 'refunded') return new HttpError(409, COUNTER_MESSAGES.notTaken)
    return null
  }

  /** POST /api/staff/counter/refunds (owner). */
  return async function refund(actor: StaffActor, request: CounterRefundOrder): Promise<CounterRefundResponse> {
    const shopId = actor.shopId
    const row = await repo.payment(request.paymentId)
    const refused = refusal(row, shopId, request.part)
    if (refused || !row) throw refused
    // A package paid with gift voucher credit gives it back as credit; one paid by card online, to the card.
    const credit = row.provider === 'credit'
    const online = !isCounter(row.provider) && !credit
    const sub = row.sub
    const outcome = await db.transaction(async (tx) => {
      const at = new Date(now())
      if (sub) await repo.lockCustomer(shopId, sub, tx)
      if (isCounter(row.provider)) await lockTill(tx, shopId)
      // Minutes whose time has come are expired first: they are not the customer's to give back.
      if (sub) await ledger.expireDue(shopId, sub, at, tx)
      const before = sub ? await ledger.balance(shopId, sub, tx) : null
      const products = (await retail.itemsOf(row.id, tx)).length > 0
      if (request.part === 'unused' && products) throw new HttpError(422, PART_REFUND_MESSAGES.notMinutes)
      const lotId = row.purpose === 'retail' ? undefined : await counter.lotOfPayment(row.id, tx)
      const lot = lotId ? await ledger.lot(lotId, tx) : undefined
      const removed = lot?.remaining ?? 0
      // The unused minutes' share, read under the customer's lock, so a session booked meanwhile is counted as used.
      // What was paid: by the card and, for a package paid partly with credit, by the credit.
      const paid = row.amountPence + row.creditPence
      const pence =
        row.purpose === 'voucher' ? await voidVoucher(row, at, tx) : request.part === 'unused' && lot ? unusedShare(paid, lot.minutes, removed) : paid
      if (request.part === 'unused' && pence < 1) {
        // Under the customer's lock: a refund made meanwhile took the minutes, and is the reason to give.
        const current = await repo.payment(row.id, tx)
        throw new HttpError(409, current?.status === 'succeeded' && !current.refundOwedAt ? PART_REFUND_MESSAGES.noneUnused : COUNTER_MESSAGES.alreadyRefunded)
      }
      const shares = cardAndCredit(row, pence)
      const part = shares.cardPence === row.amountPence ? null : shares.cardPence
      let creditBack = credit ? await giveBackCredit(deps.vouchers, { paymentId: row.id, amountPence: row.amountPence, pence, at }, tx) : null
      const refunded = credit
        ? creditBack !== null
        : online
          ? await counter.oweCardRefund(row.id, at, tx, part)
          : await counter.markCounterRefunded(row.id, at, tx, part)
      if (!refunded) throw new HttpError(409, COUNTER_MESSAGES.alreadyRefunded)
      // The credit's share goes back with the card's, once: the card refund just recorded as owed decides.
      if (online && shares.creditPence > 0) creditBack = await returnSpentCredit(deps.vouchers, { paymentId: row.id, pence: shares.creditPence, at }, tx)
      if (online) {
        // Asked of the card provider by a job until it confirms; the customer is told once it has (docs/product.md §4.14).
        await createJobQueue(tx, now).enqueue({ kind: REFUND_JOBS.refund, key: `refund:${row.id}`, payload: { paymentId: row.id }, maxAttempts: 12 })
      }
      await retail.returnStock(row.id, tx)
      if (lot && sub && removed > 0) {
        await ledger.takeOff(shopId, sub, [{ lotId: lot.id, minutes: removed }], { recordedBy: actor.sub, reason: request.reason }, at, tx)
      }
      const after = sub ? await ledger.balance(shopId, sub, tx) : null
      await createAuditLog(tx).record(actor, {
        action: 'counter.refund',
        subjectType: sub ? 'customer' : 'payment',
        subjectId: sub ?? row.id,
        before: { paymentId: row.id, status: row.status, balance: before },
        after: {
          paymentId: row.id,
          status: 'refunded',
          part: request.part,
          amountPence: pence,
          creditPence: online ? shares.creditPence : 0,
          minutesRemoved: removed,
          productsReturned: products,
          balance: after,
        },
        reason: request.reason,
      })
      return { lot, removed, after, products, pence, shares, creditExpired: creditBack?.expiredPence ?? 0 }
    })
    const share = request.part === 'unused' ? `, the share of the ${plural(outcome.removed, 'minute')} not used,` : ''
    const expired = outcome.creditExpired ? ` ${pounds(outcome.creditExpired)} of it came from credit that has expired since, so it stays expired.` : ''
    const { cardPence, creditPence } = outcome.shares
    const back = credit
      ? `${pounds(outcome.pence)}${share} goes back to the customer's gift voucher credit.${expired}`
      : online && creditPence > 0
        ? `${pounds(outcome.pence)}${share} goes back: ${pounds(cardPence)} to the customer's card, and they are told once it has, and ${pounds(creditPence)} to their gift voucher credit.${expired}`
        : online
          ? `${pounds(outcome.pence)}${share} goes back to the customer's card, and they are told once it has.`
          : `${pounds(outcome.pence)}${share} to give back ${METHOD_WORDS[row.provider as CounterMethod]}.`
    return {
      paymentId: row.id,
      method: credit ? 'credit' : online ? 'online_card' : (row.provider as CounterMethod),
      part: request.part,
      amountPence: outcome.pence,
      minutesRemoved: outcome.removed,
      minutesAlreadyUsed: outcome.lot ? outcome.lot.minutes - outcome.removed : 0,
      balance: outcome.after,
      message: refundWords(back, outcome.lot, outcome.removed, outcome.products),
    }
  }
}
export type CounterRefund = ReturnType<typeof createCounterRefunds>
