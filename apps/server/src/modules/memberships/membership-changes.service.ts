import type { Db } from '@salon/db'
import type { SubscriptionBilling } from '../../adapters/payments/payments.ts'
import { HttpError } from '../../lib/errors.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { MEMBERSHIP_MESSAGES as M } from './membership-words.ts'
import { addMonths, cancellationTakesEffect, pauseLeft } from './membership-rules.ts'
import type { MembershipRow, MembershipsRepository } from './memberships.repository.ts'

/**
 * A cancellation and a pause, under the same rules whoever asks (the customer online, the desk for them): each
 * locks the membership's row, so one made while its renewal runs is settled one way or the other, never both.
 */
export function createMembershipChanges(deps: { db: Db; repo: MembershipsRepository; now: () => number; billing?: SubscriptionBilling }) {
  const { db, repo, now } = deps
  /**
   * With Stripe, its subscription is changed too, while the row is locked: if Stripe does not answer, nothing is
   * changed here either and the customer is asked to try again (docs/decisions/047-stripe-subscriptions.md).
   */
  const stripe = (m: MembershipRow) => (m.subscriptionRef && deps.billing ? { billing: deps.billing, ref: m.subscriptionRef } : null)

  /** The change under the membership's row lock; made at the desk, it is in the audit log in the same transaction. */
  async function locked<T extends { row: MembershipRow }>(shopId: string, sub: string, change: (m: MembershipRow, tx: Db) => Promise<T>, by?: StaffActor) {
    return db.transaction(async (tx) => {
      const m = await repo.live(shopId, sub, tx, true)
      if (!m) throw new HttpError(404, M.noMembership)
      const done = await change(m, tx)
      if (by) {
        const { status, cancelAt, pauseRequested } = done.row
        const after = { status, cancelAt: cancelAt?.toISOString() ?? null, pauseRequested }
        await createAuditLog(tx).record(by, { action: 'membership.changed', subjectType: 'membership', subjectId: m.id, before: { status: m.status }, after })
      }
      return done
    })
  }

  return {
    /**
     * Ends the membership at the end of the month paid for, or of the minimum term if later (at once when that has
     * passed, or before the first month is paid). No renewal is charged on or after the day it ends.
     */
    cancel(shopId: string, sub: string, by?: StaffActor) {
      return locked(
        shopId,
        sub,
        async (m, tx) => {
          const timeZone = await repo.timeZoneOf(shopId, tx)
          if (m.cancelAt && m.status !== 'cancelled') return { row: m, message: M.endsOn(m.cancelAt.getTime(), timeZone) }
          const effect = cancellationTakesEffect(m, now())
          if (!effect) {
            const subscription = stripe(m)
            if (subscription) await subscription.billing.cancelNow(subscription.ref)
            const row = await repo.update(m.id, { status: 'cancelled', pausedReason: null, cancelAt: new Date(now()), cancelledAt: new Date(now()) }, tx)
            return { row, message: M.ended }
          }
          const subscription = stripe(m)
          if (subscription) await subscription.billing.cancelAt(subscription.ref, effect)
          const row = await repo.update(m.id, { cancelAt: effect, pauseRequested: 0 }, tx)
          return { row, message: M.endsOn(effect.getTime(), timeZone) }
        },
        by,
      )
    },

    /** A pause of `months` from the end of this month, as far as the plan allows; no payment is taken while paused. */
    pause(shopId: string, sub: string, months: number, by?: StaffActor) {
      return locked(
        shopId,
        sub,
        async (m, tx) => {
          if (m.maxPausePeriods === 0) throw new HttpError(409, M.cannotPause)
          if (m.cancelAt) throw new HttpError(409, M.ending)
          if (m.status !== 'active') throw new HttpError(409, M.notActive)
          const left = pauseLeft({ ...m, pauseRequested: 0 })
          if (months > left) throw new HttpError(409, M.pauseLeft(left))
          const subscription = stripe(m)
          if (subscription) await subscription.billing.pauseUntil(subscription.ref, addMonths(m.periodEnd!, months))
          const row = await repo.update(m.id, { pauseRequested: months }, tx)
          return { row, message: M.paused(m.periodEnd!.getTime(), months, await repo.timeZoneOf(shopId, tx)) }
        },
        by,
      )
    },
  }
}
export type MembershipChanges = ReturnType<typeof createMembershipChanges>
