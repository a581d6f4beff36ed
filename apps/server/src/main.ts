import { existsSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { pino } from 'pino'
import { createDatabase } from '@salon/db'
import { DEMO_SHOP_ID, seedDemo } from '@salon/db/seed'
import type { ServerBuild } from 'react-router'
import { createApp } from './app.ts'
import { readSettings } from './env.ts'
import { createWorker, type Worker } from './jobs/worker.ts'
import { holdDataDir, serverUsing } from './lib/data-dir-lock.ts'
import { createLogger } from './lib/logger.ts'
import { CONNECTION_TIMEOUTS, listen } from './listen.ts'
import { localCertificate } from './local-https.ts'
import { outsideServices } from './outside-services.ts'
import { siteConfig, type SiteConfig } from './site-config.ts'
import { createSetupApp } from './setup/setup-app.ts'
import { loadSetupToken, removeSetupToken } from './setup/setup-token.ts'
import { chooseSite } from './setup/site.ts'
import { argon2Passwords } from './modules/identity/public.ts'
import { seedDemoOwner } from './staff-accounts.ts'
import { createWebHandler, type WebOptions } from './web.ts'

// Starts the server: the settings, the database, the outside services, the app, the periodic clean-ups, the
// listeners, and a graceful stop. What each part is made of lives in the files named in the imports.

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
// The embedded database is one process's (lib/data-dir-lock.ts): a second server on the same DATA_DIR is refused.
const otherServer = settings.DATABASE_URL ? undefined : serverUsing(settings.DATA_DIR)
if (otherServer) {
  process.stderr.write(
    `Another server (process ${otherServer}) serves the embedded database in ${settings.DATA_DIR}: stop it first, or give this one another DATA_DIR. Several processes share a PostgreSQL database (DATABASE_URL), never an embedded one.\n`,
  )
  process.exit(1)
}
const releaseDataDir = settings.DATABASE_URL ? undefined : holdDataDir(settings.DATA_DIR)
// Migrations and the demo seed run on a connection of their own, closed before serving: the embedded
// database keeps every page of memory it ever grows to, and setting up a new one grows it by ~200 MB.
const setup = await createDatabase(databaseOptions)
await setup.migrate()
if (settings.SEED_DEMO) {
  await seedDemo(setup.db, { apiKey: settings.SHOP_ID === undefined || settings.SHOP_ID === DEMO_SHOP_ID ? settings.API_KEY : undefined })
  const owner = await seedDemoOwner(setup.db, settings)
  if (owner.created) logger.info(`The demo salon's owner can sign in at /staff/ with ${settings.DEMO_OWNER_PHONE} (DEMO_OWNER_PHONE, DEMO_OWNER_PASSWORD).`)
}
// The salon this server serves; with no shop in the database yet, the set-up page (setup/site.ts).
const choice = await chooseSite(setup.db, settings)
await setup.close()
const database = await createDatabase(databaseOptions)

const services = outsideServices(settings, database, logger)

const vite = dev ? await (await import('vite')).createServer({ root: webRoot, server: { middlewareMode: true }, appType: 'custom' }) : undefined
const serverBuild = vite ? undefined : ((await import(pathToFileURL(path.join(webRoot, 'build/server/index.js')).href)) as ServerBuild)

/** What the settings and the salon make of the site, and the web app that serves it. */
function siteFor(shop: { shopId: string; apiKey: string }) {
  const site = siteConfig(settings, { stripe: services.stripe !== undefined, shop })
  const web: WebOptions = vite
    ? {
        build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
        mode: 'development',
        config: site.config,
        trustProxy: settings.TRUST_PROXY,
      }
    : {
        build: serverBuild!,
        mode: 'production',
        clientDir: path.join(webRoot, 'build/client'),
        pageCacheMs: settings.PUBLIC_CACHE_SECONDS * 1000,
        config: site.config,
        trustProxy: settings.TRUST_PROXY,
      }
  return { site, web: createWebHandler(web) }
}

let worker: Worker | undefined
/** Set when the process begins to stop: GET /readyz answers 503 from then on. */
let stopping = false
let appListener: (req: IncomingMessage, res: ServerResponse) => unknown

/** Serves the salon: its app, and this process's worker on the shared job queue (messages, reminders, refunds, clean-ups). */
function serveSalon(shop: { shopId: string; apiKey: string }) {
  const { site, web } = siteFor(shop)
  const app = createApp({
    database,
    logger,
    email: services.email,
    sms: services.sms,
    reviewsSource: services.reviews && ((_shopId: string, placeId?: string) => services.reviews?.(placeId)),
    reviewsCacheMs: settings.REVIEWS_CACHE_HOURS * 3600_000,
    publicCacheMs: settings.PUBLIC_CACHE_SECONDS * 1000,
    trustProxy: settings.TRUST_PROXY,
    siteUrl: settings.PUBLIC_URL,
    identity: {
      poolId: settings.USER_POOL_ID,
      clientId: settings.USER_POOL_CLIENT_ID,
      defaultShopId: shop.shopId,
      signUpsPerAddressPerHour: settings.SIGN_UPS_PER_HOUR,
      signInsPerAddressPerHour: settings.SIGN_INS_PER_HOUR,
      codeRequestsPerAddressPerHour: settings.CODE_REQUESTS_PER_HOUR,
      cognito: settings.COGNITO_USER_POOL_ID
        ? { region: settings.COGNITO_REGION, userPoolId: settings.COGNITO_USER_POOL_ID, clientId: settings.COGNITO_CLIENT_ID! }
        : undefined,
      hostedSignIn: site.hostedSignIn,
    },
    corsOrigins: settings.CORS_ORIGINS,
    csp: site.csp,
    payments: services.stripe?.payments,
    stripeWebhookSecret: services.stripe?.webhookSecret,
    outboxToken: services.outboxToken,
    linkBase: settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`,
    twilioAuthToken: settings.TWILIO_ACCOUNT_SID && settings.TWILIO_FROM ? settings.TWILIO_AUTH_TOKEN : undefined,
    metricsToken: settings.METRICS_TOKEN,
    backups: settings.BACKUP_DIR ? { dir: settings.BACKUP_DIR, keep: settings.BACKUP_KEEP, everyMs: settings.BACKUP_EVERY_HOURS * 3600_000 } : undefined,
    processMetrics: true,
    ready: () => !stopping,
    dev,
    web,
  })
  worker = createWorker({ ...app.jobs, logger })
  worker.start()
  appListener = app.nodeListener(getRequestListener(app.fetch))
  return site
}

// Before any salon exists, the set-up page and its one-time link (docs/product.md §11); once it is set up, here or
// by another process on the same database, the salon's own app takes over without a restart.
const setupToken = 'setUp' in choice ? loadSetupToken(settings.DATA_DIR) : undefined
let site: SiteConfig
if (setupToken) {
  const waiting = siteFor({ shopId: '', apiKey: '' })
  site = waiting.site
  const setupApp = createSetupApp({
    database,
    logger,
    sms: services.sms,
    email: services.email,
    poolId: settings.USER_POOL_ID,
    passwords: argon2Passwords,
    trustProxy: settings.TRUST_PROXY,
    token: setupToken,
    shopId: settings.SHOP_ID,
    outboxToken: services.outboxToken,
    csp: site.csp,
    dev,
    web: waiting.web,
    ready: () => !stopping,
    metricsToken: settings.METRICS_TOKEN,
    processMetrics: true,
    onSetUp: (salon) => {
      serveSalon({ shopId: salon.shopId, apiKey: salon.webApiKey })
      removeSetupToken(settings.DATA_DIR)
      logger.info({ shopId: salon.shopId }, `The salon ${salon.shopId} is set up and served; its owner signs in at /staff/.`)
    },
  })
  appListener = setupApp.nodeListener(getRequestListener(setupApp.fetch))
} else site = serveSalon(choice as { shopId: string; apiKey: string })

// The local HTTPS mode: the same app on a second port, over TLS, for Amplify's redirect sign-in; plain HTTP stays as it is.
const certificate = settings.HTTPS_PORT
  ? localCertificate({ dataDir: settings.DATA_DIR, certFile: settings.TLS_CERT_FILE, keyFile: settings.TLS_KEY_FILE })
  : undefined
const servers = listen({
  listener: (req, res) => (vite ? vite.middlewares(req, res, () => appListener(req, res)) : appListener(req, res)),
  host: settings.HOST,
  port: settings.PORT,
  https: certificate && settings.HTTPS_PORT ? { port: settings.HTTPS_PORT, certificate } : undefined,
  logger,
})

void servers.port.then((port) => {
  const { email, sms, stripe, outboxToken } = services
  logger.info(
    { port, database: database.kind, email: email.kind, sms: sms.kind, payments: stripe ? 'stripe' : 'offline', dev, ...CONNECTION_TIMEOUTS },
    `salon ready at http://localhost:${port}/`,
  )
  if (certificate && settings.HTTPS_PORT) {
    logger.info(
      { port: settings.HTTPS_PORT, certificate: certificate.from, hostedSignIn: site.hostedSignIn?.providers?.map((p) => p.name) ?? [] },
      `salon ready at https://localhost:${settings.HTTPS_PORT}/ (hosted sign-in at ${site.hostedUrl})`,
    )
  }
  const held = [sms.kind === 'outbox' && 'text messages', email.kind === 'outbox' && 'emails'].filter(Boolean)
  if (setupToken) {
    logger.warn(
      `No salon is set up yet: visitors see an "opening soon" page. Set the salon up at http://localhost:${port}/staff/setup/?token=${setupToken} (a link that works once), or with npm run salon -- create.`,
    )
  }
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

function shutdown(signal: string) {
  stopping = true
  logger.info({ signal }, 'shutting down: finishing requests in flight')
  void servers.close(async () => {
    await worker?.stop()
    await vite?.close()
    services.close()
    await database.close()
    releaseDataDir?.()
    logger.info('stopped')
    process.exit(0)
  })
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
