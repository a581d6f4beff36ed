import type { Database } from '@salon/db'
import { describe, expect, it } from 'vitest'
import { readSettings } from './env.ts'
import { createLogger } from './lib/logger.ts'
import { outsideServices } from './outside-services.ts'
import { TEST_OUTBOX_TOKEN } from './test/factories/doubles.ts'

/** Nothing here touches the database: the outbox's repository is only made. */
const database = { db: {} } as unknown as Database
const services = (env: Record<string, string>) => outsideServices(readSettings({ OUTBOX_TOKEN: TEST_OUTBOX_TOKEN, ...env }), database, createLogger('silent'))

describe('Google reviews, as the settings allow them (docs/decisions/030)', () => {
  it('are offered for any place a salon chooses while the server has the key, and for GOOGLE_PLACE_ID when it names none', () => {
    const withKey = services({ GOOGLE_PLACES_API_KEY: 'key', GOOGLE_PLACE_ID: 'ChIJ-server-default' })
    expect(withKey.reviews?.('ChIJ-chosen-place')).toBeDefined()
    expect(withKey.reviews?.()).toBeDefined()
    const keyOnly = services({ GOOGLE_PLACES_API_KEY: 'key' })
    expect(keyOnly.reviews).toBeDefined()
    expect(keyOnly.reviews?.()).toBeUndefined()
    expect(keyOnly.reviews?.('ChIJ-chosen-place')).toBeDefined()
  })

  it('are not offered at all without the key, whatever the place', () => {
    expect(services({ GOOGLE_PLACE_ID: 'ChIJ-server-default' }).reviews).toBeUndefined()
  })
})
