import type { IncomingMessage, ServerResponse } from 'node:http'
import { OpenAPIHono } from '@hono/zod-openapi'
import type { Database } from '@salon/db'
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { EmailSender } from './adapters/email/email.ts'
import { createOutboxRepository } from './adapters/outbox/outbox.repository.ts'
import { createOutboxRoutes } from './adapters/outbox/outbox.routes.ts'
import { newOutboxToken } from './adapters/outbox/outbox-token.ts'
import type { ReviewsSource } from './adapters/reviews/reviews.ts'
import type { SmsSender } from './adapters/sms/sms.ts'
import { apiFallback } from './lib/api-fallback.ts'
import { compression } from './lib/compression.ts'
import { httpCaching } from './lib/http-caching.ts'
import { errorHandler, HttpError } from './lib/errors.ts'
import { createHealthCheck } from './lib/health-check.ts'
import type { Logger } from './lib/logger.ts'
import { createPublicContent } from './lib/public-content.ts'
import { createRouter } from './lib/openapi.ts'
import { createRateLimiter } from './lib/rate-limit.ts'
import {
  argon2Passwords,
  BUILT_IN_POOL,
  type ApiEnv,
  cognitoVerifier,
  createCognitoRoutes,
  createCustomersRepository,
  createIdentityRepository,
  createIdentityService,
  createTokenIssuer,
  DEFAULT_ADDRESS_LIMITS,
  identityTransaction,
  loadSigningKeys,
  localVerifier,
  type PasswordHasher,
  requireIdentity,
  type SigningKeys,
} from './modules/identity/public.ts'
import { requestLines, requestLog, type RequestIdVariables } from './lib/request-log.ts'
import { createReplay, type ReplayVariables } from './lib/replay.ts'
import { createRateLimitRepository } from './lib/rate-limit.repository.ts'
import { DATA_HEADERS, HSTS, securityHeaders, servedOverHttps, staticSecurityHeaders, type NonceVariables } from './lib/security-headers.ts'
import { loadStaticFiles, staticFiles } from './lib/static-files.ts'
import { trailingSlash } from './lib/trailing-slash.ts'
import { wellFormedText } from './lib/well-formed-text.ts'
import {
  type CommerceService,
  createCommerceRepository,
  createCommerceRoutes,
  createCommerceService,
  createLedgerRepository,
  createPackagesRepository,
  createPackagesRoutes,
  createStripeWebhookRoutes,
} from './modules/commerce/public.ts'
import { createContentRepository, createContentRoutes, createContentService, createSeoRoutes } from './modules/content/public.ts'
import { createAvailabilityCache, createBookingRepository, createBookingRoutes, createBookingService } from './modules/booking/public.ts'
import { createOfflinePayments } from './adapters/payments/offline.ts'
import type { PaymentProviderAdapter } from './adapters/payments/payments.ts'
import { verifyStripeWebhook } from './adapters/payments/stripe.ts'
import { createAccountRoutes, createAccountService } from './modules/account/public.ts'
import { acceptingEarlierIssuer, createHostedSignIn, type HostedSignInOptions } from './modules/hosted-sign-in/public.ts'
import { createShopRepository, createShopRoutes, createShopService, shopAccess } from './modules/shop/public.ts'
import type { WebHandler } from './web.ts'

export const MAX_BODY_BYTES = 64 * 1024

/**
 * Refuses a body over `maxBytes` with 413 and the limit named, before any of it is parsed. A body whose length is
 * declared is judged by its Content-Length, as the HTTP parser will not deliver more; only a chunked body is
 * counted as it streams. A GET or HEAD has no body. Neither case builds a web Request just to look.
 */
const limitBody = (maxBytes: number): MiddlewareHandler => {
  const tooLarge = () => {
    throw new HttpError(413, `The request body is too large: the limit is ${maxBytes / 1024} KiB.`)
  }
  const streamed = bodyLimit({ maxSize: maxBytes, onError: tooLarge })
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) return Number(length) > maxBytes ? tooLarge() : next()
    return streamed(c, next)
  }
}

/** The built-in user pool's ids when settings give none (the values in .env.example). */
export const DEFAULT_POOL: IdentityOptions = BUILT_IN_POOL

export interface IdentityOptions {
  poolId: string
  clientId: string
  /** The shop whose name text messages carry when a request names none. */
  defaultShopId: string
  /** Sign-ups send text messages, which cost the salon money: at most this many per client address and hour (50 by default). */
  signUpsPerAddressPerHour?: number
  /** Password sign-ins per client address and hour (60 by default): numbers cannot be probed for accounts without limit. */
  signInsPerAddressPerHour?: number
  /** Codes asked for (ForgotPassword, ResendConfirmationCode) per client address and hour (10 by default). */
  codeRequestsPerAddressPerHour?: number
  /** A real Amazon Cognito user pool: the API checks its tokens, and /cognito/ is not served. */
  cognito?: { region: string; userPoolId: string; clientId: string; jwksUrl?: string }
  /** The hosted sign-in (/oauth2/…, docs/decisions/018); its address then issues the pool's tokens. */
  hostedSignIn?: HostedSignInOptions
}

export interface AppDeps {
  database: Database
  logger: Logger
  email: EmailSender
  sms: SmsSender
  reviewsSource?: (shopId: string) => ReviewsSource | undefined
  reviewsCacheMs?: number
  trustProxy?: boolean
  corsOrigins?: string[]
  /** Extra origins the browser may reach (a separate API host, analytics). */
  csp?: { connect?: string[]; scripts?: string[]; images?: string[]; frames?: string[] }
  dev?: boolean
  identity?: IdentityOptions
  passwords?: PasswordHasher
  /** How long the salon's public content (details, beds, blog list, packages, reviews) is kept in memory; 0 (the default) reads it every time. */
  publicCacheMs?: number
  /** The clock of the identity and booking services, for tests of expiry and of booking dates. */
  now?: () => number
  /** The web app; absent in API-only tests. */
  web?: WebHandler
  /** Card payments through Stripe; by default the built-in offline test processor, which takes no real payment. */
  payments?: PaymentProviderAdapter
  /** The site's public address, for sitemap.xml and robots.txt (PUBLIC_URL); by default each request's own. */
  siteUrl?: string
  /** Checks the signature of Stripe's webhook (POST /webhooks/stripe); the route exists only with it. */
  stripeWebhookSecret?: string
  /** The longest a free-times answer is kept in memory (60 s by default; 0 keeps none); changes drop it sooner (docs/decisions/015). */
  availabilityCacheMs?: number
  /** The secret that opens the outbox (docs/decisions/008); without one, a new random one that nobody knows keeps it shut. */
  outboxToken?: string
}

export function createApp(deps: AppDeps) {
  const { db } = deps.database
  const trustProxy = deps.trustProxy ?? false
  const shops = createShopRepository(db)
  const outbox = createOutboxRepository(db)
  const rateLimiter = createRateLimiter(createRateLimitRepository(db))
  const content = createContentService({
    content: createContentRepository(db),
    shops,
    email: deps.email,
    rateLimiter,
    logger: deps.logger,
    reviewsSource: deps.reviewsSource,
    reviewsCacheMs: deps.reviewsCacheMs ?? 6 * 3600_000,
  })

  const pool = deps.identity ?? DEFAULT_POOL
  let keys: Promise<SigningKeys> | undefined
  const signingKeys = () => (keys ??= loadSigningKeys(db))
  const customers = createCustomersRepository(db)
  const poolTokens = createTokenIssuer({ keys: signingKeys, issuer: `urn:salon-identity:${pool.poolId}`, clientId: pool.clientId, now: deps.now })
  const hostedIssuer = pool.hostedSignIn && !pool.cognito ? pool.hostedSignIn.issuer : undefined
  const tokens = hostedIssuer
    ? acceptingEarlierIssuer(createTokenIssuer({ keys: signingKeys, issuer: hostedIssuer, clientId: pool.clientId, now: deps.now }), poolTokens)
    : poolTokens
  const identity = createIdentityService({
    poolId: pool.poolId,
    clientId: pool.clientId,
    defaultShopId: pool.defaultShopId,
    repository: createIdentityRepository(db),
    shops,
    tokens,
    passwords: deps.passwords ?? argon2Passwords,
    sms: deps.sms,
    rateLimiter,
    transaction: identityTransaction(db),
    addressLimits: {
      signUps: pool.signUpsPerAddressPerHour ?? DEFAULT_ADDRESS_LIMITS.signUps,
      signIns: pool.signInsPerAddressPerHour ?? DEFAULT_ADDRESS_LIMITS.signIns,
      codeRequests: pool.codeRequestsPerAddressPerHour ?? DEFAULT_ADDRESS_LIMITS.codeRequests,
    },
    logger: deps.logger,
    now: deps.now,
  })
  const verifier = pool.cognito ? cognitoVerifier(pool.cognito) : localVerifier(identity)

  const app = new OpenAPIHono<{ Variables: NonceVariables & RequestIdVariables & ReplayVariables }>()
  app.onError(errorHandler(deps.logger))
  app.notFound((c) => c.json({ message: `There is nothing at ${c.req.method} ${c.req.path}.` }, 404))

  const csp = {
    dev: deps.dev ?? false,
    connect: deps.csp?.connect ?? [],
    scripts: deps.csp?.scripts ?? [],
    images: deps.csp?.images ?? [],
    frames: deps.csp?.frames ?? [],
  }
  // The built files and the health check first: a file or a probe needs no request id, log line or compression of its own.
  if (deps.web?.clientDir) {
    const files = loadStaticFiles(deps.web.clientDir, staticSecurityHeaders(csp))
    const hsts: Record<string, string> = { 'Strict-Transport-Security': HSTS }
    app.use(staticFiles(files, (c) => (servedOverHttps(c, trustProxy) ? hsts : {})))
  }
  const health = createHealthCheck({ database: deps.database, logger: deps.logger, trustProxy, headers: DATA_HEADERS })
  app.use(health.middleware)

  app.use(requestLog(deps.logger))
  // Answers made from what is kept in memory, given again ahead of the chain (lib/replay.ts, docs/decisions/019).
  const replay = createReplay({ trustProxy, logLine: requestLines(deps.logger) })
  app.use(replay.capture())
  app.use(securityHeaders({ ...csp, trustProxy }))
  // Public answers a route marks shared carry standard HTTP caching (lib/http-caching.ts, docs/decisions/024).
  app.use(httpCaching({ seconds: Math.floor((deps.publicCacheMs ?? 0) / 1000), now: deps.now }))
  app.use(compression())
  // The hosted sign-in keeps a Cognito domain's exact paths (/oauth2/authorize, /logout): they are not pages.
  const pagePaths = trailingSlash()
  app.use((c, next) => (/^\/(oauth2\/|logout$)/.test(c.req.path) ? next() : pagePaths(c, next)))

  const api = createRouter<ApiEnv>()
  if (deps.corsOrigins?.length) {
    api.use(cors({ origin: deps.corsOrigins, allowHeaders: ['Content-Type', 'Authorization', 'shop_id', 'api_key'], maxAge: 600 }))
  }
  api.use(limitBody(MAX_BODY_BYTES))
  api.use(wellFormedText())
  api.openAPIRegistry.registerComponent('securitySchemes', 'shopId', { type: 'apiKey', in: 'header', name: 'shop_id' })
  api.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'api_key' })
  api.openAPIRegistry.registerComponent('securitySchemes', 'identityToken', {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: "The identity token (JWT) of the customer's session, on calls whose path contains p_book, p_account, customer/package or /session",
  })
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Salon API',
      version: '1.0.0',
      description: 'The API behind the salon customer web app. Every call carries the shop_id and api_key headers.',
    },
    security: [{ shopId: [], apiKey: [] }],
  })
  // Registered after the document, so the document stays public and everything else needs the shop's key.
  api.use('*', shopAccess(shops))
  api.use('*', requireIdentity(verifier))
  // The salon's public pages read the same few things on every visit: kept in memory for a short while.
  const publicContent = createPublicContent({ ttlMs: deps.publicCacheMs ?? 0, now: deps.now })
  void publicContent.follow(deps.database, (error) =>
    deps.logger.warn({ err: error }, 'Public content is not kept: the database notifications could not be followed.'),
  )
  const unchanged = publicContent.unchangedSince
  const publicCache = publicContent.kept
  const shopService = createShopService(shops)
  const packages = createPackagesRepository(db)
  api.route('/', createShopRoutes({ ...shopService, salon: publicCache(shopService.salon) }, { unchanged }))
  const blogs = publicCache(content.blogs)
  api.route('/', createContentRoutes({ ...content, blogs, reviews: publicCache(content.reviews) }, { trustProxy, unchanged }))
  api.route('/', createPackagesRoutes({ ...packages, activePackages: publicCache(packages.activePackages) }, { unchanged }))
  const ledger = createLedgerRepository(db)
  const bookingRepository = createBookingRepository(db, ledger)
  api.route('/', createAccountRoutes(createAccountService({ customers, bookings: bookingRepository, ledger, now: deps.now })))
  const offline = deps.payments ? undefined : createOfflinePayments(db, { now: deps.now })
  const commerce: CommerceService = createCommerceService({
    db,
    commerce: createCommerceRepository(db),
    ledger,
    customers,
    provider: deps.payments ?? offline!.adapter,
    email: deps.email,
    sms: deps.sms,
    logger: deps.logger,
    rateLimiter,
    now: deps.now ?? Date.now,
  })
  const availability = createAvailabilityCache({ now: deps.now ?? Date.now, maxAgeMs: deps.availabilityCacheMs })
  void availability.follow(deps.database, (error) =>
    deps.logger.warn({ err: error }, 'Free times are not kept: the database notifications could not be followed.'),
  )
  const bookings = createBookingService({
    availability,
    bookings: bookingRepository,
    ledger,
    customers,
    now: deps.now ?? Date.now,
    refundSessionPayment: commerce.refundSessionPayment,
  })
  api.route('/', createBookingRoutes(bookings, verifier))
  api.route('/', createCommerceRoutes(commerce, verifier))
  app.route('/api', api)
  // A mounted router's notFound is never called: without this, unknown API paths would reach the web app's pages.
  app.all('/api/*', apiFallback(api, '/api'))

  // The offline test processor is a card processor of its own, outside the salon API, as Stripe's API is.
  if (offline) {
    const processor = createRouter()
    processor.use(limitBody(4 * 1024))
    processor.use(wellFormedText())
    processor.route('/', offline.routes(commerce.providerSucceeded))
    app.route('/test-payments/v1/payment_intents', processor)
  }

  if (deps.stripeWebhookSecret) {
    const secret = deps.stripeWebhookSecret
    const webhooks = createStripeWebhookRoutes({
      verify: (raw, signature) => verifyStripeWebhook(secret, raw, signature, deps.now ? Math.floor(deps.now() / 1000) : undefined),
      onSucceeded: commerce.providerSucceeded,
      logger: deps.logger,
    })
    const limited = createRouter()
    limited.use(limitBody(MAX_BODY_BYTES))
    limited.route('/', webhooks)
    app.route('/webhooks', limited)
  }

  if (!pool.cognito) app.route('/', createCognitoRoutes({ identity, keys: signingKeys, logger: deps.logger, trustProxy }))
  if (!pool.cognito && pool.hostedSignIn) {
    const hosted = createHostedSignIn({
      db,
      options: pool.hostedSignIn,
      poolId: pool.poolId,
      clientId: pool.clientId,
      identity,
      tokens,
      keys: signingKeys,
      shopId: pool.defaultShopId,
      shops,
      sms: deps.sms,
      rateLimiter,
      logger: deps.logger,
      trustProxy,
      now: deps.now,
    })
    app.route('/', hosted.routes)
  }

  if (deps.email.kind === 'outbox' || deps.sms.kind === 'outbox') app.route('/dev', createOutboxRoutes(outbox, { token: deps.outboxToken ?? newOutboxToken() }))

  app.route('/', createSeoRoutes({ shopId: pool.defaultShopId, blogs, siteUrl: deps.siteUrl, trustProxy, startedAt: new Date((deps.now ?? Date.now)()) }))

  if (deps.web)
    app.route(
      '/',
      deps.web.routes(async (request, env) => app.fetch(request, env)),
    )

  /** Node's request listener for this app: the health check and answers kept in memory first, then the app. */
  const nodeListener = (next: (req: IncomingMessage, res: ServerResponse) => unknown) => health.front(replay.front(next))
  return Object.assign(app, { commerce, availability, publicContent, replay, nodeListener })
}
export type App = ReturnType<typeof createApp>
