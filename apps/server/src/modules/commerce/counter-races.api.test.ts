import { randomUUID } from 'node:crypto'
import { and, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { balanceOf, shopCustomer, shopCustomers } from '../../test/factories/customers.ts'
import { buyPackage } from '../../test/factories/payments.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

/** The photo ID seen at the desk, sent with every desk booking and sale here: asked once per customer. */
const PASSPORT = { document: 'passport' }

const SHOP = {
  packages: [{ id: 'starter-30', name: 'Starter 30', minutes: 30, pricePence: 1800, validityDays: 60 }],
  promoCodes: [{ code: 'LASTONE', kind: 'fixed', amount: 500, maxUses: 1, maxUsesPerCustomer: 1 }],
} satisfies ShopInput

/** docs/product.md §10.3 under concurrency: the database settles every race at the counter. */
describeApi(
  'the counter under concurrency',
  (t) => {
    let staff: StaffUser
    let owner: StaffUser

    beforeAll(async () => {
      staff = await staffUser(t(), { role: 'staff' })
      owner = await staffUser(t(), { role: 'owner' })
    })

    const sell = (body: object) => t().api('staff/counter/sales', { body: { idCheck: PASSPORT, ...body }, headers: staff.headers })
    const lotsOf = (sub: string) => t().db.select().from(schema.minuteLots).where(eq(schema.minuteLots.sub, sub))
    const paymentsOf = (sub: string) => t().db.select().from(schema.payments).where(eq(schema.payments.sub, sub))

    it('keeps the ledger exact when counter sales and online purchases of one customer run at once', async () => {
      const customer = await shopCustomer(t())
      const results = await Promise.all([
        ...Array.from({ length: 8 }, () => sell({ sub: customer.sub, packageId: 'starter-30', method: 'cash', idempotencyKey: randomUUID() })),
        ...Array.from({ length: 8 }, () => buyPackage(t(), customer, 'starter-30').then(({ purchase }) => purchase)),
      ])
      expect(results.map((r) => r.status).sort()).toEqual([...Array(8).fill(200), ...Array(8).fill(201)].sort())
      const lots = await lotsOf(customer.sub)
      expect(lots).toHaveLength(16)
      const remaining = lots.reduce((sum, lot) => sum + lot.remaining, 0)
      expect(remaining).toBe(16 * 30)
      expect(await balanceOf(t(), customer)).toBe(remaining)
      expect((await paymentsOf(customer.sub)).filter((p) => p.status === 'succeeded')).toHaveLength(16)
    })

    it('makes one sale of sixty identical requests with one idempotency key', async () => {
      const customer = await shopCustomer(t())
      const body = { sub: customer.sub, packageId: 'starter-30', method: 'card_terminal', idempotencyKey: randomUUID() }
      const answers = await Promise.all(Array.from({ length: 60 }, () => sell(body)))
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
      expect(answers.filter((a) => a.status === 200)).toHaveLength(59)
      expect(new Set(answers.map((a) => a.json.paymentId)).size).toBe(1)
      expect(await paymentsOf(customer.sub)).toHaveLength(1)
      expect(await lotsOf(customer.sub)).toHaveLength(1)
      expect(await balanceOf(t(), customer)).toBe(30)
    })

    it('uses a promo code with one use left once, whether at the counter or online', async () => {
      const customers = await shopCustomers(t(), 12)
      await Promise.all(
        customers.map((c, i) =>
          i % 2
            ? sell({ sub: c.sub, packageId: 'starter-30', method: 'cash', promoCode: 'LASTONE', idempotencyKey: randomUUID() })
            : buyPackage(t(), c, 'starter-30', 'LASTONE').catch(() => undefined),
        ),
      )
      const used = await t()
        .db.select({ id: schema.payments.id })
        .from(schema.promoRedemptions)
        .innerJoin(schema.payments, eq(schema.payments.id, schema.promoRedemptions.paymentId))
        .innerJoin(schema.promoCodes, eq(schema.promoCodes.id, schema.promoRedemptions.promoCodeId))
        .where(and(eq(schema.promoCodes.code, 'LASTONE'), eq(schema.promoCodes.shopId, t().shop.id), eq(schema.payments.status, 'succeeded')))
      expect(used).toHaveLength(1)
    })

    it('refunds a sale once, however many times the owner presses', async () => {
      const customer = await shopCustomer(t())
      const sold = await sell({ sub: customer.sub, packageId: 'starter-30', method: 'cash', idempotencyKey: randomUUID() })
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          t().api('staff/counter/refunds', { body: { paymentId: sold.json.paymentId, reason: 'Refund' }, headers: owner.headers }),
        ),
      )
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
      expect(answers.filter((a) => a.status === 409).map((a) => a.json.message)).toEqual(Array(9).fill('This sale has already been refunded.'))
      expect(await balanceOf(t(), customer)).toBe(0)
    })
  },
  { shop: SHOP, postgresOnly: true },
)
