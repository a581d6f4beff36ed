import type { Database } from '@salon/db'
import type { EmailSender } from './adapters/email/email.ts'
import { createOutboxEmailSender } from './adapters/email/outbox.ts'
import { createSmtpEmailSender } from './adapters/email/smtp.ts'
import { loadOutboxToken } from './adapters/outbox/outbox-token.ts'
import { createOutboxRepository } from './adapters/outbox/outbox.repository.ts'
import { createStripePayments, stripeApiAddress } from './adapters/payments/stripe.ts'
import type { PaymentProviderAdapter } from './adapters/payments/payments.ts'
import { createGooglePlacesReviews } from './adapters/reviews/google-places.ts'
import type { ReviewsSource } from './adapters/reviews/reviews.ts'
import { createOutboxSmsSender } from './adapters/sms/outbox.ts'
import type { SmsSender } from './adapters/sms/sms.ts'
import { createTwilioSmsSender } from './adapters/sms/twilio.ts'
import type { Settings } from './env.ts'
import type { Logger } from './lib/logger.ts'

export interface OutsideServices {
  email: EmailSender
  sms: SmsSender
  /** The outbox's token (docs/decisions/008), while a message goes to the outbox. */
  outboxToken?: string
  /** Google reviews of a place (GOOGLE_PLACE_ID's when none is named), while the server has the Google Places key. */
  reviews?: (placeId?: string) => ReviewsSource | undefined
  /** Card payments through Stripe; absent means the offline test processor, which takes no real payment. */
  stripe?: { payments: PaymentProviderAdapter; webhookSecret: string }
  /** Lets go of what the services hold open (the SMTP connection pool). */
  close(): void
}

/**
 * The outside services the settings name, each the real one when its settings are all there and the local stand-in
 * otherwise: email (SMTP or the outbox), text messages (Twilio or the outbox), reviews (Google Places or the
 * salon's own), card payments (Stripe or the offline test processor). Message bodies reach the log outside production only.
 */
export function outsideServices(settings: Settings, database: Database, logger: Logger): OutsideServices {
  const production = settings.NODE_ENV === 'production'
  const outbox = createOutboxRepository(database.db)
  const smtp = settings.SMTP_URL ? createSmtpEmailSender({ url: settings.SMTP_URL, from: settings.EMAIL_FROM }) : undefined
  const email = smtp ?? createOutboxEmailSender(outbox, logger, !production)
  const sms =
    settings.TWILIO_ACCOUNT_SID && settings.TWILIO_AUTH_TOKEN && settings.TWILIO_FROM
      ? createTwilioSmsSender({
          accountSid: settings.TWILIO_ACCOUNT_SID,
          authToken: settings.TWILIO_AUTH_TOKEN,
          from: settings.TWILIO_FROM,
          baseUrl: settings.TWILIO_BASE_URL,
        })
      : createOutboxSmsSender(outbox, logger, !production)
  // The outbox opens only with this token, given in the link the log shows once the server listens.
  const outboxToken = sms.kind === 'outbox' || email.kind === 'outbox' ? (settings.OUTBOX_TOKEN ?? loadOutboxToken(settings.DATA_DIR)) : undefined

  // Google reviews need the key; the place is the one a salon chose (docs/product.md §10.4), else GOOGLE_PLACE_ID.
  const apiKey = settings.GOOGLE_PLACES_API_KEY
  const reviews = apiKey
    ? (placeId = settings.GOOGLE_PLACE_ID) => (placeId ? createGooglePlacesReviews({ apiKey, placeId, baseUrl: settings.GOOGLE_PLACES_BASE_URL }) : undefined)
    : undefined

  const stripe =
    settings.STRIPE_SECRET_KEY && settings.STRIPE_PUBLISHABLE_KEY && settings.STRIPE_WEBHOOK_SECRET
      ? {
          payments: createStripePayments({
            secretKey: settings.STRIPE_SECRET_KEY,
            publishableKey: settings.STRIPE_PUBLISHABLE_KEY,
            ...stripeApiAddress(settings.STRIPE_API_BASE_URL),
          }),
          webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
        }
      : undefined

  return { email, sms, outboxToken, reviews, stripe, close: () => smtp?.close() }
}
