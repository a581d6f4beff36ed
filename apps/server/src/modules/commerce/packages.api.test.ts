import { eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { createShop } from '../../test/factories/shop.ts'
import { describeApi } from '../../test/harness.ts'

const pkg = (shopId: string, id: string, sortOrder: number) => ({
  id,
  shopId,
  name: `Package ${id}`,
  description: 'Minutes for testing',
  minutes: 45,
  pricePence: 2250,
  validityDays: 60,
  bedTypes: ['lay-down', 'stand-up'],
  sortOrder,
})

describeApi('packages', (t) => {
  it("the active packages are listed in the salon's order", async () => {
    const shop = await createShop(t().db, {
      packages: [
        { name: 'Third', minutes: 90, pricePence: 6000, sortOrder: 3, bedTypes: ['lay-down', 'stand-up', 'high-pressure'] },
        { name: 'Retired', sortOrder: 2, active: false },
        { name: 'First', minutes: 30, pricePence: 1500, validityDays: 45, sortOrder: 1, highlight: true, bedTypes: ['stand-up'] },
      ],
    })
    const { status, json } = await t().api('website/packages', { headers: shop.headers })
    expect(status).toBe(200)
    const listed = [shop.packages[2]!, shop.packages[0]!]
    expect(json.packages).toEqual(
      listed.map(({ id, name, description, minutes, pricePence, validityDays, bedTypes, highlight }) => ({
        id,
        name,
        description,
        minutes,
        pricePence,
        validityDays,
        bedTypes,
        highlight,
      })),
    )
  })

  it('a new package takes its place by sort order, not by when it was added', async () => {
    await t()
      .db.insert(schema.packages)
      .values([pkg(t().shop.id, 'pkg-test-late', 1000), pkg(t().shop.id, 'pkg-test-early', -1000)])
    const ids = (await t().api('website/packages')).json.packages.map((p: { id: string }) => p.id)
    expect(ids[0]).toBe('pkg-test-early')
    expect(ids.at(-1)).toBe('pkg-test-late')
  })

  it('a package the salon stops selling disappears from the list', async () => {
    await t()
      .db.insert(schema.packages)
      .values(pkg(t().shop.id, 'pkg-test-retired', 50))
    const before = (await t().api('website/packages')).json.packages
    expect(before.find((p: { id: string }) => p.id === 'pkg-test-retired')).toMatchObject({
      name: 'Package pkg-test-retired',
      minutes: 45,
      pricePence: 2250,
      validityDays: 60,
      bedTypes: ['lay-down', 'stand-up'],
      highlight: false,
    })
    await t().db.update(schema.packages).set({ active: false }).where(eq(schema.packages.id, 'pkg-test-retired'))
    const after = (await t().api('website/packages')).json.packages
    expect(after.map((p: { id: string }) => p.id)).not.toContain('pkg-test-retired')
    expect(after).toHaveLength(before.length - 1)
  })

  it("another shop's packages are not listed", async () => {
    const other = await createShop(t().db)
    const ids = (await t().api('website/packages')).json.packages.map((p: { id: string }) => p.id)
    expect(ids.length).toBeGreaterThan(0)
    for (const id of other.packages.map((p) => p.id)) expect(ids).not.toContain(id)
  })
})
