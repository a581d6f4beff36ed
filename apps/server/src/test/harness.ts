import { seedDemo } from '@salon/db/seed'
import { afterAll, beforeAll, describe } from 'vitest'
import type { EmailSender } from '../adapters/email/email.ts'
import { createOutboxEmailSender } from '../adapters/email/outbox.ts'
import { createOutboxRepository } from '../adapters/outbox/outbox.repository.ts'
import { createOutboxSmsSender } from '../adapters/sms/outbox.ts'
import { createApp, type AppDeps } from '../app.ts'
import { createLogger } from '../lib/logger.ts'
import { createTestDatabase, postgresAvailable, testDbKind } from './database.ts'

export const TEST_SHOP_ID = 'bronze-glow'
export const TEST_API_KEY = 'pk_test_0123456789abcdef0123456789abcdef'
export const shopHeaders = { shop_id: TEST_SHOP_ID, api_key: TEST_API_KEY }

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** The whole server on a fresh database with the demo salon and local adapters. */
export async function createTestApp(overrides: Partial<Omit<AppDeps, 'database'>> = {}) {
  const database = await createTestDatabase()
  await seedDemo(database.db, { apiKey: TEST_API_KEY })
  // A test that reads the log passes its own logger; the outbox adapters write to it too, without message bodies as in production.
  const logger = overrides.logger ?? createLogger('silent')
  const outbox = createOutboxRepository(database.db)
  const email: EmailSender = overrides.email ?? createOutboxEmailSender(outbox, logger, false)
  const app = createApp({ database, logger, email, sms: createOutboxSmsSender(outbox, logger, false), ...overrides })

  /** A request as a browser or client sends it: shop headers on unless given, JSON bodies encoded. */
  async function api(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {}) {
    const headers: Record<string, string> = { ...shopHeaders, ...init.headers }
    let body: string | undefined = init.raw
    if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers['content-type'] ??= 'application/json'
    } else if (init.raw !== undefined) headers['content-type'] ??= 'application/json'
    const response = await app.request(`/api/${path.replace(/^\//, '')}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body })
    const json = response.headers.get('content-type')?.includes('json') ? await response.json() : null
    return { status: response.status, headers: response.headers, json: json as Record<string, any> }
  }

  return { app, database, db: database.db, api, outbox, close: () => database.close() }
}

/**
 * Runs a suite against a fresh app, on the database kind of this test project
 * (PGlite, or PostgreSQL where it answers; CI always runs both).
 */
export function describeApi(name: string, body: (get: () => TestApp) => void, overrides?: () => Partial<Omit<AppDeps, 'database'>>) {
  describe(`${name} [${testDbKind}]`, async () => {
    const skip = testDbKind === 'postgres' && !(await postgresAvailable())
    describe.skipIf(skip)('', () => {
      let testApp: TestApp
      beforeAll(async () => {
        testApp = await createTestApp(overrides?.())
      })
      afterAll(async () => {
        await testApp?.close()
      })
      body(() => testApp)
    })
  })
}
