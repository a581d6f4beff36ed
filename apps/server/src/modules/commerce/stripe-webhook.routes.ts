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
/** The one event acted on carries a PaymentIntent; only its id is read, since the intent is read back from Stripe. */
const SucceededEvent = z.object({ data: z.object({ object: z.object({ id: z.string().min(1), object: z.literal('payment_intent') }) }) })

const NOT_AN_EVENT = 'This body is not a Stripe event: it needs an id and a type.'
const NOT_A_PAYMENT = 'This Stripe event is not a payment we can act on: a payment_intent.succeeded event must carry the PaymentIntent in data.object.'

/**
 * POST /webhooks/stripe: Stripe tells us a payment succeeded, so a purchase is credited even when the customer's
 * browser closed mid-payment. The signature (and its timestamp, 300 s at most) is checked on the raw body before
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
    if (type !== 'payment_intent.succeeded') {
      options.logger.debug({ eventId: id, type }, 'a Stripe event this server does not act on')
      return c.json({ received: true })
    }
    const succeeded = SucceededEvent.safeParse(verified)
    if (!succeeded.success) {
      options.logger.warn({ eventId: id, type }, 'a signed Stripe event without a PaymentIntent: refused')
      throw new HttpError(400, NOT_A_PAYMENT)
    }
    await options.onSucceeded(succeeded.data.data.object.id)
    return c.json({ received: true })
  })
}
