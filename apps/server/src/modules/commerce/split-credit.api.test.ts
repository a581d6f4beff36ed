import { randomUUID } from 'node:crypto'
import { and, eq, schema, sql } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { balanceOf, shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { CARDS, payWithCard, recordPurchase, startPayment } from '../../test/factories/payments.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { creditLeft, creditOnAccount } from '../../test/factories/vouchers.ts'
import { describeApi, type TestApp } from '../../test/harness.ts'
import { CREDIT_HOLD_MINUTES, CREDIT_HOLD_SWEEP } from './credit-holds.service.ts'

/** Monday 23 November 2026, 10:00 GMT */
const START = '2026-11-23T10:00:00Z'
const PAST_THE_HOLD = (CREDIT_HOLD_MINUTES + 1) * 60_000
const clock = testClock(START)
const SHOP = {
  packages: [
    { id: 'course-60', name: 'Course of 60', minutes: 60, pricePence: 3600, validityDays: 90 },
    { id: 'tiny', name: 'Taster', minutes: 1, pricePence: 30, validityDays: 30 },
  ],
  promoCodes: [{ code: 'TEN', kind: 'percent', amount: 10, maxUsesPerCustomer: 5 }],
} satisfies ShopInput
const deps = () => ({ passwords: fastPasswords, now: clock.now })

type Started = { id: string; providerRef: string; clientSecret: string; amountPence: number; creditPence: number; status: string }

const checkout = async (t: TestApp, customer: ShopCustomer, body: object = {}, key?: string) => {
  const started = await startPayment(t, customer, { packageId: 'course-60', useCredit: true, ...body }, key)
  expect(started.status, JSON.stringify(started.json)).toBe(201)
  return started.json.payment as Started
}

const paymentRow = async (t: TestApp, id: string) => (await t.db.select().from(schema.payments).where(eq(schema.payments.id, id)))[0]!

/** The credit a payment holds or spent: its credit_spends. */
async function spentBy(t: TestApp, paymentId: string) {
  const rows = await t.db.select().from(schema.creditSpends).where(eq(schema.creditSpends.paymentId, paymentId))
  return rows.reduce((sum, r) => sum + r.amountPence, 0)
}

const sweep = (t: TestApp) => t.app.jobs.handlers[CREDIT_HOLD_SWEEP.kind]!() as Promise<{ released: number; paid: number }>

async function intentStatus(t: TestApp, ref: string) {
  const result = (await t.db.execute(sql`select status, refunded_at, amount_pence from test_payment_intents where id = ${ref}`)) as unknown as {
    rows: { status: string; refunded_at: unknown; amount_pence: number }[]
  }
  return result.rows[0]!
}

/** docs/product.md "Gift vouchers", docs/decisions/053: credit pays part of a package, the card the rest. */
describeApi(
  'gift voucher credit and a card paying for one package',
  (t) => {
    let owner: StaffUser
    beforeAll(async () => {
      owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
    })

    it('holds the credit when the checkout starts, issues the package once when the card pays, and keeps the credit spent', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 1000)
      const key = randomUUID()
      const payment = await checkout(t(), customer, {}, key)
      expect(payment).toMatchObject({ amountPence: 2600, creditPence: 1000, status: 'pending' })
      expect((await intentStatus(t(), payment.providerRef)).amount_pence).toBe(2600)
      // Held: the credit is not there for anything else while the card is asked.
      expect(await creditLeft(t(), customer)).toBe(0)
      expect(await spentBy(t(), payment.id)).toBe(1000)
      // The same checkout asked again is the same payment, holding the same credit.
      expect((await startPayment(t(), customer, { packageId: 'course-60', useCredit: true }, key)).json.payment.id).toBe(payment.id)
      expect(await spentBy(t(), payment.id)).toBe(1000)

      expect((await payWithCard(t(), payment)).json.status).toBe('succeeded')
      expect((await recordPurchase(t(), customer, payment.id)).status).toBe(200)
      expect((await recordPurchase(t(), customer, payment.id)).status).toBe(200)
      expect(await balanceOf(t(), customer)).toBe(60)
      expect(await creditLeft(t(), customer)).toBe(0)
      // The sweep leaves a paid payment alone.
      clock.advance(PAST_THE_HOLD)
      await sweep(t())
      expect(await creditLeft(t(), customer)).toBe(0)
      expect(await paymentRow(t(), payment.id)).toMatchObject({ status: 'succeeded', amountPence: 2600, creditPence: 1000 })
    })

    it('applies a promo code to the price first, then the credit', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 1000)
      const payment = await checkout(t(), customer, { promoCode: 'TEN' })
      expect(payment).toMatchObject({ pricePence: 3600, discountPence: 360, creditPence: 1000, amountPence: 2240 })
    })

    it('uses less credit so the card pays at least 30p, and refuses where no credit can be used', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 3590)
      const paid = await checkout(t(), customer)
      expect(paid).toMatchObject({ creditPence: 3570, amountPence: 30 })
      expect(await creditLeft(t(), customer)).toBe(20)
      expect((await payWithCard(t(), paid)).json.status).toBe('succeeded')
      // 20p left, and a package of 30p: the card must pay all of it.
      expect(await startPayment(t(), customer, { packageId: 'tiny', useCredit: true })).toMatchObject({
        status: 422,
        json: { message: 'A card payment must be at least £0.30, so gift voucher credit cannot pay part of £0.30. Please pay by card alone.' },
      })
      const rich = await shopCustomer(t())
      await creditOnAccount(t(), rich, 3600)
      expect(await startPayment(t(), rich, { packageId: 'course-60', useCredit: true })).toMatchObject({
        status: 409,
        json: { message: 'Your gift voucher credit (£36.00) covers this package, so no card is needed: buy it with your credit.' },
      })
      const none = await shopCustomer(t())
      expect(await startPayment(t(), none, { packageId: 'course-60', useCredit: true })).toMatchObject({
        status: 409,
        json: { message: 'You have no gift voucher credit left to use. Please pay by card alone.' },
      })
      expect(await creditLeft(t(), rich)).toBe(3600)
    })

    it('a declined card ends the payment and gives the credit back, once, whatever the sweep does after', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 1000)
      const payment = await checkout(t(), customer)
      const declined = await payWithCard(t(), payment, CARDS.declined)
      expect(declined.json).toMatchObject({ status: 'canceled', error: { code: 'card_declined' } })
      expect(await creditLeft(t(), customer)).toBe(1000)
      expect((await paymentRow(t(), payment.id)).status).toBe('cancelled')
      // Another card on the ended payment is refused: the customer starts again.
      expect((await payWithCard(t(), payment)).status).toBe(409)
      clock.advance(PAST_THE_HOLD)
      await sweep(t())
      expect(await creditLeft(t(), customer)).toBe(1000)
      // Starting again holds it again.
      expect(await checkout(t(), customer)).toMatchObject({ creditPence: 1000, amountPence: 2600 })
    })

    it('a new checkout with credit ends the earlier one still holding it, its intent cancelled first; the same checkout asked again is left alone', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 1000)
      const key = randomUUID()
      const first = await checkout(t(), customer, {}, key)
      // The card form left open, or a card refused with the provider's word not come yet: the credit is held.
      expect(await creditLeft(t(), customer)).toBe(0)
      expect((await startPayment(t(), customer, { packageId: 'course-60', useCredit: true }, key)).json.payment.id).toBe(first.id)
      expect((await paymentRow(t(), first.id)).status).toBe('pending')

      const second = await checkout(t(), customer, { packageId: 'tiny', useCredit: false })
      // A checkout without credit changes nothing of the one holding it.
      expect((await paymentRow(t(), first.id)).status).toBe('pending')
      expect(second.creditPence).toBe(0)

      const again = await checkout(t(), customer)
      expect(again).toMatchObject({ creditPence: 1000, amountPence: 2600 })
      expect(await paymentRow(t(), first.id)).toMatchObject({ status: 'cancelled' })
      expect(await intentStatus(t(), first.providerRef)).toMatchObject({ status: 'canceled' })
      expect(await spentBy(t(), again.id)).toBe(1000)
      expect(await creditLeft(t(), customer)).toBe(0)
      // The ended payment can never be paid, so its credit is spent once.
      expect((await payWithCard(t(), first)).status).toBe(409)
      expect((await payWithCard(t(), again)).json.status).toBe('succeeded')
      expect((await recordPurchase(t(), customer, again.id)).status).toBe(200)
      expect(await balanceOf(t(), customer)).toBe(60)
      expect(await creditLeft(t(), customer)).toBe(0)
    })

    it('a checkout left unpaid past the hold is ended by the sweep: its credit goes back, except what has expired since', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 1000)
      // 500 more, whose last moment comes before the sweep.
      await creditOnAccount(t(), customer, 500, 20 * 60_000)
      const payment = await checkout(t(), customer)
      expect(payment).toMatchObject({ creditPence: 1500, amountPence: 2100 })
      clock.advance(CREDIT_HOLD_MINUTES * 60_000 - 60_000)
      await sweep(t())
      expect((await paymentRow(t(), payment.id)).status).toBe('pending')
      clock.advance(2 * 60_000)
      expect((await sweep(t())).released).toBeGreaterThanOrEqual(1)
      expect((await paymentRow(t(), payment.id)).status).toBe('cancelled')
      expect(await creditLeft(t(), customer)).toBe(1000)
      await sweep(t())
      expect(await creditLeft(t(), customer)).toBe(1000)
      // The card can no longer pay it, so no package comes without its credit.
      expect(await payWithCard(t(), payment)).toMatchObject({ status: 409, json: { message: 'This payment was cancelled. Please start again.' } })
      expect(await balanceOf(t(), customer)).toBe(0)
      expect(await intentStatus(t(), payment.providerRef)).toMatchObject({ status: 'canceled' })
    })

    it('a checkout the card paid just before the sweep is issued, not ended', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 1000)
      const payment = await checkout(t(), customer)
      // The card is taken at the processor, and the salon has not heard yet.
      await t().db.execute(sql`update test_payment_intents set status = 'succeeded' where id = ${payment.providerRef}`)
      clock.advance(PAST_THE_HOLD)
      expect((await sweep(t())).paid).toBe(1)
      expect(await balanceOf(t(), customer)).toBe(60)
      expect(await creditLeft(t(), customer)).toBe(0)
    })

    it('the owner refunds it whole: the card part to the card, the credit part to the credit', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 1000)
      const payment = await checkout(t(), customer)
      await payWithCard(t(), payment)
      await recordPurchase(t(), customer, payment.id)
      const done = await t().api('staff/counter/refunds', { body: { paymentId: payment.id, reason: 'Moving away' }, headers: owner.headers })
      expect(done.status, JSON.stringify(done.json)).toBe(200)
      expect(done.json).toMatchObject({ method: 'online_card', amountPence: 3600, minutesRemoved: 60 })
      expect(done.json.message).toBe(
        "Refunded: £36.00 goes back: £26.00 to the customer's card, and they are told once it has, and £10.00 to their gift voucher credit. All 60 minutes of Course of 60 were taken off the balance.",
      )
      expect(await creditLeft(t(), customer)).toBe(1000)
      expect(await paymentRow(t(), payment.id)).toMatchObject({ refundOwedAt: expect.any(Date), refundedPence: null })
      await createWorker({ ...t().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()
      expect(await intentStatus(t(), payment.providerRef)).toMatchObject({ refunded_at: expect.anything() })
      // Asked again: refused, and nothing more goes back.
      expect((await t().api('staff/counter/refunds', { body: { paymentId: payment.id, reason: 'Again' }, headers: owner.headers })).status).toBe(409)
      expect(await creditLeft(t(), customer)).toBe(1000)
    })

    it('the owner refunds the unused minutes: their share is split as it was paid, the card rounded up, adding up exactly', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 1000)
      const payment = await checkout(t(), customer)
      await payWithCard(t(), payment)
      await recordPurchase(t(), customer, payment.id)
      const adjusted = await t().api(`staff/customers/${customer.sub}/adjustments`, { body: { minutes: -20, reason: 'Used' }, headers: owner.headers })
      expect(adjusted.status).toBe(200)
      const done = await t().api('staff/counter/refunds', { body: { paymentId: payment.id, reason: 'Moving away', part: 'unused' }, headers: owner.headers })
      expect(done.status, JSON.stringify(done.json)).toBe(200)
      // 40 of 60 minutes of £36.00: £24.00, of which the card paid 26/36 (£17.333…, so £17.34) and the credit the rest.
      expect(done.json).toMatchObject({ amountPence: 2400, minutesRemoved: 40 })
      expect(done.json.message).toContain(
        "Refunded: £24.00, the share of the 40 minutes not used, goes back: £17.34 to the customer's card, and they are told once it has, and £6.66 to their gift voucher credit.",
      )
      expect(await paymentRow(t(), payment.id)).toMatchObject({ refundedPence: 1734 })
      expect(await creditLeft(t(), customer)).toBe(666)
    })

    it('a session paid by card takes no credit', async () => {
      const customer = await shopCustomer(t())
      expect(await startPayment(t(), customer, { bookingId: randomUUID(), useCredit: true })).toMatchObject({
        status: 422,
        json: { message: 'Gift voucher credit pays for a session in full, when it is booked: it cannot pay part of a session paid by card.' },
      })
    })
  },
  { shop: SHOP, deps },
)

describeApi(
  'gift voucher credit and a card under concurrency',
  (t) => {
    it('sixty checkouts at once with credit for one: one holds it, the others are refused, and no pound is spent twice', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 1000)
      const results = await Promise.all(Array.from({ length: 60 }, () => startPayment(t(), customer, { packageId: 'course-60', useCredit: true })))
      // Refused: no credit left (409), or more checkouts in an hour than anyone needs (429, which gives back what it held).
      expect(results.every((r) => [201, 409, 429].includes(r.status))).toBe(true)
      expect(results.filter((r) => r.status === 201).every((r) => r.json.payment.creditPence === 1000)).toBe(true)
      const holding = await t()
        .db.select()
        .from(schema.payments)
        .where(and(eq(schema.payments.sub, customer.sub), sql`${schema.payments.status} in ('creating', 'pending')`))
      // At most one checkout holds it (one whose checkout was over the hour's limit gave it back, and a later one may have taken it).
      expect(holding.length).toBeLessThanOrEqual(1)
      expect(holding).toHaveLength(results.filter((r) => r.status === 201).length)
      const held = holding.length ? await spentBy(t(), holding[0]!.id) : 0
      const [lot] = await t().db.select().from(schema.creditLots).where(eq(schema.creditLots.sub, customer.sub))
      expect(lot!.remainingPence + held).toBe(1000)
      expect(await creditLeft(t(), customer)).toBe(lot!.remainingPence)
    })

    it('the sweep and the card’s refusal at the same moment give the credit back once', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      await creditOnAccount(t(), customer, 1000)
      const payment = await checkout(t(), customer)
      clock.advance(PAST_THE_HOLD)
      await Promise.all([sweep(t()), payWithCard(t(), payment, CARDS.declined), sweep(t()), payWithCard(t(), payment, CARDS.declined)])
      expect(await creditLeft(t(), customer)).toBe(1000)
      const [lot] = await t().db.select().from(schema.creditLots).where(eq(schema.creditLots.sub, customer.sub))
      expect(lot!.remainingPence).toBe(1000)
      expect((await paymentRow(t(), payment.id)).status).toBe('cancelled')
    })
  },
  { shop: SHOP, deps, postgresOnly: true },
)
