import { Hono } from 'hono'
import { z } from 'zod'
import { HttpError } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'

/** The parts of a Stripe event this server reads; the rest of what Stripe sends is not looked at. */
export interface WebhookEvent {
  id: string
  type: string
  data: { object: { id?: string; object?: string } }
}

/** Every Stripe event has an id and a type: anything else is not one. */
const EventEnvelope = z.object({ id: z.string().min(1), type: z.string().min(1) })
/** An event acted on carries its object (a PaymentIntent, an invoice, a subscription); only its id is read, since it is read back from Stripe. */
const eventOf = (object: string) => z.object({ data: z.object({ object: z.object({ id: z.string().min(1), object: z.literal(object) }) }) })

/** Another module's events (a membership's subscription and invoices): the type, the object it carries, and who acts. */
export interface WebhookFollower {
  type: string
  object: 'invoice' | 'subscription' | 'setup_intent' | 'payment_intent'
  handle: (ref: string) => Promise<unknown>
}

const NOT_AN_EVENT = 'This body is not a Stripe event: it needs an id and a type.'
const NOT_A_PAYMENT = 'This Stripe event is not a payment we can act on: a payment_intent.succeeded event must carry the PaymentIntent in data.object.'
const notThe = (type: string, object: string) => `This Stripe event is not one we can act on: a ${type} event must carry the ${object} in data.object.`

/**
 * POST /webhooks/stripe: Stripe tells us a payment succeeded, so a purchase is credited even when the customer's
 * browser closed mid-payment; and, for a membership's subscription, that a month was paid or refused or that the
 * subscription ended (docs/decisions/047-stripe-subscriptions.md), each read back from Stripe before it is acted on. The signature (and its timestamp, 300 s at most) is checked on the raw body before
 * anything is read; a bad one is answered 400 and changes nothing. Crediting is idempotent, so a redelivered event
 * credits once; the intent is read back from Stripe before anything is credited.
 *
 * Stripe expects a 2xx for every event it sends, so an event of a type we do not act on is acknowledged (200) and
 * ignored. A signed body that is no event, or a payment_intent.succeeded without a PaymentIntent, is something
 * Stripe never sends: it is refused with 400 and a message, changes nothing, and shows as a failed delivery.
 */
export function createStripeWebhookRoutes(options: {
  verify: (rawBody: string, signature: string | undefined) => WebhookEvent
  onSucceeded: (ref: string) => Promise<void>
  /** The events other modules act on, asked for at each delivery (they are added after this module is made). */
  followers: () => readonly WebhookFollower[]
  logger: Logger
}) {
  return new Hono().post('/stripe', async (c) => {
    const raw = await c.req.text()
    let verified: unknown
    try {
      verified = options.verify(raw, c.req.header('stripe-signature'))
    } catch {
      throw new HttpError(400, 'The Stripe-Signature header is missing, wrong or too old: the event was not accepted.')
    }
    const event = EventEnvelope.safeParse(verified)
    if (!event.success) throw new HttpError(400, NOT_AN_EVENT)
    const { id, type } = event.data
    const follower =
      type === 'payment_intent.succeeded'
        ? { object: 'payment_intent', handle: options.onSucceeded, refused: NOT_A_PAYMENT }
        : options.followers().find((f) => f.type === type)
    if (!follower) {
      options.logger.debug({ eventId: id, type }, 'a Stripe event this server does not act on')
      return c.json({ received: true })
    }
    const carried = eventOf(follower.object).safeParse(verified)
    if (!carried.success) {
      options.logger.warn({ eventId: id, type }, `a signed Stripe event without its ${follower.object}: refused`)
      throw new HttpError(400, 'refused' in follower ? follower.refused : notThe(type, follower.object))
    }
    await follower.handle(carried.data.data.object.id)
    return c.json({ received: true })
  })
}
