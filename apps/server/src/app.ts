import { OpenAPIHono } from '@hono/zod-openapi'
import type { Database } from '@salon/db'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { cors } from 'hono/cors'
import type { EmailSender } from './adapters/email/email.ts'
import { createOutboxRepository } from './adapters/outbox/outbox.repository.ts'
import { createOutboxRoutes } from './adapters/outbox/outbox.routes.ts'
import type { ReviewsSource } from './adapters/reviews/reviews.ts'
import type { SmsSender } from './adapters/sms/sms.ts'
import { errorHandler, HttpError } from './lib/errors.ts'
import type { Logger } from './lib/logger.ts'
import { createRouter } from './lib/openapi.ts'
import { createRateLimiter } from './lib/rate-limit.ts'
import { securityHeaders, type NonceVariables } from './lib/security-headers.ts'
import { trailingSlash } from './lib/trailing-slash.ts'
import { createPackagesRepository } from './modules/commerce/packages.repository.ts'
import { createPackagesRoutes } from './modules/commerce/packages.routes.ts'
import { createContentRepository } from './modules/content/content.repository.ts'
import { createContentRoutes } from './modules/content/content.routes.ts'
import { createContentService } from './modules/content/content.service.ts'
import { shopAccess } from './modules/shop/shop-access.ts'
import { createShopRepository } from './modules/shop/shop.repository.ts'
import { createShopRoutes } from './modules/shop/shop.routes.ts'
import { createShopService } from './modules/shop/shop.service.ts'
import type { WebHandler } from './web.ts'

export const MAX_BODY_BYTES = 64 * 1024

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
  csp?: { connect?: string[]; scripts?: string[]; images?: string[] }
  dev?: boolean
  /** The web app; absent in API-only tests. */
  web?: WebHandler
}

export function createApp(deps: AppDeps) {
  const { db } = deps.database
  const trustProxy = deps.trustProxy ?? false
  const shops = createShopRepository(db)
  const outbox = createOutboxRepository(db)
  const content = createContentService({
    content: createContentRepository(db),
    shops,
    email: deps.email,
    rateLimiter: createRateLimiter(db),
    logger: deps.logger,
    reviewsSource: deps.reviewsSource,
    reviewsCacheMs: deps.reviewsCacheMs ?? 6 * 3600_000,
  })

  const app = new OpenAPIHono<{ Variables: NonceVariables }>()
  app.onError(errorHandler(deps.logger))
  app.notFound((c) => c.json({ message: `There is nothing at ${c.req.method} ${c.req.path}.` }, 404))

  app.use(
    securityHeaders({
      trustProxy,
      dev: deps.dev ?? false,
      connect: deps.csp?.connect ?? [],
      scripts: deps.csp?.scripts ?? [],
      images: deps.csp?.images ?? [],
    }),
  )
  app.use(compress())
  app.use(trailingSlash())

  app.get('/healthz', async (c) => {
    try {
      await deps.database.ping()
      return c.json({ status: 'ok', database: deps.database.kind })
    } catch {
      return c.json({ status: 'unavailable', message: 'The database does not answer.' }, 503)
    }
  })

  const api = createRouter()
  if (deps.corsOrigins?.length) {
    api.use(cors({ origin: deps.corsOrigins, allowHeaders: ['Content-Type', 'Authorization', 'shop_id', 'api_key'], maxAge: 600 }))
  }
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new HttpError(413, 'The request body is too large: the limit is 64 KiB.')
      },
    }),
  )
  api.openAPIRegistry.registerComponent('securitySchemes', 'shopId', { type: 'apiKey', in: 'header', name: 'shop_id' })
  api.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'api_key' })
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Salon API', version: '1.0.0', description: 'The API behind the salon customer web app. Every call carries the shop_id and api_key headers.' },
    security: [{ shopId: [], apiKey: [] }],
  })
  // Registered after the document, so the document stays public and everything else needs the shop's key.
  api.use('*', shopAccess(shops))
  api.route('/', createShopRoutes(createShopService(shops)))
  api.route('/', createContentRoutes(content, { trustProxy }))
  api.route('/', createPackagesRoutes(createPackagesRepository(db)))
  api.notFound((c) => c.json({ message: `There is no API endpoint ${c.req.method} ${c.req.path}.` }, 404))
  app.route('/api', api)

  if (deps.email.kind === 'outbox' || deps.sms.kind === 'outbox') app.route('/dev', createOutboxRoutes(outbox))

  if (deps.web) app.route('/', deps.web.routes(async (request) => app.fetch(request)))

  return app
}
export type App = ReturnType<typeof createApp>
