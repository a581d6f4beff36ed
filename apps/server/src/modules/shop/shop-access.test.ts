import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorHandler } from '../../lib/errors.ts'
import { createLogger } from '../../lib/logger.ts'
import { hashApiKey, shopAccess } from './shop-access.ts'
import type { ShopRepository } from './shop.repository.ts'

describe('API key hashing', () => {
  it('a key is stored as its SHA-256 in hex', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    const key = 'pk_demo_3f9c2a7e41b84d6a9e0c5b1d8f27a4c6'
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'))
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('shop access checks', () => {
  const GOOD_KEY = 'pk_live_good'
  function setup() {
    const state = { clock: 1_000_000, lookups: 0, keyActive: true }
    const shops = {
      async findShop(id: string) {
        state.lookups++
        return id === 'bronze-glow' ? ({ id, active: true } as Awaited<ReturnType<ShopRepository['findShop']>>) : null
      },
      async hasActiveKey(_shopId: string, keyHash: string) {
        return state.keyActive && keyHash === hashApiKey(GOOD_KEY)
      },
    } as unknown as ShopRepository
    const app = new Hono()
    app.onError(errorHandler(createLogger('silent')))
    app.use(shopAccess(shops, () => state.clock))
    app.get('/', (c) => c.text(`shop ${c.get('shopId' as never)}`))
    const call = (key = GOOD_KEY) => app.request('/', { headers: { shop_id: 'bronze-glow', api_key: key } })
    return { state, call }
  }

  it('a checked key is trusted for 30 seconds and then checked again', async () => {
    const { state, call } = setup()
    const first = await call()
    expect(first.status).toBe(200)
    expect(await first.text()).toBe('shop bronze-glow')
    expect(state.lookups).toBe(1)

    state.keyActive = false
    state.clock += 29_000
    expect((await call()).status).toBe(200)
    expect(state.lookups).toBe(1)

    state.clock += 2_000
    const later = await call()
    expect(later.status).toBe(401)
    expect((await later.json()).message).toContain('api_key')
    expect(state.lookups).toBe(2)
  })

  it('a refusal is remembered too, so a wrong key does not reach the database each time', async () => {
    const { state, call } = setup()
    expect((await call('pk_wrong')).status).toBe(401)
    expect((await call('pk_wrong')).status).toBe(401)
    expect(state.lookups).toBe(1)
  })

  it('a blank api_key is refused before the database is asked', async () => {
    const { state, call } = setup()
    const noKey = await call('   ')
    expect(noKey.status).toBe(401)
    expect((await noKey.json()).message).toMatch(/api_key header is missing/)
    expect(state.lookups).toBe(0)
  })
})
