import { eq, schema } from '@salon/db'
import { describe, expect, it } from 'vitest'
import { createShop } from '../../test/factories/shop.ts'
import { describeApi } from '../../test/harness.ts'
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
    const other = await createShop(t().db)
    expect((await t().api('blogs', { headers: other.headers })).status).toBe(200)
    const { status, json } = await t().api('blogs', { headers: { shop_id: t().shop.id, api_key: other.apiKey } })
    expect(status).toBe(401)
    expect(json.message).toContain('api_key')
  })

  it("a deactivated key is refused while the shop's other key still works", async () => {
    const key = 'pk_test_retired_key_0002'
    await t()
      .db.insert(schema.shopApiKeys)
      .values({ shopId: t().shop.id, keyHash: hashApiKey(key), label: 'Retired', active: false })
    const { status, json } = await t().api('blogs', { headers: { api_key: key } })
    expect(status).toBe(401)
    expect(json.message).toContain('api_key')
    expect((await t().api('blogs')).status).toBe(200)
  })

  it('an inactive shop is refused even with its own active key', async () => {
    const closed = await createShop(t().db, { active: false })
    const { status, json } = await t().api('website/salon', { headers: closed.headers })
    expect(status).toBe(401)
    expect(json.message).toContain('shop_id')
  })

  it('headers with surrounding spaces are accepted', async () => {
    const { status } = await t().api('blogs', { headers: { shop_id: ` ${t().shop.id} `, api_key: ` ${t().shop.apiKey} ` } })
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
      // Saturday and Sunday only, given out of order: the page lists them by weekday.
      const salon = await createShop(t().db, {
        hours: [
          { weekday: 6, opensAt: '09:30', closesAt: '17:00' },
          { weekday: 0, opensAt: '11:00', closesAt: '15:00' },
        ],
      })
      const { status, json } = await t().api('website/salon', { headers: salon.headers })
      expect(status).toBe(200)
      const { shop, bedTypes, beds, extras } = json
      expect(shop).toMatchObject({
        id: salon.id,
        name: salon.name,
        email: salon.email,
        timeZone: salon.timeZone,
        address: { line1: salon.addressLine1, line2: salon.addressLine2, town: salon.town, postcode: salon.postcode },
      })
      expect(shop.openingHours).toEqual([
        { weekday: 0, opensAt: '11:00', closesAt: '15:00' },
        { weekday: 6, opensAt: '09:30', closesAt: '17:00' },
      ])
      expect(bedTypes.map((b: { code: string }) => b.code)).toEqual(salon.bedTypes.map((b) => b.code))
      expect(beds.map((b: { id: string }) => b.id)).toEqual(salon.beds.map((b) => b.id))
      for (const bed of beds) expect(bed.typeName).toBe(salon.typeOf(bed).name)
      expect(extras).toEqual(salon.extras.map(({ id, name, detail, pricePence }) => ({ id, name, detail, pricePence })))
    })

    it('a bed taken out of service is not shown', async () => {
      const bed = {
        id: 'bed-test-retired',
        shopId: t().shop.id,
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
      expect(before.json.beds.find((b: { id: string }) => b.id === bed.id)).toMatchObject({ name: 'Retired Booth', typeName: t().shop.typeOf(bed).name })

      await t().db.update(schema.beds).set({ active: false }).where(eq(schema.beds.id, bed.id))
      const after = await t().api('website/salon')
      expect(after.json.beds.map((b: { id: string }) => b.id)).not.toContain(bed.id)
      expect(after.json.beds.length).toBe(before.json.beds.length - 1)
    })
  })
})
