import { eq, schema } from '@salon/db'
import { DEMO_SHOP_ID, seedDemo } from '@salon/db/seed'
import { expect, it } from 'vitest'
import { describeDatabase } from './harness.ts'

/** The demo salon that `npm start` seeds: here the seed itself is what is tested. */
describeDatabase('the demo seed', (database) => {
  const db = () => database().db

  it('re-running the seed keeps everything the salon changed and each closure once', async () => {
    await seedDemo(db(), { apiKey: 'pk_test_demo_seed_0001' })
    await db().update(schema.bookingRules).set({ horizonDays: 42 }).where(eq(schema.bookingRules.shopId, DEMO_SHOP_ID))
    await db().insert(schema.closures).values({ shopId: DEMO_SHOP_ID, date: '2026-12-09', reason: 'Staff training' })
    const [bed] = await db().select().from(schema.beds).where(eq(schema.beds.shopId, DEMO_SHOP_ID)).limit(1)
    await db().update(schema.beds).set({ name: 'Renamed by the salon' }).where(eq(schema.beds.id, bed!.id))
    const [pack] = await db().select().from(schema.packages).where(eq(schema.packages.shopId, DEMO_SHOP_ID)).limit(1)
    await db().update(schema.packages).set({ pricePence: 1234 }).where(eq(schema.packages.id, pack!.id))
    await db().update(schema.shops).set({ phone: '01632 960000' }).where(eq(schema.shops.id, DEMO_SHOP_ID))

    await seedDemo(db(), { apiKey: 'pk_test_demo_seed_0001' })
    const [rules] = await db().select().from(schema.bookingRules).where(eq(schema.bookingRules.shopId, DEMO_SHOP_ID))
    expect(rules).toMatchObject({ horizonDays: 42, slotStepMinutes: 15, leadTimeMinutes: 60, firstSessionMaxMinutes: 6, payInSalon: true })
    const closures = await db().select().from(schema.closures).where(eq(schema.closures.shopId, DEMO_SHOP_ID))
    expect(closures.find((c) => c.date === '2026-12-09')).toMatchObject({ reason: 'Staff training' })
    const bankHolidays = closures.filter((c) => c.date !== '2026-12-09')
    expect(bankHolidays).toHaveLength(16)
    expect(bankHolidays.find((c) => c.date === '2027-03-26')).toMatchObject({ reason: 'Good Friday' })
    expect(await db().$count(schema.shopApiKeys, eq(schema.shopApiKeys.shopId, DEMO_SHOP_ID))).toBe(1)
    const [bedAfter] = await db().select().from(schema.beds).where(eq(schema.beds.id, bed!.id))
    expect(bedAfter?.name).toBe('Renamed by the salon')
    const [packAfter] = await db().select().from(schema.packages).where(eq(schema.packages.id, pack!.id))
    expect(packAfter?.pricePence).toBe(1234)
    const [shopAfter] = await db().select().from(schema.shops).where(eq(schema.shops.id, DEMO_SHOP_ID))
    expect(shopAfter?.phone).toBe('01632 960000')
  })
})
