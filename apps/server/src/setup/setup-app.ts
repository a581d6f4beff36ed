import type { IncomingMessage, ServerResponse } from 'node:http'
import { Hono } from 'hono'
import type { Database } from '@salon/db'
import type { EmailSender } from '../adapters/email/email.ts'
import { createOutboxRepository } from '../adapters/outbox/outbox.repository.ts'
import { createOutboxRoutes } from '../adapters/outbox/outbox.routes.ts'
import type { SmsSender } from '../adapters/sms/sms.ts'
import { limitBody } from '../lib/body-limit.ts'
import { compression } from '../lib/compression.ts'
import { errorHandler } from '../lib/errors.ts'
import { poolGauges } from '../app-metrics.ts'
import { createHealthCheck } from '../lib/health-check.ts'
import { createMetrics, metricsRoute } from '../lib/metrics.ts'
import type { Logger } from '../lib/logger.ts'
import { createRateLimiter } from '../lib/rate-limit.ts'
import { createRateLimitRepository } from '../lib/rate-limit.repository.ts'
import { requestLog } from '../lib/request-log.ts'
import { cspOptions, DATA_HEADERS, pageNonce, securityHeaders, staticSecurityHeaders, type NonceVariables } from '../lib/security-headers.ts'
import { loadStaticFiles, staticFiles } from '../lib/static-files.ts'
import { newKeptToken } from '../lib/kept-token.ts'
import { trailingSlash } from '../lib/trailing-slash.ts'
import { wellFormedText } from '../lib/well-formed-text.ts'
import type { PasswordHasher } from '../modules/identity/public.ts'
import type { WebHandler } from '../web.ts'
import { openingSoonPage } from './opening-soon.ts'
import { createSalonSetupRepository, type SiteSalon } from './salon-setup.repository.ts'
import { createSetupRoutes } from './setup.routes.ts'

export const NOT_SET_UP = 'There is no salon here yet: its owner is setting it up.'

export interface SetupAppDeps {
  database: Database
  logger: Logger
  sms: SmsSender
  email: EmailSender
  poolId: string
  passwords: PasswordHasher
  now?: () => number
  trustProxy?: boolean
  /** The set-up link's token (setup-token.ts). */
  token: string
  /** SHOP_ID, when set: the id the salon set up gets. */
  shopId?: string
  outboxToken?: string
  csp?: { connect?: string[]; scripts?: string[]; images?: string[]; frames?: string[] }
  dev?: boolean
  /** The web app, for the set-up page; absent in API-only tests. */
  web?: WebHandler
  /** Called once, in this process, when a salon is set up here or by another process on the same database. */
  onSetUp: (site: SiteSalon) => void
  /** False while the process is stopping: GET /readyz then answers 503, as the salon's app does. */
  ready?: () => boolean
  /** Opens GET /metrics to a bearer of it from anywhere; without it, only on this machine (as the salon's app). */
  metricsToken?: string
  /** The process's own CPU, memory and event loop in the metrics (the server; not the tests). */
  processMetrics?: boolean
}

/** How often a process still waiting asks the database whether another process set the salon up. */
const LOOK_EVERY_MS = 2000

/**
 * What the server serves before any salon exists (docs/product.md §11): the set-up page and its calls, the outbox
 * (where the owner's code arrives without a text service), the built files, and a plain "opening soon" page for
 * every other page; calls to the salon's API say there is no salon yet. Once the salon is set up, here or in another
 * process, `onSetUp` hands over to the salon's own app.
 */
export function createSetupApp(deps: SetupAppDeps) {
  const { db } = deps.database
  const now = deps.now ?? Date.now
  const trustProxy = deps.trustProxy ?? false
  const repo = createSalonSetupRepository(db)
  let done = false
  const finish = (site: SiteSalon) => {
    if (done) return
    done = true
    deps.onSetUp(site)
  }
  let lookedAt = 0
  const lookForSite = async () => {
    if (done || now() - lookedAt < LOOK_EVERY_MS) return
    lookedAt = now()
    const site = await repo.site()
    if (site) finish(site)
  }

  const csp = cspOptions(deps.csp, deps.dev)
  const app = new Hono<{ Variables: NonceVariables }>()
  app.onError(errorHandler(deps.logger))
  if (deps.web?.clientDir) app.use(staticFiles(loadStaticFiles(deps.web.clientDir, staticSecurityHeaders(csp)), () => ({})))
  const health = createHealthCheck({ database: deps.database, logger: deps.logger, trustProxy, headers: DATA_HEADERS, ready: deps.ready })
  app.use(health.middleware)
  // Before the salon exists there is no queue or payment to count: the requests, the process and the pool.
  const metrics = createMetrics({ processMetrics: deps.processMetrics, gauges: poolGauges(deps.database) })
  app.use(metricsRoute(metrics, deps.metricsToken))
  app.use(requestLog(deps.logger, metrics.observe))
  app.use(securityHeaders({ ...csp, trustProxy }))
  app.use(compression())
  app.use(trailingSlash())
  app.use(async (c, next) => {
    await lookForSite()
    c.header('Cache-Control', 'no-store')
    await next()
  })

  const setup = new Hono()
  setup.use(limitBody(64 * 1024))
  setup.use(wellFormedText())
  setup.route(
    '/',
    createSetupRoutes({
      db,
      poolId: deps.poolId,
      passwords: deps.passwords,
      now,
      token: deps.token,
      shopId: deps.shopId,
      sms: deps.sms,
      rateLimiter: createRateLimiter(createRateLimitRepository(db), now),
      logger: deps.logger,
      onSetUp: (salon) => finish({ shopId: salon.shopId, webApiKey: salon.apiKey }),
    }),
  )
  app.route('/api/setup', setup)
  app.all('/api/*', (c) => c.json({ message: NOT_SET_UP }, 404))

  if (deps.email.kind === 'outbox' || deps.sms.kind === 'outbox')
    app.route('/dev', createOutboxRoutes(createOutboxRepository(db), { token: deps.outboxToken ?? newKeptToken() }))

  // The set-up page (and its data requests) is the web app's; every other page is the plain "opening soon" page.
  const isSetupPage = (path: string) => path === '/staff/setup/' || path === '/staff/setup.data'
  app.all('*', async (c, next) => {
    if (deps.web && isSetupPage(c.req.path)) return next()
    return c.html(openingSoonPage(pageNonce(c)), c.req.path === '/' && c.req.method === 'GET' ? 200 : 404)
  })
  if (deps.web)
    app.route(
      '/',
      deps.web.routes(async (request, env) => app.fetch(request, env)),
    )

  const nodeListener = (next: (req: IncomingMessage, res: ServerResponse) => unknown) => health.front(next)
  return Object.assign(app, { nodeListener, isDone: () => done })
}
export type SetupApp = ReturnType<typeof createSetupApp>
