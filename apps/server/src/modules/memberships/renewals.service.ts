import type { Db } from '@salon/db'
import type { PaymentProviderAdapter } from '../../adapters/payments/payments.ts'
import { createJobQueue } from '../../lib/job-queue.ts'
import { addMonths, cancellationTakesEffect, RETRY_AFTER_DAYS, retryAt } from './membership-rules.ts'
import type { MembershipPaymentRow, MembershipRow, MembershipsRepository } from './memberships.repository.ts'
import { MEMBERSHIP_JOBS, renewalKey } from './memberships.service.ts'

type Renewal = { membershipId: string; period: number; attempt: number }
type Begun = { skipped: string; endsSubscription?: string } | { charge: MembershipPaymentRow; cardRef: string }

/**
 * A membership's renewals with the offline processor's kept card (docs/decisions/043-memberships.md): one job per
 * membership, month and try (its key), run in three steps. Under the membership's row lock the month's try is
 * recorded (or found, when another process made it) and marked as being charged; the card is charged with the try's
 * id as the provider's idempotency key, so two processes running one try make one charge; under the lock again the
 * try is settled once, and the month starts, or the next try (after 1, 3 and 5 days) and the text are asked for,
 * or, after the last, the membership pauses.
 */
export function createRenewals(deps: { db: Db; repo: MembershipsRepository; provider: PaymentProviderAdapter; now: () => number }) {
  const { db, repo, now } = deps
  const clock = () => new Date(now())

  const end = (m: MembershipRow, tx: Db) => repo.update(m.id, { status: 'cancelled', pausedReason: null, renewingPeriod: null, cancelledAt: clock() }, tx)

  /** A pause the member asked for starts instead of the month: no charge, and the next renewal after it. */
  async function startPause(m: MembershipRow, period: number, tx: Db) {
    const periodEnd = addMonths(m.periodEnd!, m.pauseRequested)
    await repo.update(
      m.id,
      {
        status: 'paused',
        pausedReason: 'customer',
        period,
        periodStart: m.periodEnd,
        periodEnd,
        pausedPeriods: m.pausedPeriods + m.pauseRequested,
        pauseRequested: 0,
      },
      tx,
    )
    await renewLater(tx, { membershipId: m.id, period: period + 1, attempt: 0 }, periodEnd)
    return { skipped: 'paused, as the member asked' }
  }

  const renewLater = (tx: Db, renewal: Renewal, runAt: Date) =>
    createJobQueue(tx, now).enqueue({
      kind: MEMBERSHIP_JOBS.renew,
      key: renewalKey(renewal.membershipId, renewal.period, renewal.attempt),
      runAt,
      payload: renewal,
    })

  async function begin({ membershipId, period, attempt }: Renewal): Promise<Begun> {
    return db.transaction(async (tx) => {
      const m = await repo.lock(membershipId, tx)
      if (!m || m.status === 'cancelled' || m.status === 'pending') {
        // A Stripe subscription is ended again when its membership is, in case an earlier try of this job could not.
        const ended = m?.status === 'cancelled' && m.subscriptionRef ? { endsSubscription: m.subscriptionRef } : {}
        return { skipped: `the membership is ${m?.status ?? 'gone'}`, ...ended }
      }
      const due = attempt === 0 ? m.period === period - 1 : m.period === period && m.status === 'past_due'
      if (!due || (await repo.periodPaid(m.id, period, tx))) return { skipped: 'the month is paid or was moved on' }
      const starts = attempt === 0 ? m.periodEnd! : m.periodStart!
      if ((m.cancelAt && m.cancelAt <= starts) || (await repo.customerErased(m.shopId, m.sub, tx))) {
        await end(m, tx)
        return { skipped: 'the membership ended', ...(m.subscriptionRef ? { endsSubscription: m.subscriptionRef } : {}) }
      }
      if (attempt === 0 && m.pauseRequested > 0) return startPause(m, period, tx)
      // Stripe charges a subscription's months itself, and its invoice.paid moves the month on (subscription-events.service.ts).
      if (m.subscriptionRef) return { skipped: 'Stripe charges this month' }
      const values = { shopId: m.shopId, sub: m.sub, membershipId: m.id, period, attempt: String(attempt), kind: 'renewal', amountPence: m.pricePence }
      const charge = (await repo.insertPayment(values, tx)) ?? (await repo.paymentTry(m.id, period, String(attempt), tx))!
      if (charge.status !== 'pending') return { skipped: `the try was ${charge.status}` }
      await repo.update(m.id, { renewingPeriod: period }, tx)
      return { charge, cardRef: m.cardRef! }
    })
  }

  /** The month paid: it starts (a first try) or runs again (a retry), and its own renewal is asked for. */
  async function paid(m: MembershipRow, renewal: Renewal, tx: Db) {
    const dates = renewal.attempt === 0 ? { period: renewal.period, periodStart: m.periodEnd, periodEnd: addMonths(m.periodEnd!, 1) } : {}
    const row = await repo.update(m.id, { ...dates, status: 'active', pausedReason: null, renewingPeriod: null }, tx)
    await renewLater(tx, { membershipId: m.id, period: renewal.period + 1, attempt: 0 }, row.periodEnd!)
    return { paid: true }
  }

  /** The month not paid: it starts owed, tried again later, or the membership pauses after the last try. */
  async function refused(m: MembershipRow, renewal: Renewal, charge: MembershipPaymentRow, tx: Db) {
    const dates = renewal.attempt === 0 ? { period: renewal.period, periodStart: m.periodEnd, periodEnd: addMonths(m.periodEnd!, 1) } : {}
    const last = renewal.attempt >= RETRY_AFTER_DAYS.length
    let row = await repo.update(
      m.id,
      { ...dates, status: last ? 'paused' : 'past_due', pausedReason: last ? 'payment_failed' : null, renewingPeriod: null },
      tx,
    )
    // A cancellation asked for while the card was being charged: the month unpaid is not owed, unless the minimum term runs on.
    if (row.cancelAt) {
      const effect = cancellationTakesEffect(row, now())
      row = effect ? await repo.update(m.id, { cancelAt: effect }, tx) : await end(row, tx)
    }
    if (row.status === 'cancelled') return { paid: false, status: row.status }
    const next = last ? null : retryAt(row.periodStart!, renewal.attempt + 1)
    if (next) await renewLater(tx, { ...renewal, attempt: renewal.attempt + 1 }, next)
    const told = { paymentId: charge.id, retryAt: next?.toISOString() ?? null }
    await createJobQueue(tx, now).enqueue({ kind: MEMBERSHIP_JOBS.paymentFailed, key: `membership-payment-failed:${charge.id}`, payload: told })
    return { paid: false, status: row.status }
  }

  async function renew(renewal: Renewal) {
    const begun = await begin(renewal)
    if ('skipped' in begun) {
      // Ended here (at its cancellation, or its customer erased): Stripe takes nothing more (docs/decisions/047).
      if (begun.endsSubscription) await deps.provider.subscriptions!.cancelNow(begun.endsSubscription)
      return begun
    }
    const { charge, cardRef } = begun
    const result = await deps.provider.cards!.chargeKeptCard({
      cardRef,
      amountPence: charge.amountPence,
      currency: 'gbp',
      description: 'Membership renewal',
      metadata: { paymentId: charge.id, shopId: charge.shopId, sub: charge.sub, membershipId: charge.membershipId },
      idempotencyKey: `membership-payment:${charge.id}`,
    })
    return db.transaction(async (tx) => {
      const m = (await repo.lock(renewal.membershipId, tx))!
      const settled = await repo.settlePayment(charge.id, { status: result.status, error: result.error, providerRef: result.ref, at: clock() }, tx)
      if (!settled) return { skipped: 'settled by another process' }
      return result.status === 'succeeded' ? paid(m, renewal, tx) : refused(m, renewal, charge, tx)
    })
  }

  return {
    handlers: {
      [MEMBERSHIP_JOBS.renew]: async (payload: Record<string, unknown>) =>
        renew({ membershipId: String(payload.membershipId), period: Number(payload.period), attempt: Number(payload.attempt) }),
    },
  }
}
