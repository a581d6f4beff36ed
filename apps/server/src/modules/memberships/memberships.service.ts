import { randomUUID } from 'node:crypto'
import type { Membership, MembershipCheckout } from '@salon/contracts/memberships'
import type { Db } from '@salon/db'
import type { PaymentProviderAdapter, ProviderIntent } from '../../adapters/payments/payments.ts'
import { databaseError } from '../../lib/database-errors.ts'
import { HttpError } from '../../lib/errors.ts'
import { createJobQueue } from '../../lib/job-queue.ts'
import type { CustomersRepository, Identity } from '../identity/public.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { MEMBERSHIP_MESSAGES as M } from './membership-words.ts'
import { addMonths, cancellationTakesEffect, pauseLeft } from './membership-rules.ts'
import { leftOf } from './membership-sessions.service.ts'
import type { MembershipPaymentRow, MembershipRow, MembershipsRepository } from './memberships.repository.ts'

/** The work memberships do on the job queue (docs/decisions/029): each renewal, and the text about one that failed. */
export const MEMBERSHIP_JOBS = { renew: 'membership.renew', paymentFailed: 'membership.payment-failed' } as const

export const renewalKey = (membershipId: string, period: number, attempt: number) => `membership-renew:${membershipId}:${period}:${attempt}`

export interface MembershipsDeps {
  db: Db
  repo: MembershipsRepository
  customers: CustomersRepository
  provider: PaymentProviderAdapter
  now: () => number
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** What a membership's subscription is made of: the salon, the plan and the price the member joined on. */
const subscriptionTerms = (m: MembershipRow) => ({ shopId: m.shopId, planId: m.planId, planName: m.planName, amountPence: m.pricePence })

/**
 * A customer's own membership (docs/product.md "Memberships"): joining by card, the first month's payment, the
 * view of it, a cancellation, a pause and a changed card. Every change locks the membership's row first, so a
 * renewal, a cancellation and a payment of one membership happen one after the other.
 */
export function createMemberships(deps: MembershipsDeps) {
  const { db, repo, now } = deps
  const clock = () => new Date(now())
  const cards = () => {
    if (!deps.provider.cards && !deps.provider.subscriptions) throw new HttpError(409, M.notOnline)
    return deps.provider.subscriptions ?? deps.provider.cards!
  }

  async function view(m: MembershipRow): Promise<Membership> {
    const payments = await repo.paymentsOf(m.id)
    const renews = (m.status === 'active' || m.status === 'past_due') && !m.cancelAt && m.periodEnd
    const earliest = m.status === 'cancelled' ? null : cancellationTakesEffect(m, now())
    return {
      id: m.id,
      planId: m.planId,
      planName: m.planName,
      pricePence: m.pricePence,
      allowanceKind: m.allowanceKind as Membership['allowanceKind'],
      allowance: m.allowance,
      bedTypes: m.bedTypes,
      status: m.status as Membership['status'],
      pausedReason: m.pausedReason as Membership['pausedReason'],
      cardLast4: m.cardLast4,
      period: m.period,
      periodStart: iso(m.periodStart),
      periodEnd: iso(m.periodEnd),
      nextPayment: renews ? { at: (m.status === 'past_due' ? m.periodStart! : m.periodEnd!).toISOString(), amountPence: m.pricePence } : null,
      endsAt: iso(m.cancelAt),
      earliestEnd: m.status === 'cancelled' ? null : iso(earliest ?? clock()),
      pauseRequested: m.pauseRequested,
      pauseLeft: pauseLeft(m),
      leftThisMonth: m.periodStart ? leftOf(m, await repo.usedIn(m.id, m.period)) : null,
      payments: payments.map((p) => ({
        id: p.id,
        period: p.period,
        kind: p.kind as 'join' | 'renewal' | 'card_change',
        amountPence: p.amountPence,
        status: p.status as 'pending' | 'succeeded' | 'failed',
        error: p.error,
        at: (p.settledAt ?? p.createdAt).toISOString(),
      })),
    }
  }

  /**
   * The card payment of the first month with Stripe: its subscription's first invoice (docs/decisions/047), made
   * once per membership; the subscription is named on the membership before the browser can pay it.
   */
  async function subscriptionIntent(m: MembershipRow, payment: MembershipPaymentRow) {
    const { ref, intent } = await deps.provider.subscriptions!.start({
      ...subscriptionTerms(m),
      ref: m.subscriptionRef,
      membershipId: m.id,
      sub: m.sub,
      paymentId: payment.id,
      amountPence: payment.amountPence,
    })
    if (m.subscriptionRef !== ref) await db.transaction(async (tx) => repo.update(m.id, { subscriptionRef: ref }, tx))
    return intent
  }

  /**
   * With Stripe, the intent that pays the month owed, asked for under the membership's row lock: the subscription's
   * invoice still open; or, once Stripe has ended the subscription with the month owed, the first invoice of a new
   * one for the same customer and price (docs/decisions/054-stripe-restart.md). The membership points at the new
   * subscription before the browser can pay, so a second click (after the lock) answers its invoice, and the ended
   * one's late events find no membership. Refused when neither is to be had.
   */
  async function stripeOwed(m: MembershipRow, tx: Db): Promise<{ m: MembershipRow; intent: ProviderIntent }> {
    const billing = deps.provider.subscriptions!
    const open = await billing.owedIntent(m.subscriptionRef!)
    if (open) return { m, intent: open }
    const restarted = await billing.restart({ endedRef: m.subscriptionRef!, endsAt: m.cancelAt, membershipId: m.id, ...subscriptionTerms(m) })
    if (!restarted) throw new HttpError(409, M.notOnline)
    // Ended while past due, before Stripe's word of it came: paused, as that word would make it (its month starts afresh once paid).
    const paused = { status: 'paused', pausedReason: 'payment_failed', renewingPeriod: null }
    return { m: await repo.update(m.id, { ...paused, subscriptionRef: restarted.ref }, tx), intent: restarted.intent }
  }

  /** Asks the provider for the card payment of a pending payment row: the same row always makes the same intent. */
  async function checkout(m: MembershipRow, payment: MembershipPaymentRow, description: string): Promise<MembershipCheckout> {
    if (deps.provider.subscriptions && payment.kind === 'join') return answer(m, payment, await subscriptionIntent(m, payment))
    const intent = await deps.provider.createIntent({
      amountPence: payment.amountPence,
      currency: 'gbp',
      description,
      metadata: { paymentId: payment.id, shopId: m.shopId, sub: m.sub, membershipId: m.id },
      idempotencyKey: `membership-payment:${payment.id}`,
      keepCard: true,
    })
    return answer(m, payment, intent)
  }

  async function answer(m: MembershipRow, payment: MembershipPaymentRow, intent: ProviderIntent): Promise<MembershipCheckout> {
    if (payment.providerRef !== intent.ref) await repo.setPaymentRef(payment.id, intent.ref, intent.clientSecret)
    return {
      membership: await view(m),
      payment: {
        id: payment.id,
        providerRef: intent.ref,
        clientSecret: intent.clientSecret,
        amountPence: payment.amountPence,
        publishableKey: deps.provider.publishableKey,
      },
    }
  }

  /**
   * The membership row and its first payment, made together; a pending one of the same plan is answered again. Made
   * at the desk (`by`), the new membership is in the audit log in the same transaction.
   */
  async function startJoin(shopId: string, sub: string, planId: string, by?: StaffActor) {
    return db.transaction(async (tx) => {
      const plan = await repo.plan(shopId, planId, tx)
      if (!plan?.active) throw new HttpError(404, M.noPlan)
      const live = await repo.live(shopId, sub, tx, true)
      if (live && live.status !== 'pending') throw new HttpError(409, M.alreadyMember)
      if (live?.planId === planId) return { m: live, payment: (await repo.paymentTry(live.id, 1, '0', tx))! }
      if (live) await repo.update(live.id, { status: 'cancelled', cancelledAt: clock() }, tx)
      const { id: _id, shopId: _shop, active: _active, createdAt: _created, period: _period, ...terms } = plan
      const m = await repo.insert({ ...terms, shopId, sub, planId, planName: plan.name, provider: deps.provider.kind, status: 'pending' }, tx)
      const payment = await repo.insertPayment(
        { shopId, sub, membershipId: m.id, period: 1, attempt: '0', kind: 'join', amountPence: plan.pricePence, status: 'pending' },
        tx,
      )
      const after = { planId, planName: plan.name, pricePence: plan.pricePence }
      if (by) await createAuditLog(tx).record(by, { action: 'membership.joined', subjectType: 'membership', subjectId: m.id, after })
      return { m, payment: payment! }
    })
  }

  return {
    view,

    async mine(shopId: string, identity: Identity) {
      const m = (await repo.live(shopId, identity.sub)) ?? (await repo.latest(shopId, identity.sub))
      return { membership: m ? await view(m) : null }
    },

    async join(shopId: string, identity: Identity, planId: string): Promise<MembershipCheckout> {
      cards()
      await deps.customers.ensure(shopId, identity.sub, identity.profile)
      return this.joinFor(shopId, identity.sub, planId)
    },

    /** Joining for a customer the salon knows: the customer's own join, or the desk's for them. */
    async joinFor(shopId: string, sub: string, planId: string, by?: StaffActor): Promise<MembershipCheckout> {
      cards()
      await deps.customers.refuseBlocked(shopId, sub)
      let started: Awaited<ReturnType<typeof startJoin>>
      try {
        started = await startJoin(shopId, sub, planId, by)
      } catch (error) {
        // Two joins at once: the database lets one membership live per customer.
        if (databaseError(error)?.constraint === 'memberships_one_live') throw new HttpError(409, M.alreadyMember)
        throw error
      }
      return checkout(started.m, started.payment, `${started.m.planName} membership: the first month`)
    },

    /**
     * Settles a payment the provider says succeeded (the browser's return, the offline processor's report or a
     * webhook): once, under the membership's lock. The first month starts the membership; a changed card's payment
     * pays the month owed and starts it running again.
     */
    async providerSucceeded(ref: string): Promise<boolean> {
      const payment = await repo.paymentByRef(ref)
      if (!payment) return false
      const intent = await deps.provider.retrieveIntent(ref)
      if (intent.status !== 'succeeded') return false
      const card = await cards().keptCardOf(ref)
      // A new card saved with nothing owed (a Stripe card setup) is made the subscription's for the months to come
      // before it is recorded: a Stripe that does not answer leaves it to be recorded on the next report.
      if (payment.kind === 'card_change' && payment.amountPence === 0 && card && deps.provider.subscriptions) {
        const subscriptionRef = (await repo.byId(payment.membershipId))?.subscriptionRef
        if (subscriptionRef) await deps.provider.subscriptions.useCard(subscriptionRef, card.ref)
      }
      await db.transaction(async (tx) => {
        const m = (await repo.lock(payment.membershipId, tx))!
        if (!(await repo.settlePayment(payment.id, { status: 'succeeded', error: null, at: clock() }, tx))) return
        const kept = card ? { cardRef: card.ref, cardLast4: card.last4 } : {}
        if (payment.kind === 'join') {
          if (m.status !== 'pending') return
          const start = clock()
          const end = addMonths(start, 1)
          await repo.update(m.id, { ...kept, status: 'active', period: 1, periodStart: start, periodEnd: end, joinedAt: start }, tx)
          await createJobQueue(tx, now).enqueue({
            kind: MEMBERSHIP_JOBS.renew,
            key: renewalKey(m.id, 2, 0),
            runAt: end,
            payload: { membershipId: m.id, period: 2, attempt: 0 },
          })
          return
        }
        if (m.status === 'cancelled') return
        const owed = payment.amountPence > 0
        if (!owed) return void (await repo.update(m.id, kept, tx))
        // A month that pays after the membership paused starts afresh from today; one still being retried keeps its dates.
        const restart = m.status === 'paused' ? { periodStart: clock(), periodEnd: addMonths(clock(), 1) } : {}
        const row = await repo.update(m.id, { ...kept, ...restart, status: 'active', pausedReason: null }, tx)
        const next = m.period + 1
        await createJobQueue(tx, now).enqueue({
          kind: MEMBERSHIP_JOBS.renew,
          key: renewalKey(m.id, next, 0),
          runAt: row.periodEnd!,
          payload: { membershipId: m.id, period: next, attempt: 0 },
        })
      })
      return true
    },

    /** The browser's return from paying: the payment must be the customer's own and have succeeded. */
    async confirm(shopId: string, sub: string, paymentId: string) {
      const payment = await repo.payment(paymentId)
      if (!payment || payment.shopId !== shopId || payment.sub !== sub || !payment.providerRef) throw new HttpError(404, M.noSuchPayment)
      if (payment.status !== 'succeeded' && !(await this.providerSucceeded(payment.providerRef))) throw new HttpError(409, M.notPaid)
      const m = (await repo.byId(payment.membershipId))!
      const message = payment.kind === 'join' ? M.joined(m.planName) : payment.amountPence > 0 ? M.cardChangedAndPaid(payment.amountPence) : M.cardChanged
      return { membership: await view(m), message }
    },

    /**
     * A changed card: a payment of the month owed (nothing when none is), which keeps the new card. With Stripe, the
     * month owed is an invoice of the subscription (see `stripeOwed`); with nothing owed, a card setup for it.
     */
    async changeCard(shopId: string, sub: string, by?: StaffActor): Promise<MembershipCheckout> {
      cards()
      const subscriptions = deps.provider.subscriptions
      const { m, payment, intent } = await db.transaction(async (tx) => {
        const locked = await repo.live(shopId, sub, tx, true)
        if (!locked) throw new HttpError(404, M.noMembership)
        if (locked.status === 'pending') throw new HttpError(409, M.notStarted)
        // A membership from before the salon took Stripe has no subscription to pay or keep a card for.
        if (subscriptions && !locked.subscriptionRef) throw new HttpError(409, M.notOnline)
        const owed = locked.status === 'past_due' || (locked.status === 'paused' && locked.pausedReason === 'payment_failed')
        const { m, intent } = subscriptions && owed ? await stripeOwed(locked, tx) : { m: locked, intent: null }
        const values = { shopId, sub: m.sub, membershipId: m.id, period: m.period, attempt: `card:${randomUUID()}`, kind: 'card_change', status: 'pending' }
        const payment = await repo.insertPayment({ ...values, amountPence: owed ? (intent?.amountPence ?? m.pricePence) : 0 }, tx)
        const after = { amountPence: payment!.amountPence }
        if (by) await createAuditLog(tx).record(by, { action: 'membership.card_change', subjectType: 'membership', subjectId: m.id, after })
        return { m, payment: payment!, intent }
      })
      if (intent) return answer(m, payment, intent)
      if (subscriptions) {
        const setup = await subscriptions.cardSetup(m.subscriptionRef!, payment.id)
        if (!setup) throw new HttpError(409, M.notOnline)
        return answer(m, payment, setup)
      }
      return checkout(m, payment, `${m.planName} membership: ${payment.amountPence > 0 ? 'the month owed' : 'a new card'}`)
    },
  }
}
export type Memberships = ReturnType<typeof createMemberships>
