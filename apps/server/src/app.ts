import type { IncomingMessage, ServerResponse } from 'node:http'
import { OpenAPIHono } from '@hono/zod-openapi'
import type { Database } from '@salon/db'
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
import { limitBody } from './lib/body-limit.ts'
import { errorHandler } from './lib/errors.ts'
import { appMetrics } from './app-metrics.ts'
import { backupJobs, backupStatus, type BackupSchedule } from './jobs/backups.ts'
import { createBackupRoutes } from './jobs/backups.routes.ts'
import { createFailedWork } from './jobs/failed-jobs.ts'
import { createFailedJobRoutes } from './jobs/failed-jobs.routes.ts'
import { createHealthCheck } from './lib/health-check.ts'
import { metricsRoute } from './lib/metrics.ts'
import type { Logger } from './lib/logger.ts'
import { createJobQueue } from './lib/job-queue.ts'
import { createPublicContent } from './lib/public-content.ts'
import { sweepJobs } from './jobs/sweeps.ts'
import { createRouter } from './lib/openapi.ts'
import { createRateLimiter } from './lib/rate-limit.ts'
import {
  BUILT_IN_POOL,
  createIdentityModule,
  createRetention,
  createRetentionRoutes,
  type ApiEnv,
  type PasswordHasher,
  type UserPoolOptions,
} from './modules/identity/public.ts'
import { requestLines, requestLog, type RequestIdVariables } from './lib/request-log.ts'
import { createReplay, type ReplayVariables } from './lib/replay.ts'
import { createRateLimitRepository } from './lib/rate-limit.repository.ts'
import { cspOptions, DATA_HEADERS, HSTS, securityHeaders, servedOverHttps, staticSecurityHeaders, type NonceVariables } from './lib/security-headers.ts'
import { loadStaticFiles, staticFiles } from './lib/static-files.ts'
import { trailingSlash } from './lib/trailing-slash.ts'
import { wellFormedText } from './lib/well-formed-text.ts'
import type { PaymentProviderAdapter } from './adapters/payments/payments.ts'
import { createAccountModule, IMPORT_PATH, IMPORT_PREVIEW_PATH } from './modules/account/public.ts'
import { createBookingModule } from './modules/booking/public.ts'
import { createCommerceModule } from './modules/commerce/public.ts'
import { createMembershipsModule } from './modules/memberships/public.ts'
import { createContentModule, UPLOAD_PATH } from './modules/content/public.ts'
import { MAX_UPLOAD_BYTES } from '@salon/contracts/staff-catalogue'
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES } from '@salon/contracts/rules/customer-import'
import { createHostedSignIn, type HostedSignInOptions } from './modules/hosted-sign-in/public.ts'
import { createMessagesModule } from './modules/messages/public.ts'
import { createReportsModule } from './modules/reports/public.ts'
import { createShopModule } from './modules/shop/public.ts'
import type { WebHandler } from './web.ts'
import { ALREADY_SET_UP } from './setup/create-salon.ts'

export const MAX_BODY_BYTES = 64 * 1024

/** The built-in user pool's ids when settings give none (the values in .env.example). */
export const DEFAULT_POOL: IdentityOptions = BUILT_IN_POOL

/** The user pool, and its hosted sign-in (/oauth2/…, docs/decisions/018) whose address then issues the pool's tokens. */
export interface IdentityOptions extends UserPoolOptions {
  hostedSignIn?: HostedSignInOptions
}

export interface AppDeps {
  database: Database
  logger: Logger
  email: EmailSender
  sms: SmsSender
  /** Google reviews, when the server has the key: for the place a salon chose, or (placeId left out) GOOGLE_PLACE_ID's. */
  reviewsSource?: (shopId: string, placeId?: string) => ReviewsSource | undefined
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
  /** The address links in text messages and emails start with (PUBLIC_URL, or this server's own address). */
  linkBase?: string
  /** Twilio's auth token: it signs Twilio's webhooks (texts to the salon's number, delivery reports), served only with it. */
  twilioAuthToken?: string
  /** Opens GET /metrics to a bearer of it from anywhere; without it, the metrics open only on this machine. */
  metricsToken?: string
  /** Adds the process's own figures (CPU, memory, the event loop) to the metrics: a server's, not a test's. */
  processMetrics?: boolean
  /** Scheduled backups on the job queue (BACKUP_DIR); none without. */
  backups?: BackupSchedule
  /** False while the process is stopping: GET /readyz then answers 503, so a load balancer sends it nothing new. */
  ready?: () => boolean
}

export function createApp(deps: AppDeps) {
  const { db } = deps.database
  const trustProxy = deps.trustProxy ?? false
  const now = deps.now ?? Date.now
  const pool = deps.identity ?? DEFAULT_POOL
  const rateLimiter = createRateLimiter(createRateLimitRepository(db), now)
  // The salon's public content: kept in memory for a short while, dropped in every process when it changes.
  const publicContent = createPublicContent({ ttlMs: deps.publicCacheMs ?? 0, now: deps.now })
  void publicContent.follow(deps.database, (error) =>
    deps.logger.warn({ err: error }, 'Public content is not kept: the database notifications could not be followed.'),
  )
  const { kept, unchangedSince: unchanged } = publicContent

  // Each module is made from what it needs of the others, in MODULE_DIRECTION's order (docs/decisions/025).
  const shop = createShopModule({ db, kept, unchanged })
  const identity = createIdentityModule({
    db,
    pool,
    hostedIssuer: pool.hostedSignIn?.issuer,
    shops: shop.shops,
    sms: deps.sms,
    rateLimiter,
    logger: deps.logger,
    trustProxy,
    passwords: deps.passwords,
    now: deps.now,
  })
  const content = createContentModule({
    db,
    shops: shop.shops,
    email: deps.email,
    rateLimiter,
    logger: deps.logger,
    reviewsSource: deps.reviewsSource,
    reviewsCacheMs: deps.reviewsCacheMs ?? 6 * 3600_000,
    kept,
    unchanged,
    trustProxy,
    shopId: pool.defaultShopId,
    siteUrl: deps.siteUrl,
    startedAt: new Date(now()),
    now: deps.now,
  })
  // Work done later, on the queue every process shares: each process's worker (main.ts) runs the handlers below.
  const jobQueue = createJobQueue(db, now)
  const commerce = createCommerceModule({
    db,
    queue: jobQueue,
    customers: identity.customers,
    verifier: identity.verifier,
    payments: deps.payments,
    stripeWebhookSecret: deps.stripeWebhookSecret,
    logger: deps.logger,
    rateLimiter,
    kept,
    unchanged,
    trustProxy,
    now: deps.now,
  })
  const memberships = createMembershipsModule({ db, customers: identity.customers, verifier: identity.verifier, provider: commerce.provider, now })
  commerce.followPayments(memberships.providerSucceeded)
  for (const follow of memberships.stripeEvents) commerce.followStripeEvents(follow)
  const booking = createBookingModule({
    database: deps.database,
    ledger: commerce.ledger,
    credit: commerce.sessionCredit,
    memberships: memberships.sessions,
    customers: identity.customers,
    verifier: identity.verifier,
    sms: deps.sms,
    logger: deps.logger,
    availabilityCacheMs: deps.availabilityCacheMs,
    now: deps.now,
  })
  const account = createAccountModule({
    db,
    customers: identity.customers,
    bookings: booking.bookings,
    ledger: commerce.ledger,
    counter: commerce.counter,
    verifier: identity.verifier,
    deskBookingIn: booking.deskBookingIn,
    logger: deps.logger,
    externalPool: pool.cognito !== undefined,
    now: deps.now,
  })
  const reports = createReportsModule({ db, takings: commerce.takings, now: deps.now })
  // The privacy notice's periods, kept by jobs on the shared queue; the owner sees what their next run will delete.
  const retention = createRetention({ db, queue: jobQueue, shops: shop.shops, logger: deps.logger, now })
  const messages = createMessagesModule({
    db,
    queue: jobQueue,
    sms: deps.sms,
    email: deps.email,
    linkBase: deps.linkBase ?? deps.siteUrl ?? 'http://localhost:3000',
    twilioAuthToken: deps.twilioAuthToken,
    publicUrl: deps.siteUrl,
    now,
  })

  const app = new OpenAPIHono<{ Variables: NonceVariables & RequestIdVariables & ReplayVariables }>()
  app.onError(errorHandler(deps.logger))
  app.notFound((c) => c.json({ message: `There is nothing at ${c.req.method} ${c.req.path}.` }, 404))

  const csp = cspOptions(deps.csp, deps.dev)
  // The built files and the health check first: a file or a probe needs no request id, log line or compression of its own.
  if (deps.web?.clientDir) {
    const files = loadStaticFiles(deps.web.clientDir, staticSecurityHeaders(csp))
    const hsts: Record<string, string> = { 'Strict-Transport-Security': HSTS }
    app.use(staticFiles(files, (c) => (servedOverHttps(c, trustProxy) ? hsts : {})))
  }
  const health = createHealthCheck({ database: deps.database, logger: deps.logger, trustProxy, headers: DATA_HEADERS, ready: deps.ready })
  app.use(health.middleware)
  // The metrics, for Prometheus (docs/operations.md): a scrape is neither logged nor counted, as a probe is not.
  const metrics = appMetrics({ database: deps.database, queue: jobQueue, operations: reports.operations, processMetrics: deps.processMetrics })
  app.use(metricsRoute(metrics, deps.metricsToken))

  app.use(requestLog(deps.logger, metrics.observe))
  // Answers made from what is kept in memory, given again ahead of the chain (lib/replay.ts, docs/decisions/019).
  const logLine = requestLines(deps.logger)
  const replay = createReplay({
    trustProxy,
    logLine: (line) => {
      logLine(line)
      metrics.observe(line.method, line.route, line.status, line.ms)
    },
  })
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
  // A cover picture's upload (docs/product.md §10.4) and a file of customers to import (§10.5) are larger than the rest.
  const bodyLimit = limitBody(MAX_BODY_BYTES)
  const uploadLimit = limitBody(MAX_UPLOAD_BYTES)
  const importLimit = limitBody(MAX_IMPORT_BYTES, IMPORT_TOO_LARGE)
  const importPaths = new Set([`/api${IMPORT_PATH}`, `/api${IMPORT_PREVIEW_PATH}`])
  api.use((c, next) => (c.req.path === `/api${UPLOAD_PATH}` ? uploadLimit(c, next) : importPaths.has(c.req.path) ? importLimit(c, next) : bodyLimit(c, next)))
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
  api.use('*', shop.access)
  // The staff back office (docs/product.md §10): every call under /api/staff/ is made by a member of the shop's staff.
  api.use('/staff/*', identity.staffAccess)
  api.route('/', shop.routes)
  api.route('/', content.routes)
  api.route('/', commerce.packagesRoutes)
  api.route('/', account.routes)
  api.route('/', booking.routes)
  api.route('/', commerce.routes)
  api.route('/', commerce.voucherRoutes)
  api.route('/', memberships.routes)
  api.route('/', identity.invitationRoutes)
  api.route('/', identity.staffRoutes)
  api.route('/', shop.staffRoutes)
  api.route('/', commerce.refundRoutes)
  api.route('/', booking.staffRoutes)
  api.route('/', commerce.counterRoutes)
  api.route('/', commerce.retailRoutes)
  api.route('/', account.staffRoutes)
  api.route('/', commerce.manageRoutes)
  api.route('/', commerce.voucherStaffRoutes)
  api.route('/', memberships.staffRoutes)
  api.route('/', memberships.deskRoutes)
  api.route('/', content.staffRoutes)
  api.route('/', content.manageRoutes)
  api.route('/', content.popupRoutes)
  api.route('/', reports.staffRoutes)
  api.route(
    '/',
    createBackupRoutes(() => backupStatus(jobQueue, deps.backups !== undefined)),
  )
  api.route('/', createFailedJobRoutes(createFailedWork(db, now)))
  api.route('/', createRetentionRoutes({ db, retention, customers: identity.customers, shops: shop.shops }))
  // A set-up link after the salon is set up (docs/product.md §11): spent, whatever it carries.
  app.all('/api/setup/*', (c) => c.json({ message: ALREADY_SET_UP }, 409))
  app.route('/api', api)
  // A mounted router's notFound is never called: without this, unknown API paths would reach the web app's pages.
  app.all('/api/*', apiFallback(api, '/api'))

  // The offline test processor is a card processor of its own, outside the salon API, as Stripe's API is.
  if (commerce.testProcessorRoutes) {
    const processor = createRouter()
    processor.use(limitBody(4 * 1024))
    processor.use(wellFormedText())
    processor.route('/', commerce.testProcessorRoutes)
    app.route('/test-payments/v1/payment_intents', processor)
  }
  if (messages.webhooks) {
    const twilio = createRouter()
    twilio.use(limitBody(MAX_BODY_BYTES))
    twilio.route('/', messages.webhooks)
    app.route('/webhooks/twilio', twilio)
  }
  if (commerce.webhookRoutes) {
    const limited = createRouter()
    limited.use(limitBody(MAX_BODY_BYTES))
    limited.route('/', commerce.webhookRoutes)
    app.route('/webhooks', limited)
  }

  if (identity.routes) app.route('/', identity.routes)
  if (!pool.cognito && pool.hostedSignIn) {
    const hosted = createHostedSignIn({
      db,
      options: pool.hostedSignIn,
      poolId: pool.poolId,
      clientId: pool.clientId,
      identity: identity.identity,
      tokens: identity.tokens,
      keys: identity.signingKeys,
      shopId: pool.defaultShopId,
      shops: shop.shops,
      sms: deps.sms,
      rateLimiter,
      logger: deps.logger,
      trustProxy,
      now: deps.now,
    })
    app.route('/', hosted.routes)
  }

  if (deps.email.kind === 'outbox' || deps.sms.kind === 'outbox')
    app.route('/dev', createOutboxRoutes(createOutboxRepository(db), { token: deps.outboxToken ?? newOutboxToken() }))

  app.route('/', content.uploadRoutes)
  app.route('/', content.seoRoutes)

  if (deps.web)
    app.route(
      '/',
      deps.web.routes(async (request, env) => app.fetch(request, env), { contentUnchanged: () => unchanged(pool.defaultShopId) }),
    )

  const sweeps = sweepJobs({
    db,
    queue: jobQueue,
    expireMinutes: commerce.commerce.expireDue,
    builtInPool: !pool.cognito,
    hostedSignIn: !pool.cognito && pool.hostedSignIn !== undefined,
    now,
    retention,
  })
  const backups = deps.backups ? backupJobs(deps.database, deps.backups, now) : { handlers: {}, periodic: [] }
  const jobs = {
    queue: jobQueue,
    handlers: {
      ...sweeps.handlers,
      ...messages.handlers,
      ...commerce.refunds.handlers,
      ...commerce.creditHoldJobs.handlers,
      ...booking.jobs.handlers,
      ...memberships.handlers,
      ...backups.handlers,
    },
    periodic: [...sweeps.periodic, ...commerce.creditHoldJobs.periodic, ...messages.periodic, ...booking.jobs.periodic, ...backups.periodic],
  }

  /** Node's request listener for this app: the health check and answers kept in memory first, then the app. */
  const nodeListener = (next: (req: IncomingMessage, res: ServerResponse) => unknown) => health.front(replay.front(next))
  return Object.assign(app, {
    commerce: commerce.commerce,
    availability: booking.availability,
    publicContent,
    replay,
    nodeListener,
    jobs,
    /** The customer import the staff API offers, for the import command (import-command.ts). */
    customerImport: account.customerImport,
  })
}
export type App = ReturnType<typeof createApp>
