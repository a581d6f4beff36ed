import { and, eq, schema, sql } from '@salon/db'
import { expect, it } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { balanceOf, freshHeaders, outboxMessages, shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { payWithCard, recordPurchase, startPayment } from '../../test/factories/payments.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { describeApi, type TestApp } from '../../test/harness.ts'
import { PROMO_HOLD_MINUTES } from './commerce.repository.ts'

/** Monday 23 November 2026, 10:00 GMT */
const START = '2026-11-23T10:00:00Z'
/** Just past the hold an unpaid checkout keeps on its promo code. */
const PAST_THE_HOLD = (PROMO_HOLD_MINUTES + 1.8) * 60_000
const clock = testClock(START)
const SHOP = {
  packages: [{ id: 'pkg-30', name: 'Starter 30', minutes: 30, pricePence: 1800 }],
  promoCodes: [
    { code: 'ONCE', kind: 'percent', amount: 10, maxUsesPerCustomer: 1 },
    { code: 'LASTONE', kind: 'percent', amount: 10, maxUses: 1, maxUsesPerCustomer: 5 },
    { code: 'RACE', kind: 'percent', amount: 10, maxUsesPerCustomer: 1 },
  ],
} satisfies ShopInput
const deps = () => ({ passwords: fastPasswords, now: clock.now })

/** The payments that took money with the code and kept it. */
async function succeededWith(t: TestApp, code: string) {
  const [promo] = await t.db
    .select()
    .from(schema.promoCodes)
    .where(and(eq(schema.promoCodes.shopId, t.shop.id), eq(schema.promoCodes.code, code)))
  return t.db
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.promoCodeId, promo!.id), eq(schema.payments.status, 'succeeded')))
}

async function refundedAtProcessor(t: TestApp, ref: string) {
  const result = (await t.db.execute(sql`select refunded_at from test_payment_intents where id = ${ref}`)) as unknown as { rows: { refunded_at: unknown }[] }
  return result.rows[0]!.refunded_at !== null
}

const checkout = async (t: TestApp, customer: ShopCustomer, code: string) => {
  const started = await startPayment(t, customer, { packageId: 'pkg-30', promoCode: code })
  expect(started.status).toBe(201)
  return started.json.payment as { id: string; providerRef: string; clientSecret: string }
}

describeApi(
  'a promo code’s limits hold when the money is taken',
  (t) => {
    it('a once-per-customer code is not used twice by leaving a checkout unpaid until its hold lapses', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      const first = await checkout(t(), customer, 'ONCE')
      clock.advance(PAST_THE_HOLD)
      // The first checkout's hold has lapsed, so a new checkout may take the code…
      const second = await checkout(t(), customer, 'ONCE')
      // …and once the new one is paid, paying the old one takes the code no further.
      expect((await payWithCard(t(), second)).json.status).toBe('succeeded')
      expect((await recordPurchase(t(), customer, second.id)).status).toBe(200)
      await payWithCard(t(), first)

      expect(await succeededWith(t(), 'ONCE')).toHaveLength(1)
      const refused = await recordPurchase(t(), customer, first.id)
      expect(refused).toMatchObject({
        status: 409,
        json: {
          reason: 'already_used',
          status: 'refunded',
          message:
            'The promo code ONCE can be used once per customer, and it was already used or held by another of your checkouts when this payment went through. The £16.20 has been refunded to your card in full (it can take a few days to show) and nothing was bought. Please buy Starter 30 again.',
        },
      })
      expect(await refundedAtProcessor(t(), first.providerRef)).toBe(true)
      expect(await balanceOf(t(), customer)).toBe(30)
      // The notice is the messages module's job, asked for with the refusal.
      await createWorker({ ...t().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()
      const notices = await outboxMessages(t().app)
      expect(notices.some((m) => m.subject?.startsWith('Your payment was refunded') && m.body.includes('ONCE'))).toBe(true)
    })

    it('a code with one use left is used once when two customers pay, even by the checkout whose hold lapsed paying first', async () => {
      clock.set(START)
      const [early, late] = [await shopCustomer(t()), await shopCustomer(t())]
      const lapsed = await checkout(t(), early, 'LASTONE')
      clock.advance(PAST_THE_HOLD)
      const held = await checkout(t(), late, 'LASTONE')
      // The first checkout's hold lapsed and the use went to the second, which still holds it.
      await payWithCard(t(), lapsed)
      expect((await payWithCard(t(), held)).json.status).toBe('succeeded')

      expect((await succeededWith(t(), 'LASTONE')).map((p) => p.id)).toEqual([held.id])
      expect((await recordPurchase(t(), late, held.id)).status).toBe(200)
      expect(await recordPurchase(t(), early, lapsed.id)).toMatchObject({
        status: 409,
        json: {
          reason: 'used_up',
          message:
            'The promo code LASTONE had been used up when this payment went through: it could be used once. The £16.20 has been refunded to your card in full (it can take a few days to show) and nothing was bought. Please buy Starter 30 again.',
        },
      })
      expect(await refundedAtProcessor(t(), lapsed.providerRef)).toBe(true)
      expect(await balanceOf(t(), early)).toBe(0)
    })

    it('an unpaid checkout still inside its hold keeps the code, and is credited when paid', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      const payment = await checkout(t(), customer, 'ONCE')
      clock.advance(PROMO_HOLD_MINUTES * 60_000 - 60_000)
      expect((await startPayment(t(), customer, { packageId: 'pkg-30', promoCode: 'ONCE' })).status).toBe(409)
      await payWithCard(t(), payment)
      expect((await recordPurchase(t(), customer, payment.id)).status).toBe(200)
    })
  },
  { shop: SHOP, deps },
)

describeApi(
  'a promo code’s limits hold when two payments go through at once',
  (t) => {
    it('two lapsed checkouts of a once-per-customer code, paid at the same moment, take it once', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      const first = await checkout(t(), customer, 'RACE')
      clock.advance(PAST_THE_HOLD)
      const second = await checkout(t(), customer, 'RACE')
      clock.advance(PAST_THE_HOLD)
      await Promise.all([payWithCard(t(), first), payWithCard(t(), second)])
      expect(await succeededWith(t(), 'RACE')).toHaveLength(1)
      const headers = await freshHeaders(t(), customer)
      const claims = await Promise.all([first, second].map((p) => recordPurchase(t(), { headers }, p.id)))
      expect(claims.map((c) => c.status).sort()).toEqual([200, 409])
      expect(await balanceOf(t(), customer)).toBe(30)
    })
  },
  { shop: SHOP, deps, postgresOnly: true },
)
