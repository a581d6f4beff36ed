import { eq, schema } from '@salon/db'
import { describe, expect, it } from 'vitest'
import { describeApi, TEST_API_KEY, TEST_SHOP_ID } from '../../test/harness.ts'
import { hashApiKey } from './shop-access.ts'

describeApi('shop access', (t) => {
  it('a request without shop_id is refused with shop_id named', async () => {
    const { status, json } = await t().api('blogs', { headers: { shop_id: '' } })
    expect(status).toBe(401)
    expect(json.message).toContain('shop_id')
  })

  it('a request without api_key is refused with api_key named', async () => {
    const { status, json } = await t().api('website/packages', { headers: { api_key: '' } })
    expect(status).toBe(401)
    expect(json.message).toContain('api_key')
  })

  it('a request with neither header is refused', async () => {
    const response = await t().app.request('/api/blogs')
    expect(response.status).toBe(401)
    expect((await response.json()).message).toContain('shop_id')
  })

  it('an unknown shop is refused and named in the message', async () => {
    const { status, json } = await t().api('blogs', { headers: { shop_id: 'no-such-salon' } })
    expect(status).toBe(401)
    expect(json.message).toContain('no-such-salon')
  })

  it('a wrong key is refused with api_key named', async () => {
    const { status, json } = await t().api('blogs', { headers: { api_key: 'pk_test_wrong' } })
    expect(status).toBe(401)
    expect(json.message).toContain('api_key')
    expect(json.message).not.toContain('pk_test_wrong')
  })

  it("another shop's key does not open this shop", async () => {
    const key = 'pk_test_other_shop_key_0001'
    await t().db.insert(schema.shops).values({
      id: 'other-salon-key',
      name: 'Other Salon',
      addressLine1: '1 High Street',
      town: 'Stockport',
      postcode: 'SK1 1AA',
      phone: '01632 960000',
      email: 'other@salon.example',
    })
    await t()
      .db.insert(schema.shopApiKeys)
      .values({ shopId: 'other-salon-key', keyHash: hashApiKey(key), label: 'Web app' })
    expect((await t().api('blogs', { headers: { shop_id: 'other-salon-key', api_key: key } })).status).toBe(200)
    const { status, json } = await t().api('blogs', { headers: { shop_id: TEST_SHOP_ID, api_key: key } })
    expect(status).toBe(401)
    expect(json.message).toContain('api_key')
  })

  it("a deactivated key is refused while the shop's other key still works", async () => {
    const key = 'pk_test_retired_key_0002'
    await t()
      .db.insert(schema.shopApiKeys)
      .values({ shopId: TEST_SHOP_ID, keyHash: hashApiKey(key), label: 'Retired', active: false })
    const { status, json } = await t().api('blogs', { headers: { api_key: key } })
    expect(status).toBe(401)
    expect(json.message).toContain('api_key')
    expect((await t().api('blogs')).status).toBe(200)
  })

  it('an inactive shop is refused even with its own active key', async () => {
    const key = 'pk_test_closed_shop_key_0003'
    await t().db.insert(schema.shops).values({
      id: 'closed-salon',
      name: 'Closed Salon',
      addressLine1: '2 High Street',
      town: 'Stockport',
      postcode: 'SK1 1AB',
      phone: '01632 960001',
      email: 'closed@salon.example',
      active: false,
    })
    await t()
      .db.insert(schema.shopApiKeys)
      .values({ shopId: 'closed-salon', keyHash: hashApiKey(key), label: 'Web app' })
    const { status, json } = await t().api('website/salon', { headers: { shop_id: 'closed-salon', api_key: key } })
    expect(status).toBe(401)
    expect(json.message).toContain('shop_id')
  })

  it('headers with surrounding spaces are accepted', async () => {
    const { status } = await t().api('blogs', { headers: { shop_id: ` ${TEST_SHOP_ID} `, api_key: ` ${TEST_API_KEY} ` } })
    expect(status).toBe(200)
  })

  it('the OpenAPI document is public and lists every endpoint', async () => {
    const response = await t().app.request('/api/openapi.json')
    expect(response.status).toBe(200)
    const doc = await response.json()
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/blogs', '/blogs/details/{id}', '/google/reviews', '/website/packages', '/website/salon', '/p_message', '/popup/customer']),
    )
    expect(doc.components.securitySchemes.shopId).toMatchObject({ type: 'apiKey', in: 'header', name: 'shop_id' })
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'api_key' })
    expect(doc.paths['/p_message'].post.responses).toHaveProperty('429')
  })

  it('an unknown API path answers 404 with a JSON message', async () => {
    const { status, json } = await t().api('no/such/endpoint')
    expect(status).toBe(404)
    expect(json).toEqual({ message: expect.stringContaining('/api/no/such/endpoint') })
  })

  describe('salon details', () => {
    it('the salon page data has the address, opening hours, beds and price extras', async () => {
      const { status, json } = await t().api('website/salon')
      expect(status).toBe(200)
      const { shop, bedTypes, beds, extras } = json
      expect(shop).toMatchObject({
        id: TEST_SHOP_ID,
        name: 'Bronze & Glow Tanning Studio',
        email: 'hello@bronze-glow.example',
        timeZone: 'Europe/London',
        address: { line1: '27 Mill Street', line2: '', town: 'Macclesfield', postcode: 'SK11 6NE' },
      })
      expect(shop.openingHours.length).toBeGreaterThan(0)
      expect(shop.openingHours.length).toBeLessThanOrEqual(7)
      const weekdays = shop.openingHours.map((h: { weekday: number }) => h.weekday)
      expect(weekdays).toEqual([...weekdays].sort((a, b) => a - b))
      for (const hours of shop.openingHours) {
        expect(hours.weekday).toBeGreaterThanOrEqual(0)
        expect(hours.weekday).toBeLessThanOrEqual(6)
        expect(hours.opensAt).toMatch(/^\d\d:\d\d$/)
        expect(hours.closesAt > hours.opensAt).toBe(true)
      }
      expect(bedTypes.map((b: { code: string }) => b.code)).toEqual(['lay-down', 'stand-up', 'high-pressure'])
      expect(beds.length).toBeGreaterThan(0)
      const typeNames = new Map(bedTypes.map((b: { code: string; name: string }) => [b.code, b.name]))
      for (const bed of beds) expect(bed.typeName).toBe(typeNames.get(bed.type))
      expect(extras.length).toBeGreaterThan(0)
      expect(extras[0]).toEqual({ id: expect.any(String), name: expect.any(String), detail: expect.any(String), pricePence: expect.any(Number) })
    })

    it('a bed taken out of service is not shown', async () => {
      const bed = {
        id: 'bed-test-retired',
        shopId: TEST_SHOP_ID,
        type: 'stand-up',
        name: 'Retired Booth',
        description: 'Old booth',
        picture: '/images/beds/old.svg',
        minMinutes: 3,
        maxMinutes: 10,
        sortOrder: 99,
      }
      await t().db.insert(schema.beds).values(bed)
      const before = await t().api('website/salon')
      expect(before.json.beds.find((b: { id: string }) => b.id === bed.id)).toMatchObject({ name: 'Retired Booth', typeName: 'Stand-up sunbeds' })

      await t().db.update(schema.beds).set({ active: false }).where(eq(schema.beds.id, bed.id))
      const after = await t().api('website/salon')
      expect(after.json.beds.map((b: { id: string }) => b.id)).not.toContain(bed.id)
      expect(after.json.beds.length).toBe(before.json.beds.length - 1)
    })
  })
})
