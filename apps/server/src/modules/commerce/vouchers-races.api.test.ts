import { randomUUID } from 'node:crypto'
import { eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { balanceOf, shopCustomer, shopCustomers } from '../../test/factories/customers.ts'
import { newAddress } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { issuedVoucher } from '../../test/factories/vouchers.ts'
import { describeApi } from '../../test/harness.ts'

const SHOP = { packages: [{ id: 'glow-60', name: 'Glow 60', minutes: 60, pricePence: 3300, validityDays: 90 }] } satisfies ShopInput

/** A voucher's value and a customer's credit are spent once per pound, whatever the concurrency (docs/decisions/042). */
describeApi(
  'gift vouchers under concurrency',
  (t) => {
    it('one voucher redeemed by 20 customers at once is credited once, for its value', async () => {
      const { code, voucher } = await issuedVoucher(t(), 2500)
      const customers = await shopCustomers(t(), 20)
      const results = await Promise.all(
        customers.map((c) => t().api('p_account/vouchers', { body: { code }, headers: { ...c.headers, 'x-forwarded-for': newAddress() } })),
      )
      expect(results.filter((r) => r.status === 200)).toHaveLength(1)
      expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true)
      const credit = await t().db.select().from(schema.creditLots).where(eq(schema.creditLots.voucherId, voucher.id))
      expect(credit.reduce((sum, l) => sum + l.amountPence, 0)).toBe(2500)
      const [after] = await t().db.select().from(schema.giftVouchers).where(eq(schema.giftVouchers.id, voucher.id))
      expect(after!.remainingPence).toBe(0)
    })

    it('credit for one package, spent by 20 checkouts at once, buys one', async () => {
      const customer = await shopCustomer(t())
      const { code } = await issuedVoucher(t(), 5000)
      await t().api('p_account/vouchers', { body: { code }, headers: { ...customer.headers, 'x-forwarded-for': newAddress() } })
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          t().api('p_account/credit/purchase', { body: { packageId: 'glow-60' }, headers: { ...customer.headers, 'idempotency-key': randomUUID() } }),
        ),
      )
      expect(results.filter((r) => r.status === 201)).toHaveLength(1)
      expect(await balanceOf(t(), customer)).toBe(60)
      const lots = await t().db.select().from(schema.creditLots).where(eq(schema.creditLots.sub, customer.sub))
      expect(lots.reduce((sum, l) => sum + l.remainingPence, 0)).toBe(1700)
    })
  },
  { deps: () => ({ trustProxy: true }), shop: SHOP, postgresOnly: true },
)
