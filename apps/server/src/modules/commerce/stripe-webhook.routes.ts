import { Hono } from 'hono'
import { HttpError } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'

/** The parts of a Stripe event this server reads. */
export interface WebhookEvent {
  id: string
  type: string
  data: { object: { id?: string; object?: string } }
}

/**
 * POST /webhooks/stripe: Stripe tells us a payment succeeded, so a purchase is credited even when the customer's
 * browser closed mid-payment. The signature (and its timestamp, 300 s at most) is checked on the raw body before
 * anything is read; a bad one is answered 400 and changes nothing. Crediting is idempotent, so a redelivered event
 * credits once; the intent is read back from Stripe before anything is credited.
 */
export function createStripeWebhookRoutes(options: {
  verify: (rawBody: string, signature: string | undefined) => WebhookEvent
  onSucceeded: (ref: string) => Promise<void>
  logger: Logger
}) {
  return new Hono().post('/stripe', async (c) => {
    const raw = await c.req.text()
    let event: WebhookEvent
    try {
      event = options.verify(raw, c.req.header('stripe-signature'))
    } catch {
      throw new HttpError(400, 'The Stripe-Signature header is missing, wrong or too old: the event was not accepted.')
    }
    if (event.type === 'payment_intent.succeeded' && event.data.object.object === 'payment_intent' && event.data.object.id) {
      await options.onSucceeded(event.data.object.id)
    } else {
      options.logger.debug({ eventId: event.id, type: event.type }, 'a Stripe event this server does not act on')
    }
    return c.json({ received: true })
  })
}
