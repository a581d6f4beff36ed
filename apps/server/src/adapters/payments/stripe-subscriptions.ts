import type Stripe from 'stripe'
import type { ProviderIntent, ProviderInvoice, SubscriptionBilling } from './payments.ts'

/** The Stripe object a string or an expanded object names: its id. */
const idOf = (value: string | { id: string } | null | undefined) => (value ? (typeof value === 'string' ? value : value.id) : null)

const seconds = (at: Date) => Math.floor(at.getTime() / 1000)
const DAY = 24 * 3600

/** The same time `months` calendar months on, as Stripe's monthly cycle counts from its anchor (the 31st clamped). */
function monthsOn(anchor: number, months: number) {
  const d = new Date(anchor * 1000)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()))
  return Math.floor(d.getTime() / 1000)
}

/**
 * The end of Stripe's own month nearest `at`. Stripe counts the months from when the subscription was made, which
 * is a little before the membership's start (the time it took to pay), so a change made at the membership's month
 * end is sent at Stripe's, within two days of it: otherwise Stripe would start, and charge, one more month first.
 */
export function stripeMonthEndNear(anchor: number, at: number) {
  let best = at
  for (let months = 1; months <= 48; months++) {
    const end = monthsOn(anchor, months)
    if (Math.abs(end - at) <= 2 * DAY) best = end
    if (end > at + 2 * DAY) break
  }
  return best
}

/** A SetupIntent's id: a new card saved with nothing to pay, rather than a payment. */
export const isSetup = (ref: string) => ref.startsWith('seti_')

const SETUP_STATUSES: readonly ProviderIntent['status'][] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'canceled',
  'succeeded',
]

/** A SetupIntent as the intent the browser confirms and the salon reads back: nothing is paid by it. */
export function toSetup(setup: Stripe.SetupIntent): ProviderIntent {
  return {
    ref: setup.id,
    clientSecret: setup.client_secret ?? '',
    // A status added to the API after this was written is read as still under way: never as a success.
    status: SETUP_STATUSES.includes(setup.status as ProviderIntent['status']) ? (setup.status as ProviderIntent['status']) : 'processing',
    amountPence: 0,
    currency: 'gbp',
    metadata: { ...setup.metadata },
    cardLast4: null,
  }
}

/** The product a plan's subscriptions are priced under: one per plan, with an id made of ours, so it is made once. */
export const planProductId = (planId: string) => `salon_plan_${planId}`

function toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  return {
    ref: invoice.id,
    subscriptionRef: idOf(invoice.parent?.subscription_details?.subscription),
    status: invoice.status ?? 'draft',
    first: invoice.billing_reason === 'subscription_create',
    amountPence: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    attemptCount: invoice.attempt_count,
    nextAttemptAt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
    intentRef: idOf(invoice.payments?.data[0]?.payment.payment_intent),
  }
}

/**
 * A membership's months as a Stripe Subscription (docs/decisions/047-stripe-subscriptions.md): a Customer per
 * membership, a Product per plan, and a monthly price given inline (`price_data`), so a plan's later change of price
 * touches no member. The subscription starts `default_incomplete`: its first invoice's PaymentIntent is confirmed by
 * the browser as any card payment is, and the card that pays it becomes the subscription's for the renewals.
 */
export function createStripeSubscriptions(
  stripe: Stripe,
  failure: (error: unknown) => Error,
  retrieveIntent: (ref: string) => Promise<ProviderIntent>,
): SubscriptionBilling {
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request()
    } catch (error) {
      throw failure(error)
    }
  }

  /** The plan's product, made the first time a member joins it; one made before (by any process) is used as it is. */
  async function product(planId: string, planName: string) {
    const id = planProductId(planId)
    try {
      await stripe.products.create({ id, name: `${planName} membership`, metadata: { planId } })
    } catch (error) {
      if ((error as { code?: string }).code !== 'resource_already_exists') throw failure(error)
    }
    return id
  }

  /** The PaymentIntent of a subscription's latest invoice (its first, or one owed), which the browser confirms. */
  async function firstIntent(subscription: Stripe.Subscription) {
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null
    const ref = idOf(invoice?.payments?.data[0]?.payment.payment_intent)
    if (!ref) throw failure(new Error(`Stripe's subscription ${subscription.id} has no payment for its first invoice.`))
    return retrieveIntent(ref)
  }

  const expand = ['latest_invoice.payments']

  /** A monthly subscription of the plan's product at `amountPence` for `customer`, its first invoice for the browser to pay. */
  async function subscribe(
    customer: string,
    s: { planId: string; planName: string; amountPence: number; endsAt?: Date | null },
    metadata: Record<string, string>,
    key: string,
  ) {
    const productId = await product(s.planId, s.planName)
    // Made while a cancellation is asked for (the minimum term runs on): it ends at Stripe's month end nearest it.
    const ending = s.endsAt ? { cancel_at: stripeMonthEndNear(seconds(new Date()), seconds(s.endsAt)), proration_behavior: 'none' as const } : {}
    const subscription = await call(() =>
      stripe.subscriptions.create(
        {
          customer,
          items: [{ price_data: { currency: 'gbp', product: productId, unit_amount: s.amountPence, recurring: { interval: 'month' } } }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
          metadata,
          ...ending,
          expand,
        },
        { idempotencyKey: key },
      ),
    )
    return { ref: subscription.id, intent: await firstIntent(subscription) }
  }

  return {
    async start(s) {
      if (s.ref) {
        const subscription = await call(() => stripe.subscriptions.retrieve(s.ref!, { expand }))
        return { ref: subscription.id, intent: await firstIntent(subscription) }
      }
      // No name, email or phone goes to Stripe: the customer is ours, Stripe needs only somewhere to keep the card.
      const customer = await call(() =>
        stripe.customers.create({ metadata: { membershipId: s.membershipId, shopId: s.shopId } }, { idempotencyKey: `membership-customer:${s.membershipId}` }),
      )
      const metadata = { membershipId: s.membershipId, shopId: s.shopId, paymentId: s.paymentId }
      return subscribe(customer.id, s, metadata, `membership-subscription:${s.membershipId}`)
    },

    async restart(s) {
      const ended = await call(() => stripe.subscriptions.retrieve(s.endedRef))
      if (ended.status !== 'canceled' && ended.status !== 'incomplete_expired') return null
      // The same customer (and so its cards); keyed by the subscription it follows, so one is made per restart, and
      // with nothing in it that differs between two clicks (Stripe refuses a key sent again with other parameters).
      const metadata = { membershipId: s.membershipId, shopId: s.shopId, restartOf: ended.id }
      return subscribe(idOf(ended.customer)!, s, metadata, `membership-subscription:${s.membershipId}:after:${ended.id}`)
    },

    async retrieve(ref) {
      const subscription = await call(() => stripe.subscriptions.retrieve(ref))
      return { ref: subscription.id, status: subscription.status, membershipId: subscription.metadata.membershipId ?? null }
    },

    async retrieveInvoice(ref) {
      return toInvoice(await call(() => stripe.invoices.retrieve(ref, { expand: ['payments'] })))
    },

    async owedIntent(ref) {
      const subscription = await call(() => stripe.subscriptions.retrieve(ref, { expand: ['latest_invoice.payments'] }))
      const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired' || invoice?.status !== 'open') return null
      // A first invoice is owed only by a subscription made again for a month owed (a join's is paid as the join).
      if (invoice.billing_reason === 'subscription_create' && !subscription.metadata.restartOf) return null
      return firstIntent(subscription)
    },

    async keptCardOf(intentRef) {
      if (isSetup(intentRef)) {
        const setup = await call(() => stripe.setupIntents.retrieve(intentRef, { expand: ['payment_method'] }))
        const method = typeof setup.payment_method === 'object' ? setup.payment_method : null
        return setup.status === 'succeeded' && method ? { ref: method.id, last4: method.card?.last4 ?? null } : null
      }
      const intent = await call(() => stripe.paymentIntents.retrieve(intentRef, { expand: ['latest_charge'] }))
      const card = idOf(intent.payment_method)
      if (intent.status !== 'succeeded' || !card) return null
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null
      return { ref: card, last4: charge?.payment_method_details?.card?.last4 ?? null }
    },

    async cardSetup(ref, paymentId) {
      const subscription = await call(() => stripe.subscriptions.retrieve(ref))
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return null
      const setup = await call(() =>
        stripe.setupIntents.create(
          {
            customer: idOf(subscription.customer)!,
            usage: 'off_session',
            allowed_payment_method_types: ['card'],
            metadata: { membershipPaymentId: paymentId },
          },
          { idempotencyKey: `membership-card-setup:${paymentId}` },
        ),
      )
      return toSetup(setup)
    },

    async useCard(ref, cardRef) {
      await call(() => stripe.subscriptions.update(ref, { default_payment_method: cardRef }))
    },

    async cancelAt(ref, at) {
      const subscription = await call(() => stripe.subscriptions.retrieve(ref))
      // Ended already (Stripe ended it with a month owed, and the member leaves before changing the card): nothing to end.
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return
      const end = stripeMonthEndNear(subscription.billing_cycle_anchor, seconds(at))
      // A pause asked for before goes with the cancellation, as the membership's does.
      await call(() => stripe.subscriptions.update(ref, { cancel_at: end, pause_collection: '', proration_behavior: 'none' }))
    },

    async cancelNow(ref) {
      // Ended already (by Stripe after its last try, in the dashboard, or by an earlier try of ours): what was asked is so.
      if ((await call(() => stripe.subscriptions.retrieve(ref))).status === 'canceled') return
      await call(() => stripe.subscriptions.cancel(ref))
    },

    async pauseUntil(ref, resumesAt) {
      const subscription = await call(() => stripe.subscriptions.retrieve(ref))
      // An hour before Stripe's month that follows the pause: that month's invoice is taken, the ones before are voided.
      const resumes = stripeMonthEndNear(subscription.billing_cycle_anchor, seconds(resumesAt)) - 3600
      await call(() => stripe.subscriptions.update(ref, { pause_collection: { behavior: 'void', resumes_at: resumes } }))
    },
  }
}
