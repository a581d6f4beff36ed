import { randomUUID } from 'node:crypto'
import { eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { shopCustomer, shopCustomers } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { buyPackage, startPayment } from '../../test/factories/payments.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { describeApi } from '../../test/harness.ts'

/** Monday 23 November 2026, 10:00 GMT */
const clock = testClock('2026-11-23T10:00:00Z')
const SHOP = {
  packages: [
    { id: 'pkg-small', name: 'Starter 30', minutes: 30, pricePence: 1800 },
    { id: 'pkg-big', name: 'Glow 90', minutes: 90, pricePence: 4500 },
  ],
  promoCodes: [
    { code: 'TENOFF', kind: 'percent', amount: 10 },
    { code: 'FIVER', kind: 'fixed', amount: 500, maxUsesPerCustomer: 2 },
    { code: 'HUGE', kind: 'fixed', amount: 5000 },
    { code: 'SUMMER', validFrom: new Date('2026-06-01T00:00:00Z'), validUntil: new Date('2026-09-01T00:00:00+01:00') },
    { code: 'XMAS', validFrom: new Date('2026-12-01T00:00:00Z'), validUntil: new Date('2026-12-27T00:00:00Z') },
    { code: 'BIGONLY', packageIds: ['pkg-big'] },
    { code: 'LASTONE', maxUses: 1 },
    { code: 'RETIRED', active: false },
  ],
} satisfies ShopInput

describeApi(
  'promo codes',
  (t) => {
    const apply = (code: string, packageId: string, headers: Record<string, string> = {}) =>
      t().api(`apply/promocode/${encodeURIComponent(code)}?packageId=${packageId}`, { headers })

    it('a percentage code and a fixed one say what they take off, in any case', async () => {
      expect((await apply('tenoff', 'pkg-small')).json).toEqual({
        code: 'TENOFF',
        packageId: 'pkg-small',
        description: '10% off',
        pricePence: 1800,
        discountPence: 180,
        totalPence: 1620,
        message: 'TENOFF takes £1.80 off Starter 30: you pay £16.20.',
      })
      expect((await apply('FIVER', 'pkg-big')).json).toMatchObject({ description: '£5.00 off', discountPence: 500, totalPence: 4000 })
    })

    it('a discount never takes the card charge below 30p', async () => {
      expect((await apply('HUGE', 'pkg-small')).json).toMatchObject({ discountPence: 1770, totalPence: 30 })
    })

    it.each([
      ['NOPE', 'pkg-small', 404, 'unknown', 'There is no promo code NOPE at this salon. Please check how it is spelt.'],
      ['RETIRED', 'pkg-small', 404, 'unknown', 'There is no promo code RETIRED at this salon. Please check how it is spelt.'],
      ['SUMMER', 'pkg-small', 422, 'expired', 'The promo code SUMMER ended on Monday 31 August 2026.'],
      ['XMAS', 'pkg-small', 422, 'not_yet_valid', 'The promo code XMAS starts on Tuesday 1 December 2026. Please use it from then.'],
      ['BIGONLY', 'pkg-small', 422, 'not_for_package', 'The promo code BIGONLY is not for the Starter 30 package. It is for: Glow 90.'],
    ])('%s on %s is refused (%s, %s)', async (code, packageId, status, reason, message) => {
      expect(await apply(code, packageId)).toMatchObject({ status, json: { reason, message } })
    })

    it('a code the customer has used is refused as used by them, and a payment refused with it takes nothing', async () => {
      const customer = await shopCustomer(t())
      await buyPackage(t(), customer, 'pkg-small', 'TENOFF')
      const again = await apply('TENOFF', 'pkg-small', customer.headers)
      expect(again).toMatchObject({ status: 409, json: { reason: 'already_used', message: 'You have already used the promo code TENOFF.' } })
      const payment = await startPayment(t(), customer, { packageId: 'pkg-small', promoCode: 'TENOFF' })
      expect(payment).toMatchObject({ status: 409, json: { reason: 'already_used' } })
      // Someone else may still use it.
      expect((await apply('TENOFF', 'pkg-small')).status).toBe(200)
    })

    it('the payment charges the discounted amount, worked out on the server', async () => {
      const customer = await shopCustomer(t())
      const { payment, purchase } = await buyPackage(t(), customer, 'pkg-big', 'fiver')
      expect(payment).toMatchObject({ pricePence: 4500, discountPence: 500, amountPence: 4000, promoCode: 'FIVER' })
      expect(purchase.json.lot.minutes).toBe(90)
    })

    it('a checkout key made without a promo code does not answer a checkout with one, nor the other way round', async () => {
      const customer = await shopCustomer(t())
      const key = randomUUID()
      expect((await startPayment(t(), customer, { packageId: 'pkg-big' }, key)).status).toBe(201)
      const withCode = await startPayment(t(), customer, { packageId: 'pkg-big', promoCode: 'TENOFF' }, key)
      expect(withCode).toMatchObject({ status: 409, json: { message: 'This Idempotency-Key was used for a different checkout. Please send a new key.' } })
      const again = await startPayment(t(), customer, { packageId: 'pkg-big' }, key)
      expect(again).toMatchObject({ status: 200, json: { payment: { amountPence: 4500, promoCode: null } } })
    })

    it('a bad code or a missing package is a 400 that names the field', async () => {
      expect((await apply('no spaces!', 'pkg-small')).status).toBe(400)
      const missing = await t().api('apply/promocode/TENOFF')
      expect(missing.status).toBe(400)
      expect(missing.json.message).toBe('Please check the query request: packageId is required: the id of the package the code is for.')
      expect((await t().api('apply/promocode/TENOFF?packageId=')).json.message).toBe(missing.json.message)
      expect((await apply('TENOFF', 'pkg-none')).status).toBe(404)
    })

    it('a code with one use left, used by 20 customers at once, is used once', async () => {
      const customers = await shopCustomers(t(), 20)
      const answers = await Promise.all(customers.map((c) => startPayment(t(), c, { packageId: 'pkg-small', promoCode: 'LASTONE' })))
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
      const refused = answers.filter((a) => a.status !== 201)
      expect(refused.map((a) => a.status)).toEqual(Array(19).fill(409))
      expect(refused[0]!.json).toMatchObject({ reason: 'used_up', message: 'The promo code LASTONE has been used up: it could be used 1 times.' })
      const [promo] = await t().db.select().from(schema.promoCodes).where(eq(schema.promoCodes.code, 'LASTONE'))
      expect(await t().db.select().from(schema.promoRedemptions).where(eq(schema.promoRedemptions.promoCodeId, promo!.id))).toHaveLength(1)
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
