import type { Db } from '@salon/db'
import type { SubscriptionBilling } from '../../adapters/payments/payments.ts'
import { createJobQueue } from '../../lib/job-queue.ts'
import { addMonths, cancellationTakesEffect } from './membership-rules.ts'
import type { MembershipRow, MembershipsRepository } from './memberships.repository.ts'
import { MEMBERSHIP_JOBS, renewalKey } from './memberships.service.ts'

/** What the membership's page says of a month Stripe could not take (Stripe's invoice does not carry the bank's words). */
export const STRIPE_RENEWAL_REFUSED = 'The card payment did not go through.'

/** The Stripe events a membership acts on; every other event is acknowledged and left alone. */
export const SUBSCRIPTION_EVENTS = ['invoice.paid', 'invoice.payment_failed', 'customer.subscription.deleted'] as const
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number]

/**
 * A membership's months with Stripe (docs/decisions/047-stripe-subscriptions.md): Stripe charges them and tells us by
 * webhook. Each event names an object that is read back from Stripe before anything is done; then, under the
 * membership's row lock, the invoice's try is recorded once (its attempt is `invoice:<id>`, or `invoice:<id>:<try>`
 * for a refusal), so an event delivered twice, or to two processes at once, counts once. The month moves on as the
 * offline renewals move it (renewals.service.ts), and a refusal sends the same text through the job queue.
 */
export function createSubscriptionEvents(deps: {
  db: Db
  repo: MembershipsRepository
  billing: SubscriptionBilling
  /** Settles a first month's payment (the join), as the browser's return does. */
  providerSucceeded: (ref: string) => Promise<boolean>
  now: () => number
}) {
  const { db, repo, billing, now } = deps
  const clock = () => new Date(now())
  const owing = (m: MembershipRow) => m.status === 'past_due' || (m.status === 'paused' && m.pausedReason === 'payment_failed')

  const renewLater = (tx: Db, m: MembershipRow) =>
    createJobQueue(tx, now).enqueue({
      kind: MEMBERSHIP_JOBS.renew,
      key: renewalKey(m.id, m.period + 1, 0),
      runAt: m.periodEnd!,
      payload: { membershipId: m.id, period: m.period + 1, attempt: 0 },
    })

  /** The invoice as Stripe has it, and the membership its subscription charges. */
  async function invoiceOf(ref: string) {
    const invoice = await billing.retrieveInvoice(ref)
    const m = invoice.subscriptionRef ? await repo.bySubscription(invoice.subscriptionRef) : undefined
    return { invoice, m }
  }

  /** A month Stripe took: the month owed runs again, or the next month starts; once per invoice. */
  async function invoicePaid(ref: string) {
    const { invoice, m: found } = await invoiceOf(ref)
    if (!found || invoice.status !== 'paid') return false
    // Paid in the browser: the first month (a join's), or a month owed paid with a changed card, on the invoice owed or
    // as the first invoice of a subscription made again (docs/decisions/054): settled as that payment is, whichever of
    // the two reports comes first, once.
    if (invoice.intentRef && (await repo.paymentByRef(invoice.intentRef))) return deps.providerSucceeded(invoice.intentRef)
    if (invoice.first) return false
    const endsAt = await db.transaction(async (tx) => {
      const m = (await repo.lock(found.id, tx))!
      const attempt = `invoice:${invoice.ref}`
      if (m.status === 'pending' || m.status === 'cancelled' || m.subscriptionRef !== invoice.subscriptionRef) return false
      if (await repo.paymentByAttempt(m.id, attempt, tx)) return false
      const owed = owing(m)
      const period = owed ? m.period : m.period + 1
      if (await repo.periodPaid(m.id, period, tx)) return false
      const restart = m.status === 'paused' ? { periodStart: clock(), periodEnd: addMonths(clock(), 1) } : {}
      const dates = owed ? restart : { period, periodStart: m.periodEnd, periodEnd: addMonths(m.periodEnd!, 1) }
      // Cancelled while Stripe was taking this month: the month paid runs, and the membership ends after it.
      const ending = !owed && m.cancelAt !== null && m.cancelAt <= m.periodEnd! ? { cancelAt: dates.periodEnd! } : {}
      const values = { shopId: m.shopId, sub: m.sub, membershipId: m.id, period, attempt, kind: 'renewal', amountPence: invoice.amountPence }
      await repo.insertPayment({ ...values, status: 'succeeded', providerRef: invoice.ref, settledAt: clock() }, tx)
      await renewLater(tx, await repo.update(m.id, { ...dates, ...ending, status: 'active', pausedReason: null, renewingPeriod: null }, tx))
      return ending.cancelAt ?? null
    })
    if (endsAt && (await billing.retrieve(invoice.subscriptionRef!)).status !== 'canceled') await billing.cancelAt(invoice.subscriptionRef!, endsAt)
    return endsAt !== false
  }

  /** A try Stripe could not take: the month starts owed (past due), or after Stripe's last try the membership pauses. */
  async function invoiceFailed(ref: string) {
    const { invoice, m: found } = await invoiceOf(ref)
    if (!found || invoice.status !== 'open' || invoice.first) return false
    const outcome = await db.transaction(async (tx) => {
      const m = (await repo.lock(found.id, tx))!
      const attempt = `invoice:${invoice.ref}:${invoice.attemptCount}`
      // A subscription Stripe ended and the member made again since (while this waited for the lock) no longer moves it.
      if (m.subscriptionRef !== invoice.subscriptionRef) return 'nothing'
      if (!(m.status === 'active' || owing(m)) || (await repo.paymentByAttempt(m.id, attempt, tx))) return 'nothing'
      const period = owing(m) ? m.period : m.period + 1
      if (await repo.periodPaid(m.id, period, tx)) return 'nothing'
      const last = invoice.nextAttemptAt === null
      const dates = owing(m) ? {} : { period, periodStart: m.periodEnd, periodEnd: addMonths(m.periodEnd!, 1) }
      const state = { status: last ? 'paused' : 'past_due', pausedReason: last ? 'payment_failed' : null, renewingPeriod: null }
      let row = await repo.update(m.id, { ...dates, ...state }, tx)
      const values = { shopId: m.shopId, sub: m.sub, membershipId: m.id, period, attempt, kind: 'renewal', amountPence: invoice.amountPence }
      const payment = (await repo.insertPayment(
        { ...values, status: 'failed', error: STRIPE_RENEWAL_REFUSED, providerRef: invoice.ref, settledAt: clock() },
        tx,
      ))!
      // A cancellation asked for before: the month unpaid is not owed, unless the minimum term runs on (as offline).
      if (row.cancelAt) {
        const effect = cancellationTakesEffect(row, now())
        row = await repo.update(m.id, effect ? { cancelAt: effect } : { status: 'cancelled', pausedReason: null, cancelledAt: clock() }, tx)
      }
      if (row.status === 'cancelled') return 'ended'
      const told = { paymentId: payment.id, retryAt: invoice.nextAttemptAt?.toISOString() ?? null }
      await createJobQueue(tx, now).enqueue({ kind: MEMBERSHIP_JOBS.paymentFailed, key: `membership-payment-failed:${payment.id}`, payload: told })
      return 'owed'
    })
    // Ended by the refusal: Stripe is told to try no more.
    if (outcome === 'ended') await billing.cancelNow(invoice.subscriptionRef!)
    return outcome !== 'nothing'
  }

  /**
   * Stripe ended the subscription: at the cancellation asked for, from its dashboard, or after its last try. A
   * membership owing its month pauses, as after the offline processor's last try; one whose cancellation takes
   * effect later runs until then (Stripe's month ends a little before ours); any other ends now.
   */
  async function subscriptionDeleted(ref: string) {
    const subscription = await billing.retrieve(ref)
    const found = await repo.bySubscription(subscription.ref)
    if (!found || subscription.status !== 'canceled') return false
    return db.transaction(async (tx) => {
      const m = (await repo.lock(found.id, tx))!
      if (m.subscriptionRef !== subscription.ref) return false
      if (m.status === 'cancelled' || (m.status === 'paused' && m.pausedReason === 'payment_failed')) return false
      // Ended at the cancellation asked for: the month paid runs to its end, and the renewal then ends the membership.
      if (m.cancelAt && m.cancelAt.getTime() > now() && m.status !== 'pending') return false
      if (m.status === 'past_due') await repo.update(m.id, { status: 'paused', pausedReason: 'payment_failed', renewingPeriod: null }, tx)
      else await repo.update(m.id, { status: 'cancelled', pausedReason: null, renewingPeriod: null, cancelAt: m.cancelAt ?? clock(), cancelledAt: clock() }, tx)
      return true
    })
  }

  const handlers: Record<SubscriptionEvent, (ref: string) => Promise<boolean>> = {
    'invoice.paid': invoicePaid,
    'invoice.payment_failed': invoiceFailed,
    'customer.subscription.deleted': subscriptionDeleted,
  }
  return {
    /** Acts on one of Stripe's subscription events, naming its object: true when it changed a membership. */
    handle: (type: SubscriptionEvent, ref: string) => handlers[type](ref),
  }
}
