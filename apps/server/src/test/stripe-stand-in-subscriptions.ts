import type Stripe from 'stripe'
import { type Answer, fail, id, missing, now, type Params, unknownParam } from './stripe-stand-in.ts'

/**
 * The stand-in's Customers, Products, Subscriptions and Invoices, in the strict style of the rest of it (unknown
 * parameters refused, Stripe-shaped errors). A subscription starts `default_incomplete`: its first invoice has a
 * PaymentIntent the browser confirms (the stand-in's `succeed`), which pays the invoice, makes the subscription
 * active and keeps its card. Later months are played by the test controls: `renew` makes the next month's invoice
 * and pays or fails it, `retry` tries an open invoice again, `remove` ends a subscription as Stripe does after its
 * last try; each posts the signed event Stripe would (invoice.paid, invoice.payment_failed,
 * customer.subscription.deleted).
 */

const CUSTOMER_PARAMS = new Set(['metadata', 'description', 'expand'])
const PRODUCT_PARAMS = new Set(['id', 'name', 'metadata', 'description', 'active', 'expand'])
const SUBSCRIPTION_PARAMS = new Set(['customer', 'items', 'payment_behavior', 'payment_settings', 'metadata', 'cancel_at', 'proration_behavior', 'expand'])
const UPDATE_PARAMS = new Set(['cancel_at', 'pause_collection', 'proration_behavior', 'default_payment_method', 'metadata', 'expand'])
const SETUP_PARAMS = new Set(['customer', 'usage', 'allowed_payment_method_types', 'metadata', 'expand'])
const EXPANDABLE = new Set(['latest_invoice', 'latest_invoice.payments'])
const DAY = 24 * 3600

const invalid = (param: string, message: string) => fail(400, { type: 'invalid_request_error', code: 'parameter_invalid', param, message })
const noSuch = (kind: string, ref: string, param = 'id') =>
  fail(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${ref}'` })
const isHash = (value: unknown): value is Params => typeof value === 'object' && value !== null && !Array.isArray(value)
const list = <T>(data: T[], url: string) => ({ object: 'list', data, has_more: false, url })
const addMonth = (at: number) => {
  const d = new Date(at * 1000)
  d.setUTCMonth(d.getUTCMonth() + 1)
  return Math.floor(d.getTime() / 1000)
}

export function createSubscriptionsStandIn(shared: {
  intents: Map<string, Stripe.PaymentIntent>
  charges: Map<string, Stripe.Charge>
  createIntent: (params: Params) => Answer
  deliver: (type: string, object: { id: string }) => Promise<void>
}) {
  const customers = new Map<string, Stripe.Customer>()
  const products = new Map<string, Stripe.Product>()
  const subscriptions = new Map<string, Stripe.Subscription>()
  const invoices = new Map<string, Stripe.Invoice>()
  const setupIntents = new Map<string, Stripe.SetupIntent>()
  const paymentMethods = new Map<string, Stripe.PaymentMethod>()

  /** A SetupIntent for a customer's card, to be confirmed in the browser (the test control `setupSucceeded`). */
  function createSetupIntent(params: Params): Answer {
    const problem = unknownParam(params, SETUP_PARAMS)
    if (problem) return problem
    if (typeof params.customer !== 'string') return missing('customer')
    if (!customers.has(params.customer)) return noSuch('customer', params.customer, 'customer')
    if (params.usage !== undefined && params.usage !== 'off_session' && params.usage !== 'on_session') return invalid('usage', 'Invalid usage.')
    const ref = id('seti', 24)
    const setup = {
      id: ref,
      object: 'setup_intent',
      client_secret: `${ref}_secret_${id('', 24).slice(1)}`,
      created: now(),
      customer: params.customer,
      usage: params.usage ?? 'off_session',
      metadata: params.metadata ?? {},
      payment_method: null,
      status: 'requires_payment_method',
      livemode: false,
    } as unknown as Stripe.SetupIntent
    setupIntents.set(ref, setup)
    return { status: 200, body: setup }
  }

  function retrieveSetupIntent(ref: string, params: Params): Answer {
    const problem = unknownParam(params, new Set(['expand']))
    if (problem) return problem
    const setup = setupIntents.get(ref)
    if (!setup) return noSuch('setup_intent', ref, 'intent')
    const asked = params.expand === undefined ? [] : Array.isArray(params.expand) ? params.expand : [params.expand]
    if (asked.some((e) => e !== 'payment_method')) return fail(400, { type: 'invalid_request_error', message: 'This property cannot be expanded.' })
    const method = asked.length && typeof setup.payment_method === 'string' ? paymentMethods.get(setup.payment_method)! : setup.payment_method
    return { status: 200, body: { ...setup, payment_method: method } }
  }

  function createCustomer(params: Params): Answer {
    const problem = unknownParam(params, CUSTOMER_PARAMS)
    if (problem) return problem
    const customer = { id: id('cus', 14), object: 'customer', created: now(), metadata: params.metadata ?? {}, livemode: false } as unknown as Stripe.Customer
    customers.set(customer.id, customer)
    return { status: 200, body: customer }
  }

  function createProduct(params: Params): Answer {
    const problem = unknownParam(params, PRODUCT_PARAMS)
    if (problem) return problem
    if (typeof params.name !== 'string') return missing('name')
    const ref = typeof params.id === 'string' ? params.id : id('prod', 14)
    if (products.has(ref)) {
      return fail(400, { type: 'invalid_request_error', code: 'resource_already_exists', param: 'id', message: 'Product already exists.' })
    }
    const product = {
      id: ref,
      object: 'product',
      name: params.name,
      active: true,
      metadata: params.metadata ?? {},
      created: now(),
    } as unknown as Stripe.Product
    products.set(ref, product)
    return { status: 200, body: product }
  }

  /** An invoice of a subscription's month, with a PaymentIntent to pay it. */
  function newInvoice(subscription: Stripe.Subscription, reason: 'subscription_create' | 'subscription_cycle', amount: number) {
    const made = shared.createIntent({ amount: String(amount), currency: 'gbp' })
    const intent = made.body as Stripe.PaymentIntent
    const ref = id('in')
    const invoice = {
      id: ref,
      object: 'invoice',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now(),
      currency: 'gbp',
      customer: subscription.customer,
      next_payment_attempt: null,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      payments: list(
        [{ id: id('inpay'), object: 'invoice_payment', invoice: ref, payment: { type: 'payment_intent', payment_intent: intent.id } }],
        '/v1/invoice_payments',
      ),
      period_start: now(),
      period_end: now(),
      status: 'open',
      total: amount,
    } as unknown as Stripe.Invoice
    invoices.set(ref, invoice)
    return invoice
  }

  function createSubscription(params: Params): Answer {
    const problem = unknownParam(params, SUBSCRIPTION_PARAMS)
    if (problem) return problem
    if (typeof params.customer !== 'string') return missing('customer')
    if (!customers.has(params.customer)) return { ...noSuch('customer', params.customer, 'customer'), status: 400 }
    if (params.payment_behavior !== 'default_incomplete') {
      return invalid('payment_behavior', 'The stand-in plays only payment_behavior=default_incomplete, where the browser pays the first invoice.')
    }
    const item = Array.isArray(params.items) && params.items.length === 1 ? params.items[0] : undefined
    const price = isHash(item) ? item.price_data : undefined
    if (!isHash(price)) return missing('items[0][price_data]')
    const extra = Object.keys(price).find((key) => !['currency', 'product', 'unit_amount', 'recurring'].includes(key))
    if (extra) return unknownParam({ [`items[0][price_data][${extra}]`]: '' }, new Set())!
    if (typeof price.product !== 'string' || !products.has(price.product))
      return { ...noSuch('product', String(price.product), 'items[0][price_data][product]'), status: 400 }
    if (price.currency !== 'gbp' || typeof price.unit_amount !== 'string' || !/^\d+$/.test(price.unit_amount) || Number(price.unit_amount) < 30) {
      return invalid('items[0][price_data][unit_amount]', 'The price needs currency gbp and a unit_amount of at least 30.')
    }
    if (!isHash(price.recurring) || price.recurring.interval !== 'month' || Object.keys(price.recurring).length !== 1) {
      return invalid('items[0][price_data][recurring]', 'The stand-in plays monthly prices only: recurring[interval]=month.')
    }
    const settings = params.payment_settings
    if (
      settings !== undefined &&
      (!isHash(settings) || Object.keys(settings).some((k) => !['save_default_payment_method', 'payment_method_types'].includes(k)))
    ) {
      return invalid('payment_settings', 'Unknown payment_settings.')
    }
    if (params.cancel_at !== undefined && (typeof params.cancel_at !== 'string' || !/^\d+$/.test(params.cancel_at)))
      return invalid('cancel_at', 'Invalid timestamp.')
    const expanded = expansion(params)
    if (!(expanded instanceof Set)) return expanded
    const start = now()
    const amount = Number(price.unit_amount)
    const subscription = {
      id: id('sub'),
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: params.cancel_at === undefined ? null : Number(params.cancel_at),
      canceled_at: null,
      created: start,
      currency: 'gbp',
      customer: params.customer,
      default_payment_method: null,
      ended_at: null,
      items: list(
        [
          {
            id: id('si', 14),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: addMonth(start),
            price: { unit_amount: amount, product: price.product },
          },
        ],
        '/v1/subscription_items',
      ),
      latest_invoice: null,
      metadata: params.metadata ?? {},
      pause_collection: null,
      payment_settings: settings ?? null,
      start_date: start,
      status: 'incomplete',
    } as unknown as Stripe.Subscription
    subscription.latest_invoice = newInvoice(subscription, 'subscription_create', amount).id
    subscriptions.set(subscription.id, subscription)
    return { status: 200, body: expand(subscription, expanded) }
  }

  /** What the request asks to expand: a set, or the refusal of what cannot be. */
  function expansion(params: Params): Set<string> | Answer {
    const asked = params.expand === undefined ? [] : Array.isArray(params.expand) ? params.expand : [params.expand]
    const bad = asked.find((e) => typeof e !== 'string' || !EXPANDABLE.has(e))
    if (bad !== undefined) return fail(400, { type: 'invalid_request_error', message: `This property cannot be expanded (${String(bad)}).` })
    return new Set(asked as string[])
  }

  function expand(subscription: Stripe.Subscription, asked: Set<string>): Stripe.Subscription {
    if (asked.size === 0 || typeof subscription.latest_invoice !== 'string') return subscription
    const invoice = invoices.get(subscription.latest_invoice)!
    // Without `latest_invoice.payments`, an expanded invoice leaves out its payments, as Stripe's does (an includable field).
    const shown = asked.has('latest_invoice.payments') ? invoice : { ...invoice, payments: undefined }
    return { ...subscription, latest_invoice: shown } as Stripe.Subscription
  }

  function updateSubscription(subscription: Stripe.Subscription, params: Params): Answer {
    const problem = unknownParam(params, UPDATE_PARAMS)
    if (problem) return problem
    if (subscription.status === 'canceled') {
      return fail(400, { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' })
    }
    const changed = { ...subscription }
    if (params.cancel_at !== undefined) {
      if (params.cancel_at !== '' && (typeof params.cancel_at !== 'string' || !/^\d+$/.test(params.cancel_at)))
        return invalid('cancel_at', 'Invalid timestamp.')
      changed.cancel_at = params.cancel_at === '' ? null : Number(params.cancel_at)
    }
    if (params.default_payment_method !== undefined) {
      if (typeof params.default_payment_method !== 'string' || !paymentMethods.has(params.default_payment_method)) {
        return noSuch('PaymentMethod', String(params.default_payment_method), 'default_payment_method')
      }
      changed.default_payment_method = params.default_payment_method
    }
    if (params.pause_collection !== undefined) {
      const pause = params.pause_collection
      if (pause === '') changed.pause_collection = null
      else if (!isHash(pause) || !['void', 'keep_as_draft', 'mark_uncollectible'].includes(pause.behavior as string)) {
        return invalid('pause_collection[behavior]', 'Invalid pause_collection[behavior].')
      } else if (pause.resumes_at !== undefined && (typeof pause.resumes_at !== 'string' || !/^\d+$/.test(pause.resumes_at))) {
        return invalid('pause_collection[resumes_at]', 'Invalid timestamp.')
      } else {
        changed.pause_collection = { behavior: pause.behavior as 'void', resumes_at: pause.resumes_at ? Number(pause.resumes_at) : null }
      }
    }
    subscriptions.set(subscription.id, changed)
    return { status: 200, body: changed }
  }

  /** Ends a subscription (a DELETE, or Stripe after its last try) and posts customer.subscription.deleted, once. */
  async function end(ref: string): Promise<Stripe.Subscription> {
    const subscription = subscriptionFor(ref)
    if (subscription.status === 'canceled') return subscription
    const ended = { ...subscription, status: 'canceled', canceled_at: now(), ended_at: now() } as Stripe.Subscription
    subscriptions.set(ref, ended)
    await shared.deliver('customer.subscription.deleted', ended)
    return ended
  }

  function route(method: string, path: string, params: Params): Answer | Promise<Answer> | undefined {
    if (method === 'POST' && path === '/v1/customers') return createCustomer(params)
    if (method === 'POST' && path === '/v1/products') return createProduct(params)
    if (method === 'POST' && path === '/v1/subscriptions') return createSubscription(params)
    if (method === 'POST' && path === '/v1/setup_intents') return createSetupIntent(params)
    const setup = path.match(/^\/v1\/setup_intents\/([^/]+)$/)
    if (method === 'GET' && setup) return retrieveSetupIntent(decodeURIComponent(setup[1]!), params)
    const one = path.match(/^\/v1\/(subscriptions|invoices)\/([^/]+)$/)
    if (!one) return undefined
    const ref = decodeURIComponent(one[2]!)
    if (one[1] === 'invoices') {
      const invoice = invoices.get(ref)
      if (method !== 'GET') return undefined
      if (!invoice) return noSuch('invoice', ref)
      const asked = params.expand === undefined ? [] : Array.isArray(params.expand) ? params.expand : [params.expand]
      if (asked.some((e) => e !== 'payments')) return fail(400, { type: 'invalid_request_error', message: 'This property cannot be expanded.' })
      // Without `expand[]=payments`, the invoice leaves out its payments, as Stripe's does (an includable field).
      return unknownParam(params, new Set(['expand'])) ?? { status: 200, body: asked.length ? invoice : { ...invoice, payments: undefined } }
    }
    const subscription = subscriptions.get(ref)
    if (!subscription) return noSuch('subscription', ref)
    if (method === 'GET') {
      const problem = unknownParam(params, new Set(['expand']))
      if (problem) return problem
      const expanded = expansion(params)
      return expanded instanceof Set ? { status: 200, body: expand(subscription, expanded) } : expanded
    }
    if (method === 'POST') return updateSubscription(subscription, params)
    if (method === 'DELETE') return end(ref).then((ended) => ({ status: 200, body: ended }))
    return undefined
  }

  function subscriptionFor(ref: string) {
    const subscription = subscriptions.get(ref)
    if (!subscription) throw new Error(`The Stripe stand-in has no subscription ${ref}`)
    return subscription
  }

  function invoiceFor(ref: string) {
    const invoice = invoices.get(ref)
    if (!invoice) throw new Error(`The Stripe stand-in has no invoice ${ref}`)
    return invoice
  }

  const intentOf = (invoice: Stripe.Invoice) => invoice.payments!.data[0]!.payment.payment_intent as string

  /** An invoice paid: the subscription is active, keeps the card that paid, and invoice.paid is posted. */
  async function invoicePaid(invoice: Stripe.Invoice, intent: Stripe.PaymentIntent) {
    const paid = {
      ...invoice,
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempted: true,
      next_payment_attempt: null,
    } as Stripe.Invoice
    if (invoice.attempt_count === 0) paid.attempt_count = 1
    invoices.set(invoice.id, paid)
    const ref = paid.parent!.subscription_details!.subscription as string
    subscriptions.set(ref, { ...subscriptionFor(ref), status: 'active', default_payment_method: intent.payment_method } as Stripe.Subscription)
    await shared.deliver('invoice.paid', paid)
  }

  /** An invoice's try refused: open with its next try (none after the last), the subscription past due, invoice.payment_failed posted. */
  async function invoiceFailed(invoice: Stripe.Invoice, last: boolean) {
    const attempts = invoice.attempt_count + 1
    const failed = {
      ...invoice,
      attempt_count: attempts,
      attempted: true,
      next_payment_attempt: last ? null : now() + [1, 3, 5][Math.min(attempts, 3) - 1]! * DAY,
    }
    invoices.set(invoice.id, failed as Stripe.Invoice)
    const ref = failed.parent!.subscription_details!.subscription as string
    subscriptions.set(ref, { ...subscriptionFor(ref), status: 'past_due' } as Stripe.Subscription)
    await shared.deliver('invoice.payment_failed', failed)
    return failed as Stripe.Invoice
  }

  /** Takes an invoice's PaymentIntent with the subscription's card: it succeeds with a charge, as `succeed` would make. */
  function charge(invoice: Stripe.Invoice, subscription: Stripe.Subscription): Stripe.PaymentIntent {
    const ref = intentOf(invoice)
    const intent = shared.intents.get(ref)!
    const earlier = [...shared.charges.values()].find((c) => c.payment_method === subscription.default_payment_method)
    const made = {
      ...(earlier ?? {}),
      id: id('ch'),
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      payment_intent: ref,
      created: now(),
    } as Stripe.Charge
    shared.charges.set(made.id, made)
    const succeeded = {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: made.id,
      payment_method: subscription.default_payment_method,
    } as Stripe.PaymentIntent
    shared.intents.set(ref, succeeded)
    return succeeded
  }

  return {
    customers,
    products,
    subscriptions,
    invoices,
    route,

    /** The stand-in's `succeed` of an intent: when it pays a subscription's invoice, the invoice is paid. */
    async intentSucceeded(intent: Stripe.PaymentIntent) {
      const invoice = [...invoices.values()].find((i) => intentOf(i) === intent.id)
      if (invoice && invoice.status !== 'paid') await invoicePaid(invoice, intent)
    },

    /** The subscription's next month: a new invoice, taken from the kept card, or refused (`paid: false`). */
    async renew(ref: string, outcome: { paid: boolean; last?: boolean } = { paid: true }): Promise<Stripe.Invoice> {
      const subscription = subscriptionFor(ref)
      if (subscription.status === 'canceled' || subscription.status === 'incomplete') throw new Error(`The subscription ${ref} is ${subscription.status}`)
      const invoice = newInvoice(subscription, 'subscription_cycle', subscription.items.data[0]!.price.unit_amount!)
      subscriptions.set(ref, { ...subscription, latest_invoice: invoice.id })
      if (!outcome.paid) return invoiceFailed(invoice, outcome.last ?? false)
      await invoicePaid(invoice, charge(invoice, subscription))
      return invoiceFor(invoice.id)
    },

    /** Stripe's next try of an open invoice. */
    async retry(invoiceRef: string, outcome: { paid: boolean; last?: boolean }): Promise<Stripe.Invoice> {
      const invoice = invoiceFor(invoiceRef)
      const subscription = subscriptionFor(invoice.parent!.subscription_details!.subscription as string)
      if (!outcome.paid) return invoiceFailed(invoice, outcome.last ?? false)
      await invoicePaid({ ...invoice, attempt_count: invoice.attempt_count + 1 }, charge(invoice, subscription))
      return invoiceFor(invoice.id)
    },

    /** Stripe ends the subscription (after its last try, or from the dashboard). */
    remove: end,

    setupIntents,

    /** The customer saved a card in the browser: the SetupIntent succeeds with a card ending `last4`, and setup_intent.succeeded is posted. */
    async setupSucceeded(ref: string, card: { last4?: string } = {}): Promise<Stripe.SetupIntent> {
      const setup = setupIntents.get(ref)
      if (!setup) throw new Error(`The Stripe stand-in has no setup intent ${ref}`)
      const method = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        customer: setup.customer,
        card: { brand: 'visa', country: 'GB', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit', last4: card.last4 ?? '4242' },
        created: now(),
        livemode: false,
      } as unknown as Stripe.PaymentMethod
      paymentMethods.set(method.id, method)
      const succeeded = { ...setup, status: 'succeeded', payment_method: method.id } as Stripe.SetupIntent
      setupIntents.set(ref, succeeded)
      await shared.deliver('setup_intent.succeeded', succeeded)
      return succeeded
    },
  }
}
