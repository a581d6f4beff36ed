import { and, asc, eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { describeApi, TEST_SHOP_ID } from '../../test/harness.ts'

const pkg = (id: string, sortOrder: number) => ({
  id,
  shopId: TEST_SHOP_ID,
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
    const { status, json } = await t().api('website/packages')
    expect(status).toBe(200)
    const rows = await t()
      .db.select({ id: schema.packages.id })
      .from(schema.packages)
      .where(and(eq(schema.packages.shopId, TEST_SHOP_ID), eq(schema.packages.active, true)))
      .orderBy(asc(schema.packages.sortOrder))
    expect(json.packages.map((p: { id: string }) => p.id)).toEqual(rows.map((r) => r.id))
    expect(json.packages.length).toBeGreaterThanOrEqual(5)
    expect(json.packages[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
      minutes: expect.any(Number),
      pricePence: expect.any(Number),
      validityDays: expect.any(Number),
      bedTypes: expect.any(Array),
      highlight: expect.any(Boolean),
    })
  })

  it('a new package takes its place by sort order, not by when it was added', async () => {
    await t()
      .db.insert(schema.packages)
      .values([pkg('pkg-test-late', 1000), pkg('pkg-test-early', -1000)])
    const ids = (await t().api('website/packages')).json.packages.map((p: { id: string }) => p.id)
    expect(ids[0]).toBe('pkg-test-early')
    expect(ids.at(-1)).toBe('pkg-test-late')
  })

  it('a package the salon stops selling disappears from the list', async () => {
    await t().db.insert(schema.packages).values(pkg('pkg-test-retired', 50))
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
    await t().db.insert(schema.shops).values({
      id: 'other-pkg-salon',
      name: 'Other',
      addressLine1: '1 Road',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      phone: '01632 960222',
      email: 'other@pkg.example',
    })
    await t()
      .db.insert(schema.packages)
      .values({ ...pkg('pkg-test-other-shop', 0), shopId: 'other-pkg-salon', bedTypes: ['lay-down'] })
    const ids = (await t().api('website/packages')).json.packages.map((p: { id: string }) => p.id)
    expect(ids).not.toContain('pkg-test-other-shop')
  })
})
