import { afterAll, beforeAll, describe, it } from 'vitest'
import type { EmailSender } from '../adapters/email/email.ts'
import { createOutboxEmailSender } from '../adapters/email/outbox.ts'
import { createOutboxRepository } from '../adapters/outbox/outbox.repository.ts'
import { createOutboxSmsSender } from '../adapters/sms/outbox.ts'
import { createApp, DEFAULT_POOL, type AppDeps, type IdentityOptions } from '../app.ts'
import { createLogger } from '../lib/logger.ts'
import type { Database } from '@salon/db'
import { createTestDatabase, onCi, testDbKind, unavailableReason } from './database.ts'
import { startPhoneNumbers } from './factories/customers.ts'
import { TEST_OUTBOX_TOKEN } from './factories/doubles.ts'
import { createShop, type ShopInput } from './factories/shop.ts'

/** What a suite may set of the app's dependencies; the identity pool's options merge into the test pool's. */
export type TestDeps = Partial<Omit<AppDeps, 'database' | 'identity'>> & { identity?: Partial<IdentityOptions> }

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * The whole server on a fresh database with local adapters and one shop made by the factory
 * (`shop` describes it; anything left out takes the factory's plain defaults).
 */
export async function createTestApp(overrides: TestDeps = {}, options: { shop?: ShopInput } = {}) {
  const database = await createTestDatabase()
  const shop = await createShop(database.db, options.shop)
  // A test that reads the log passes its own logger; the outbox adapters write to it too, without message bodies as in production.
  const logger = overrides.logger ?? createLogger('silent')
  const outbox = createOutboxRepository(database.db)
  const email: EmailSender = overrides.email ?? createOutboxEmailSender(outbox, logger, false)
  const identity: IdentityOptions = { ...DEFAULT_POOL, defaultShopId: shop.id, ...overrides.identity }
  const app = createApp({ database, logger, email, sms: createOutboxSmsSender(outbox, logger, false), outboxToken: TEST_OUTBOX_TOKEN, ...overrides, identity })

  /** A request as a browser or client of the shop sends it: the shop's headers on unless given, JSON bodies encoded. */
  async function api(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {}) {
    const headers: Record<string, string> = { ...shop.headers, ...init.headers }
    let body: string | undefined = init.raw
    if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers['content-type'] ??= 'application/json'
    } else if (init.raw !== undefined) headers['content-type'] ??= 'application/json'
    const response = await app.request(`/api/${path.replace(/^\//, '')}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body })
    const json = response.headers.get('content-type')?.includes('json') ? await response.json() : null
    return { status: response.status, headers: response.headers, json: json as Record<string, any> }
  }

  /** The app's clock: what a factory writes as "now" is the time the app reads as now (the test clock where the suite passes one). */
  const now = overrides.now ?? Date.now
  return { app, database, db: database.db, api, outbox, shop, now, close: () => database.close() }
}

/**
 * Another server process on the test app's database, with the local adapters and the same shop: it learns of the
 * first one's changes only from the database, as a second process in production does. Its database is the test
 * app's (or the one given), which the suite (or the test that made it) closes.
 */
export function anotherProcess(t: TestApp, overrides: TestDeps = {}, database: Database = t.database) {
  const outbox = createOutboxRepository(database.db)
  const logger = overrides.logger ?? createLogger('silent')
  return createApp({
    database: { ...database, close: async () => undefined },
    logger,
    email: createOutboxEmailSender(outbox, logger, false),
    sms: createOutboxSmsSender(outbox, logger, false),
    ...overrides,
    identity: { ...DEFAULT_POOL, defaultShopId: t.shop.id, ...overrides.identity },
  })
}

export interface ApiSuiteOptions {
  /** The app's dependencies, asked for when the suite starts (so they may read state the suite's file sets up). */
  deps?: () => TestDeps
  /** The shop the suite's app starts with. */
  shop?: ShopInput
  /**
   * Races: many simultaneous requests at one slot, balance or counter. PGlite has one connection, so requests
   * cannot overlap inside it and a race proves nothing there; such suites run on PostgreSQL only.
   */
  postgresOnly?: boolean
}

/**
 * Runs a suite against one fresh app, on the database kind of this test project (PGlite, or PostgreSQL).
 * Where PostgreSQL does not answer the PostgreSQL project's suites are skipped with the reason in their
 * name; under CI they fail instead (the global set-up in template-database.ts stops the run first).
 */
export function describeApi(name: string, body: (get: () => TestApp) => void, options: ApiSuiteOptions | (() => TestDeps) = {}) {
  const { deps, shop, postgresOnly } = typeof options === 'function' ? { deps: options } : options
  describeWith(name, () => createTestApp(deps?.(), { shop }), body, postgresOnly)
}

/** A suite of its own migrated, empty database without the app (repositories and the like), skipped and failed as describeApi's. */
export function describeDatabase(name: string, body: (get: () => Database) => void) {
  describeWith(name, createTestDatabase, body)
}

function describeWith<T extends { close(): Promise<void> }>(name: string, create: () => Promise<T>, body: (get: () => T) => void, postgresOnly = false) {
  const title = `${name} [${testDbKind}]`
  let made: T | undefined
  const get = () => {
    if (!made) throw new Error(`the set-up of "${title}" is not ready`)
    return made
  }
  if (postgresOnly && testDbKind !== 'postgres') {
    describe.skip(`${title} (races run on PostgreSQL only: PGlite has one connection)`, () => body(get))
    return
  }
  const unavailable = unavailableReason()
  if (unavailable) {
    if (onCi)
      it(`${title} needs its database`, () => {
        throw new Error(unavailable)
      })
    else describe.skip(`${title} (skipped: ${unavailable})`, () => body(get))
    return
  }
  describe(title, () => {
    beforeAll(async () => {
      startPhoneNumbers()
      made = await create()
    })
    afterAll(async () => {
      await made?.close()
      made = undefined
    })
    body(get)
  })
}
