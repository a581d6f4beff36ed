import type { PaymentProviderAdapter } from '../../adapters/payments/payments.ts'
import { HttpError } from '../../lib/errors.ts'
import { createJobQueue, type JobQueue } from '../../lib/job-queue.ts'
import type { Db } from '@salon/db'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { createRefundsRepository } from './refunds.repository.ts'

/** The jobs of card refunds (docs/product.md §4.14, docs/decisions/029). */
export const REFUND_JOBS = { refund: 'payment.refund', refundDone: 'payment.refund-done' } as const

/**
 * Card refunds that cannot be lost: a cancellation records the refund as owed and asks for this job in its own
 * transaction (migration 0017); the job asks the provider with the payment's own idempotency key until it confirms,
 * so however many tries, the money goes back once; after the last try the refund is kept as failed, for the salon.
 */
export function createRefunds(deps: { db: Db; provider: PaymentProviderAdapter; queue: JobQueue; now: () => number }) {
  const repo = createRefundsRepository(deps.db)

  return {
    handlers: {
      async [REFUND_JOBS.refund](payload: Record<string, unknown>, context: { attempt: number; maxAttempts: number }) {
        const payment = await repo.payment(String(payload.paymentId))
        if (!payment || !payment.refundOwedAt) return { skipped: 'no refund owed' }
        if (payment.status !== 'refunded') {
          if (payment.status !== 'succeeded' || !payment.providerRef) return { skipped: `the payment is ${payment.status}` }
          try {
            await deps.provider.refund(payment.providerRef, `refund-${payment.id}`, payment.refundedPence ?? undefined)
          } catch (error) {
            if (context.attempt >= context.maxAttempts)
              await repo.refundFailed(payment.id, error instanceof Error ? error.message : String(error), new Date(deps.now()))
            throw error
          }
          await repo.refunded(payment.id, new Date(deps.now()))
        }
        await deps.queue.enqueue({ kind: REFUND_JOBS.refundDone, key: `refund-done:${payment.id}`, payload: { paymentId: payment.id } })
        return { refunded: payment.refundedPence ?? payment.amountPence }
      },
    },

    owed: (shopId: string) => repo.owed(shopId),

    /** The salon tries a failed refund again: a new job, audited. */
    async retry(actor: StaffActor, paymentId: string) {
      await deps.db.transaction(async (tx) => {
        const inTx = createRefundsRepository(tx)
        if (!(await inTx.retry(actor.shopId, paymentId))) throw new HttpError(404, 'There is no failed refund with this id.')
        await createJobQueue(tx, deps.now).enqueue({
          kind: REFUND_JOBS.refund,
          key: `refund:${paymentId}:${deps.now()}`,
          payload: { paymentId },
          maxAttempts: 12,
        })
        await createAuditLog(tx).record(actor, { action: 'refund.retried', subjectType: 'payment', subjectId: paymentId })
      })
    },
  }
}
