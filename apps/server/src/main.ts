import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { pino } from 'pino'
import { createDatabase } from '@salon/db'
import { seedDemo } from '@salon/db/seed'
import type { ServerBuild } from 'react-router'
import { createOutboxEmailSender } from './adapters/email/outbox.ts'
import { createSmtpEmailSender } from './adapters/email/smtp.ts'
import { createOutboxRepository } from './adapters/outbox/outbox.repository.ts'
import { loadOutboxToken } from './adapters/outbox/outbox-token.ts'
import { createStripePayments, stripeApiAddress } from './adapters/payments/stripe.ts'
import { createGooglePlacesReviews } from './adapters/reviews/google-places.ts'
import { createOutboxSmsSender } from './adapters/sms/outbox.ts'
import { createTwilioSmsSender } from './adapters/sms/twilio.ts'
import { createApp } from './app.ts'
import { identityTransaction } from './modules/identity/identity-transaction.ts'
import { removeStaleSignUps } from './modules/identity/identity.service.ts'
import { readSettings } from './env.ts'
import { createLogger } from './lib/logger.ts'
import { removeExpiredWindows } from './lib/rate-limit.ts'
import { createRateLimitRepository } from './lib/rate-limit.repository.ts'
import { createWebHandler, type WebOptions } from './web.ts'
import { localCertificate } from './local-https.ts'
import { removeExpiredSignIns, type HostedSignInOptions, type SocialProviderSettings } from './modules/hosted-sign-in/hosted-sign-in.ts'

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web')
const dev = process.argv.includes('--dev')

// Settings from a local .env file, if there is one; the environment wins over it.
if (existsSync('.env')) process.loadEnvFile('.env')
const settings = readSettings()
// Lines are written to standard output without waiting for each: under load they go out together, one write for
// many requests, and what is still buffered is written before the process exits.
const logger = createLogger(settings.LOG_LEVEL, pino.destination({ dest: 1, sync: false }))
const production = settings.NODE_ENV === 'production'

const databaseOptions = settings.DATABASE_URL ? { url: settings.DATABASE_URL } : { dataDir: settings.DATA_DIR }
// Migrations and the demo seed run on a connection of their own, closed before serving: the embedded
// database keeps every page of memory it ever grows to, and setting up a new one grows it by ~200 MB.
const setup = await createDatabase(databaseOptions)
await setup.migrate()
if (settings.SEED_DEMO) await seedDemo(setup.db, { apiKey: settings.API_KEY })
await setup.close()
const database = await createDatabase(databaseOptions)

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
// The outbox opens only with this token (docs/decisions/008), given in the link the log shows once the server listens.
const outboxToken = sms.kind === 'outbox' || email.kind === 'outbox' ? (settings.OUTBOX_TOKEN ?? loadOutboxToken(settings.DATA_DIR)) : undefined

const places =
  settings.GOOGLE_PLACES_API_KEY && settings.GOOGLE_PLACE_ID
    ? createGooglePlacesReviews({ apiKey: settings.GOOGLE_PLACES_API_KEY, placeId: settings.GOOGLE_PLACE_ID, baseUrl: settings.GOOGLE_PLACES_BASE_URL })
    : undefined

// Card payments: Stripe when its keys are set, else the offline test processor createApp builds, which takes no real payment.
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

// The hosted sign-in (docs/decisions/018): at HOSTED_SIGN_IN_URL, or in the local HTTPS mode at https://localhost:HTTPS_PORT.
const hostedUrl = settings.HOSTED_SIGN_IN_URL ?? (settings.HTTPS_PORT ? `https://localhost:${settings.HTTPS_PORT}` : undefined)
const socialProviders: SocialProviderSettings[] = [
  ...(settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET
    ? [{ name: 'Google' as const, issuer: settings.GOOGLE_ISSUER_URL, clientId: settings.GOOGLE_CLIENT_ID, clientSecret: settings.GOOGLE_CLIENT_SECRET }]
    : []),
  ...(settings.APPLE_CLIENT_ID && settings.APPLE_TEAM_ID && settings.APPLE_KEY_ID && settings.APPLE_PRIVATE_KEY
    ? [
        {
          name: 'SignInWithApple' as const,
          issuer: settings.APPLE_ISSUER_URL,
          clientId: settings.APPLE_CLIENT_ID,
          teamId: settings.APPLE_TEAM_ID,
          keyId: settings.APPLE_KEY_ID,
          privateKey: settings.APPLE_PRIVATE_KEY,
        },
      ]
    : []),
]
const siteAddresses = (path: string) => [...(hostedUrl ? [`${hostedUrl}${path}`] : []), ...(settings.PUBLIC_URL ? [`${settings.PUBLIC_URL}${path}`] : [])]
const hostedSignIn: HostedSignInOptions | undefined =
  hostedUrl && !settings.COGNITO_USER_POOL_ID
    ? {
        issuer: hostedUrl,
        redirectUris: settings.HOSTED_SIGN_IN_REDIRECT_URIS ?? siteAddresses('/sign-in/'),
        signOutUris: settings.HOSTED_SIGN_OUT_URIS ?? siteAddresses('/'),
        providers: socialProviders,
      }
    : undefined

const config = {
  shopId: settings.SHOP_ID,
  apiKey: settings.API_KEY,
  apiBaseUrl: settings.API_BASE_URL,
  siteUrl: settings.PUBLIC_URL ?? null,
  gaMeasurementId: settings.GA_MEASUREMENT_ID ?? null,
  identity: settings.COGNITO_USER_POOL_ID
    ? {
        region: settings.COGNITO_REGION,
        userPoolId: settings.COGNITO_USER_POOL_ID,
        userPoolClientId: settings.COGNITO_CLIENT_ID!,
        endpoint: null,
        oauth:
          settings.COGNITO_DOMAIN && settings.COGNITO_SOCIAL_PROVIDERS
            ? { domain: settings.COGNITO_DOMAIN, providers: settings.COGNITO_SOCIAL_PROVIDERS }
            : null,
      }
    : {
        region: settings.USER_POOL_ID.split('_')[0]!,
        userPoolId: settings.USER_POOL_ID,
        userPoolClientId: settings.USER_POOL_CLIENT_ID,
        endpoint: '/cognito/',
        oauth:
          hostedSignIn && hostedUrl && socialProviders.length > 0
            ? {
                domain: new URL(hostedUrl).host,
                providers: socialProviders.map((p) => (p.name === 'Google' ? ('Google' as const) : ('Apple' as const))),
                origins: [...new Set(hostedSignIn.redirectUris.map((uri) => new URL(uri).origin))],
              }
            : null,
      },
}

const vite = dev ? await (await import('vite')).createServer({ root: webRoot, server: { middlewareMode: true }, appType: 'custom' }) : undefined
const web: WebOptions = vite
  ? {
      build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      mode: 'development',
      config,
      trustProxy: settings.TRUST_PROXY,
    }
  : {
      build: (await import(pathToFileURL(path.join(webRoot, 'build/server/index.js')).href)) as ServerBuild,
      mode: 'production',
      clientDir: path.join(webRoot, 'build/client'),
      pageCacheMs: settings.PUBLIC_CACHE_SECONDS * 1000,
      config,
      trustProxy: settings.TRUST_PROXY,
    }

const ga = settings.GA_MEASUREMENT_ID ? ['https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'] : []
const cognito = settings.COGNITO_USER_POOL_ID
  ? [`https://cognito-idp.${settings.COGNITO_REGION}.amazonaws.com`, ...(settings.COGNITO_DOMAIN ? [`https://${settings.COGNITO_DOMAIN}`] : [])]
  : []
const apiOrigin = /^https?:\/\//.test(settings.API_BASE_URL) ? [new URL(settings.API_BASE_URL).origin] : []
// Stripe.js and its Payment Element: the script, the card fields' and 3-D Secure frames, its API, its card-brand images.
const stripeCsp = stripe
  ? {
      scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
      images: ['https://*.stripe.com'],
    }
  : { scripts: [], frames: [], connect: [], images: [] }

const app = createApp({
  database,
  logger,
  email,
  sms,
  reviewsSource: places && (() => places),
  reviewsCacheMs: settings.REVIEWS_CACHE_HOURS * 3600_000,
  publicCacheMs: settings.PUBLIC_CACHE_SECONDS * 1000,
  trustProxy: settings.TRUST_PROXY,
  siteUrl: settings.PUBLIC_URL,
  identity: {
    poolId: settings.USER_POOL_ID,
    clientId: settings.USER_POOL_CLIENT_ID,
    defaultShopId: settings.SHOP_ID,
    signUpsPerAddressPerHour: settings.SIGN_UPS_PER_HOUR,
    signInsPerAddressPerHour: settings.SIGN_INS_PER_HOUR,
    codeRequestsPerAddressPerHour: settings.CODE_REQUESTS_PER_HOUR,
    cognito: settings.COGNITO_USER_POOL_ID
      ? { region: settings.COGNITO_REGION, userPoolId: settings.COGNITO_USER_POOL_ID, clientId: settings.COGNITO_CLIENT_ID! }
      : undefined,
    hostedSignIn,
  },
  corsOrigins: settings.CORS_ORIGINS,
  csp: {
    connect: [...apiOrigin, ...cognito, ...ga, ...stripeCsp.connect],
    scripts: [...ga, ...stripeCsp.scripts],
    images: [...ga, ...stripeCsp.images],
    frames: stripeCsp.frames,
  },
  payments: stripe?.payments,
  stripeWebhookSecret: stripe?.webhookSecret,
  outboxToken,
  dev,
  web: createWebHandler(web),
})

// Sign-ups nobody confirmed within 24 hours are removed, at start and every hour, so a number cannot be held.
const sweepStaleSignUps = () =>
  removeStaleSignUps(identityTransaction(database.db)).then(
    (removed) => removed > 0 && logger.info({ removed }, 'removed sign-ups left unconfirmed for 24 hours'),
    (err: unknown) => logger.error({ err }, 'could not remove stale sign-ups'),
  )
if (!settings.COGNITO_USER_POOL_ID) {
  void sweepStaleSignUps()
  setInterval(() => void sweepStaleSignUps(), 3600_000).unref()
}

// Hosted sign-in requests past their time go the same way.
if (hostedSignIn) {
  const sweepSignIns = () =>
    removeExpiredSignIns(database.db).then(
      (removed) => removed > 0 && logger.debug({ removed }, 'removed expired hosted sign-in requests'),
      (err: unknown) => logger.error({ err }, 'could not remove expired hosted sign-in requests'),
    )
  void sweepSignIns()
  setInterval(() => void sweepSignIns(), 3600_000).unref()
}

// Rate-limit counters whose window has run out are removed the same way, so the table holds only live windows.
const rateLimits = createRateLimitRepository(database.db)
const sweepExpiredWindows = () =>
  removeExpiredWindows(rateLimits).then(
    (removed) => removed > 0 && logger.debug({ removed }, 'removed expired rate-limit windows'),
    (err: unknown) => logger.error({ err }, 'could not remove expired rate-limit windows'),
  )
void sweepExpiredWindows()
setInterval(() => void sweepExpiredWindows(), 3600_000).unref()

// Minutes whose lot has expired are written off in the ledger, at start and every 15 minutes, so the salon's
// records agree with what customers see (each customer's own reads and bookings also write off what is due).
const sweepExpiredMinutes = () =>
  app.commerce.expireDue().then(
    (written) => written > 0 && logger.info({ written }, 'wrote off expired minutes'),
    (err: unknown) => logger.error({ err }, 'could not write off expired minutes'),
  )
void sweepExpiredMinutes()
setInterval(() => void sweepExpiredMinutes(), 15 * 60_000).unref()

const listener = app.nodeListener(getRequestListener(app.fetch))
const server = createServer((req, res) => (vite ? vite.middlewares(req, res, () => listener(req, res)) : listener(req, res)))
// Clients keep an idle connection to send the next request on (load balancers for up to 60 s). Node closes idle
// ones after 5 s, and a request sent just as it does fails with ECONNRESET ("socket hang up"): the server waits
// longer than its clients, so the client always closes first, and allows a little longer than that for headers.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
// The local HTTPS mode: the same app on a second port, over TLS, for Amplify's redirect sign-in; plain HTTP stays as it is.
const certificate = settings.HTTPS_PORT
  ? localCertificate({ dataDir: settings.DATA_DIR, certFile: settings.TLS_CERT_FILE, keyFile: settings.TLS_KEY_FILE })
  : undefined
const secureServer = certificate
  ? createHttpsServer({ cert: certificate.cert, key: certificate.key }, (req, res) =>
      vite ? vite.middlewares(req, res, () => listener(req, res)) : listener(req, res),
    )
  : undefined
if (secureServer && settings.HTTPS_PORT) {
  secureServer.keepAliveTimeout = 65_000
  secureServer.headersTimeout = 66_000
  secureServer.listen(settings.HTTPS_PORT, settings.HOST, () =>
    logger.info(
      { port: settings.HTTPS_PORT, certificate: certificate!.from, hostedSignIn: hostedSignIn?.providers?.map((p) => p.name) ?? [] },
      `salon ready at https://localhost:${settings.HTTPS_PORT}/ (hosted sign-in at ${hostedUrl})`,
    ),
  )
}
server.listen(settings.PORT, settings.HOST, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : settings.PORT
  const { keepAliveTimeout, headersTimeout } = server
  logger.info(
    { port, database: database.kind, email: email.kind, sms: sms.kind, payments: stripe ? 'stripe' : 'offline', dev, keepAliveTimeout, headersTimeout },
    `salon ready at http://localhost:${port}/`,
  )
  const held = [sms.kind === 'outbox' && 'text messages', email.kind === 'outbox' && 'emails'].filter(Boolean)
  if (outboxToken) {
    const link = `http://localhost:${port}/dev/outbox/?token=${outboxToken}`
    if (production) {
      logger.warn(
        `${held.join(' and ')} are not sent: they wait in the outbox, which opens only on this machine at ${link} . Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM and SMTP_URL before customers use this server.`,
      )
    } else logger.info(`${held.join(' and ')} wait in the outbox: ${link}`)
  }
  if (production && !settings.PUBLIC_URL) {
    logger.warn(
      "PUBLIC_URL is unset: canonical links, shared-link tags, sitemap.xml and robots.txt name the address each request came to, and public pages are kept apart per address. Set PUBLIC_URL to the site's address (for example https://www.bronze-glow.example) before the site is public.",
    )
  }
  if (production && !stripe) {
    logger.warn(
      'card payments use the offline test processor: it takes only test cards and no real payment. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET before customers buy packages.',
    )
  }
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down: finishing requests in flight')
  const force = setTimeout(() => {
    logger.warn('requests still open after 10 s; closing anyway')
    server.closeAllConnections()
    secureServer?.closeAllConnections()
  }, 10_000)
  force.unref()
  server.closeIdleConnections()
  secureServer?.closeIdleConnections()
  await Promise.all([server, ...(secureServer ? [secureServer] : [])].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
  await vite?.close()
  smtp?.close()
  await database.close()
  logger.info('stopped')
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
