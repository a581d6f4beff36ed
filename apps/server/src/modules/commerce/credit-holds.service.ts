import { creditWithCard, MINIMUM_CHARGE_PENCE, poundsAndPence } from '@salon/contracts/rules/money'
import type { Db } from '@salon/db'
import type { PaymentProviderAdapter } from '../../adapters/payments/payments.ts'
import { HttpError } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'
import { payerOf, type CommerceRepository, type PaymentRow } from './commerce.repository.ts'
import { returnSpentCredit } from './credit.service.ts'
import type { VouchersRepository } from './vouchers.repository.ts'

/**
 * Gift voucher credit paying part of a package bought by card (docs/decisions/053): the credit is spent into the
 * pending card payment when it is made, and given back, once, if the payment is never paid.
 */

/** How long a card payment holds credit unpaid: after this the sweep ends it and the credit goes back. */
export const CREDIT_HOLD_MINUTES = 30

export const SPLIT_CREDIT_MESSAGES = {
  none: 'You have no gift voucher credit left to use. Please pay by card alone.',
  covers: (credit: number) => `Your gift voucher credit (${poundsAndPence(credit)}) covers this package, so no card is needed: buy it with your credit.`,
  tooSmall: (total: number) =>
    `A card payment must be at least ${poundsAndPence(MINIMUM_CHARGE_PENCE)}, so gift voucher credit cannot pay part of ${poundsAndPence(total)}. Please pay by card alone.`,
  sessions: 'Gift voucher credit pays for a session in full, when it is booked: it cannot pay part of a session paid by card.',
} as const

/**
 * What the credit pays of a package's total and what the card pays, read under the customer's lock (taken here), so
 * that a pound held by one checkout is not there for the next. Refused when no credit can be used.
 */
export async function creditShare(
  repos: { commerce: CommerceRepository; vouchers: VouchersRepository },
  order: { shopId: string; sub: string; totalPence: number; at: Date },
  tx: Db,
): Promise<{ creditPence: number; cardPence: number }> {
  await repos.commerce.lockCustomer(order.shopId, order.sub, tx)
  const live = (await repos.vouchers.liveCredit(order.shopId, order.sub, order.at, tx)).reduce((sum, lot) => sum + lot.remainingPence, 0)
  const share = creditWithCard(order.totalPence, live)
  if (share.kind === 'whole') throw new HttpError(409, SPLIT_CREDIT_MESSAGES.covers(live))
  if (share.kind === 'none')
    throw live === 0 ? new HttpError(409, SPLIT_CREDIT_MESSAGES.none) : new HttpError(422, SPLIT_CREDIT_MESSAGES.tooSmall(order.totalPence))
  return share
}

/**
 * Ends a card payment holding credit that was never paid, and gives its credit back to the lots it came from (credit
 * whose last day has passed since stays expired). Once, whoever asks (the sweep, the provider's refusal, the
 * checkout limit): the guarded update of the payment decides. True when this call did it.
 */
export async function endCreditHold(
  repos: { db: Db; commerce: CommerceRepository; vouchers: VouchersRepository },
  row: PaymentRow,
  at: Date,
): Promise<boolean> {
  return repos.db.transaction(async (tx) => {
    await repos.commerce.lockCustomer(row.shopId, payerOf(row), tx)
    if (!(await repos.vouchers.endUnpaidHold(row.id, tx))) return false
    await returnSpentCredit(repos.vouchers, { paymentId: row.id, pence: row.creditPence, at }, tx)
    return true
  })
}

/**
 * The sweep of card payments holding credit unpaid for CREDIT_HOLD_MINUTES, and the provider's word that one was
 * refused or cancelled: the intent is cancelled at the provider first, so it can never be paid after its credit went
 * back; one the card paid meanwhile is settled as paid instead.
 */
export function createCreditHolds(deps: {
  db: Db
  commerce: CommerceRepository
  vouchers: VouchersRepository
  provider: PaymentProviderAdapter
  /** Settles a payment the provider says succeeded (payments.service.ts). */
  refreshed: (row: PaymentRow) => Promise<PaymentRow>
  logger: Logger
  now: () => number
}) {
  /** 'released' when its credit went back, 'paid' when the card had paid it, 'open' when the provider is still at work. */
  async function release(row: PaymentRow): Promise<'released' | 'paid' | 'open'> {
    if (row.providerRef) {
      const intent = await deps.provider.cancelIntent(row.providerRef)
      if (intent.status === 'succeeded') {
        await deps.refreshed(row)
        return 'paid'
      }
      if (intent.status !== 'canceled') return 'open'
    }
    return (await endCreditHold(deps, row, new Date(deps.now()))) ? 'released' : 'open'
  }

  return {
    /** Payment `ref` was refused or cancelled at the provider: a payment holding credit ends, and its credit goes back. */
    async providerEnded(ref: string): Promise<void> {
      const row = await deps.commerce.paymentByRef(deps.provider.kind, ref)
      if (!row || row.creditPence === 0 || (row.status !== 'pending' && row.status !== 'creating')) return
      await release(row)
    },

    /**
     * Before a new checkout with credit: the customer's earlier ones still holding credit end (their intents cancelled
     * at the provider first), so the credit a refused card or a checkout left open held is there for this one, as it
     * would be once the provider's word or the sweep came. A payment the provider is still at work on is left to them.
     */
    async releaseEarlier(shopId: string, sub: string, key: string): Promise<void> {
      for (const row of await deps.vouchers.customerCreditHolds(shopId, sub, key)) {
        try {
          await release(row)
        } catch (error) {
          deps.logger.warn({ paymentId: row.id, err: error }, 'an earlier card payment holding gift voucher credit could not be ended: the sweep will')
        }
      }
    },

    async sweep(): Promise<{ released: number; paid: number }> {
      const before = new Date(deps.now() - CREDIT_HOLD_MINUTES * 60_000)
      const counts = { released: 0, paid: 0 }
      for (const row of await deps.vouchers.unpaidCreditHolds(before, 200)) {
        try {
          const outcome = await release(row)
          if (outcome !== 'open') counts[outcome] += 1
        } catch (error) {
          // One payment the provider could not answer for waits for the next sweep; the others go on.
          deps.logger.warn({ paymentId: row.id, err: error }, 'a card payment holding gift voucher credit could not be ended: tried again at the next sweep')
        }
      }
      return counts
    },
  }
}
export type CreditHolds = ReturnType<typeof createCreditHolds>

/** The sweep's job, every five minutes on the shared queue. */
export const CREDIT_HOLD_SWEEP = { kind: 'sweep.credit-holds', everyMs: 5 * 60_000 } as const
