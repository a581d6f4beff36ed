import { randomUUID } from 'node:crypto'
import { NOT_A_TEST_CARD_MESSAGE } from '@salon/contracts/rules/test-cards'
import { eq, schema, sql } from '@salon/db'
import { expect, it } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { balanceOf, freshHeaders, shopCustomer, shopCustomers } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { buyPackage, CARDS, payWithCard, processor, recordPurchase, startPayment } from '../../test/factories/payments.ts'
import { createShop, type ShopInput } from '../../test/factories/shop.ts'
import { describeApi } from '../../test/harness.ts'
import { checkoutLimit } from './payments.service.ts'

/** Monday 23 November 2026, 10:00 GMT */
const clock = testClock('2026-11-23T10:00:00Z')
const SHOP = {
  packages: [
    { id: 'pkg-30', name: 'Starter 30', minutes: 30, pricePence: 1800, validityDays: 30, bedTypes: ['lay-down'] },
    { id: 'pkg-60', name: 'Glow 60', minutes: 60, pricePence: 3300, validityDays: 90, bedTypes: ['lay-down', 'stand-up'] },
  ],
} satisfies ShopInput

describeApi(
  'buying a package by card',
  (t) => {
    const payments = async (sub: string) => t().db.select().from(schema.payments).where(eq(schema.payments.sub, sub))
    const lots = async (sub: string) => t().db.select().from(schema.minuteLots).where(eq(schema.minuteLots.sub, sub))

    it('a customer pays for a package with a test card and the minutes land on their balance, with a receipt', async () => {
      const email = `receipt-${randomUUID()}@example.com`
      const customer = await shopCustomer(t(), { email })
      const started = await startPayment(t(), customer, { packageId: 'pkg-60' })
      expect(started.status).toBe(201)
      expect(started.json.payment).toMatchObject({
        provider: 'offline',
        status: 'pending',
        purpose: 'package',
        packageId: 'pkg-60',
        description: 'Glow 60',
        pricePence: 3300,
        discountPence: 0,
        amountPence: 3300,
        currency: 'gbp',
        publishableKey: null,
        providerRef: expect.stringMatching(/^pi_test_/),
        clientSecret: expect.stringMatching(/_secret_/),
      })
      const paid = await payWithCard(t(), started.json.payment)
      expect(paid).toMatchObject({ status: 200, json: { status: 'succeeded', amountPence: 3300, error: null } })

      const purchase = await recordPurchase(t(), customer, started.json.payment.id)
      expect(purchase.status).toBe(200)
      expect(purchase.json).toMatchObject({
        balance: 60,
        lot: { source: 'purchase', label: 'Glow 60', minutes: 60, remaining: 60, bedTypes: ['lay-down', 'stand-up'], lastDay: '2027-02-21' },
        message: '60 minutes of Glow 60 are on your balance, to use by Sunday 21 February 2027.',
      })
      // The receipt is the messages module's job, asked for with the payment's success.
      await createWorker({ ...t().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()
      const sent = await t().db.select().from(schema.outbox).where(eq(schema.outbox.recipient, email))
      const receipt = sent.find((m) => m.channel === 'email' && m.subject?.startsWith('Your receipt'))!
      expect(receipt.subject).toBe(`Your receipt from ${t().shop.name}`)
      expect(receipt.body).toMatch(/Glow 60 \(60 minutes\): £33\.00/)
      expect(receipt.body).toMatch(/Paid by the card ending 4242: £33\.00/)
      expect(receipt.body).toMatch(/no real payment was taken/)
    })

    it('the purchase is credited when the card is taken, even if the browser never comes back to record it', async () => {
      const customer = await shopCustomer(t())
      const { json } = await startPayment(t(), customer, { packageId: 'pkg-30' })
      await payWithCard(t(), json.payment)
      expect(await balanceOf(t(), customer)).toBe(30)
    })

    it('a declined card and a card without funds take nothing; another card then pays', async () => {
      const customer = await shopCustomer(t())
      const { json } = await startPayment(t(), customer, { packageId: 'pkg-30' })
      const declined = await payWithCard(t(), json.payment, CARDS.declined)
      expect(declined.json).toMatchObject({ status: 'requires_payment_method', error: { code: 'card_declined', message: 'Your card was declined.' } })
      const poor = await payWithCard(t(), json.payment, CARDS.insufficientFunds)
      expect(poor.json).toMatchObject({
        status: 'requires_payment_method',
        error: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
      })
      const early = await recordPurchase(t(), customer, json.payment.id)
      expect(early).toMatchObject({
        status: 409,
        json: { message: 'This payment has not gone through yet, so nothing was bought. Please pay with your card first.' },
      })
      expect(await balanceOf(t(), customer)).toBe(0)

      expect((await payWithCard(t(), json.payment)).json.status).toBe('succeeded')
      expect((await recordPurchase(t(), customer, json.payment.id)).json.balance).toBe(30)
    })

    it('a card that asks the customer to confirm pays once they confirm, and not if they cancel', async () => {
      const customer = await shopCustomer(t())
      const { json } = await startPayment(t(), customer, { packageId: 'pkg-30' })
      const pending = await payWithCard(t(), json.payment, CARDS.needsConfirming)
      expect(pending.json.status).toBe('requires_action')
      expect((await recordPurchase(t(), customer, json.payment.id)).json.message).toBe('Your payment is waiting for you to confirm it with your bank.')
      const cancelled = await processor(t(), json.payment.providerRef, 'authenticate', { clientSecret: json.payment.clientSecret, approve: false })
      expect(cancelled.json).toMatchObject({ status: 'requires_payment_method', error: { code: 'payment_intent_authentication_failure' } })
      expect(await balanceOf(t(), customer)).toBe(0)

      await payWithCard(t(), json.payment, CARDS.needsConfirming)
      const confirmed = await processor(t(), json.payment.providerRef, 'authenticate', { clientSecret: json.payment.clientSecret, approve: true })
      expect(confirmed.json.status).toBe('succeeded')
      expect((await recordPurchase(t(), customer, json.payment.id)).json.balance).toBe(30)
    })

    it('a real card number is refused before anything happens, and the processor never stores it', async () => {
      const customer = await shopCustomer(t())
      const { json } = await startPayment(t(), customer, { packageId: 'pkg-30' })
      const real = await payWithCard(t(), json.payment, '4539 1488 0343 6467')
      expect(real).toMatchObject({ status: 422, json: { message: NOT_A_TEST_CARD_MESSAGE } })
      const stored = JSON.stringify((await t().db.execute(sql`select * from test_payment_intents where id = ${json.payment.providerRef}`)) as unknown)
      expect(stored).not.toMatch(/4539/)
      expect(stored).toMatch(/requires_payment_method/)
      const wrongSecret = await processor(t(), json.payment.providerRef, 'confirm', {
        clientSecret: 'pi_x_secret_y',
        card: { number: CARDS.succeeds, expiry: '12/34', cvc: '123' },
      })
      expect(wrongSecret.status).toBe(404)
      expect(await balanceOf(t(), customer)).toBe(0)
    })

    it('an amount sent by the client is ignored: the server charges the package price', async () => {
      const customer = await shopCustomer(t())
      const started = await startPayment(t(), customer, { packageId: 'pkg-60', amount: 1, amountPence: 1, pricePence: 1 })
      expect(started.status).toBe(201)
      expect(started.json.payment.amountPence).toBe(3300)
      const [row] = await payments(customer.sub)
      expect(row!.amountPence).toBe(3300)
    })

    it('one idempotency key sent 100 times at once makes one payment', async () => {
      const customer = await shopCustomer(t())
      const key = randomUUID()
      const answers = await Promise.all(Array.from({ length: 100 }, () => startPayment(t(), customer, { packageId: 'pkg-30' }, key)))
      expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 201)).toEqual([])
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
      expect(new Set(answers.map((a) => a.json.payment.id)).size).toBe(1)
      expect(new Set(answers.map((a) => a.json.payment.providerRef)).size).toBe(1)
      expect(await payments(customer.sub)).toHaveLength(1)
      const intents = (await t().db.execute(sql`select count(*)::int as n from test_payment_intents where metadata->>'sub' = ${customer.sub}`)) as unknown as {
        rows: { n: number }[]
      }
      expect(Number(intents.rows[0]!.n)).toBe(1)

      const other = await startPayment(t(), customer, { packageId: 'pkg-60' }, key)
      expect(other).toMatchObject({ status: 409, json: { message: 'This Idempotency-Key was used for a different checkout. Please send a new key.' } })
    })

    it('a payment recorded 10 times at once, while the processor reports it too, credits once', async () => {
      const customer = await shopCustomer(t())
      const { json } = await startPayment(t(), customer, { packageId: 'pkg-60' })
      const [paid, ...claims] = await Promise.all([
        payWithCard(t(), json.payment),
        ...Array.from({ length: 10 }, () => recordPurchase(t(), customer, json.payment.id)),
      ])
      expect(paid.json.status).toBe('succeeded')
      expect(claims.map((c) => c.status).filter((s) => s !== 200 && s !== 409)).toEqual([])
      const again = await Promise.all(Array.from({ length: 10 }, () => recordPurchase(t(), customer, json.payment.id)))
      expect(again.map((c) => c.status)).toEqual(Array(10).fill(200))
      expect(await lots(customer.sub)).toHaveLength(1)
      expect(await balanceOf(t(), customer)).toBe(60)
    })

    it("another customer's payment cannot be claimed, and says no more than that it is not theirs", async () => {
      const [payer, thief] = await shopCustomers(t(), 2)
      const { json } = await startPayment(t(), payer!, { packageId: 'pkg-60' })
      await payWithCard(t(), json.payment)
      const stolen = await recordPurchase(t(), thief!, json.payment.id)
      expect(stolen).toMatchObject({ status: 404, json: { message: 'There is no such payment among yours.' } })
      const unknown = await recordPurchase(t(), thief!, randomUUID())
      expect(unknown.json).toEqual(stolen.json)
      expect(await balanceOf(t(), thief!)).toBe(0)
      expect(await balanceOf(t(), payer!)).toBe(60)
    })

    it("a payment made at one shop cannot be claimed through another shop's keys, even by the customer who paid", async () => {
      const customer = await shopCustomer(t())
      const { json } = await startPayment(t(), customer, { packageId: 'pkg-30' })
      await payWithCard(t(), json.payment)
      const other = await createShop(t().db)
      const elsewhere = await t().api('customer/package', {
        method: 'PUT',
        body: { paymentId: json.payment.id },
        headers: { ...other.headers, ...customer.headers },
      })
      expect(elsewhere).toMatchObject({ status: 404, json: { message: 'There is no such payment among yours.' } })
      expect(await t().db.select().from(schema.minuteLots).where(eq(schema.minuteLots.shopId, other.id))).toHaveLength(0)
    })

    it('starting a payment needs a signed-in customer, a checkout key and a package on sale', async () => {
      const customer = await shopCustomer(t())
      const visitor = await t().api('stripe_payment_intent', { body: { packageId: 'pkg-30' }, headers: { 'idempotency-key': randomUUID() } })
      expect(visitor.status).toBe(401)
      const noKey = await t().api('stripe_payment_intent', { body: { packageId: 'pkg-30' }, headers: customer.headers })
      expect(noKey.status).toBe(400)
      expect(noKey.json.message).toMatch(/idempotency-key/)
      const unknown = await startPayment(t(), customer, { packageId: 'pkg-none' })
      expect(unknown).toMatchObject({
        status: 404,
        json: { message: 'There is no package "pkg-none" on sale at this salon. Please choose one from the packages page.' },
      })
      const both = await startPayment(t(), customer, { packageId: 'pkg-30', bookingId: randomUUID() })
      expect(both.status).toBe(400)
      expect(await payments(customer.sub)).toHaveLength(0)
    })

    it('a customer may start 30 payments an hour; the 31st is refused before the card provider hears of it', async () => {
      const customer = await shopCustomer(t())
      for (let i = 0; i < 30; i++) expect((await startPayment(t(), customer, { packageId: 'pkg-30' })).status).toBe(201)
      const refused = await startPayment(t(), customer, { packageId: 'pkg-30' })
      expect(refused).toMatchObject({ status: 429, json: { message: checkoutLimit.message } })
      const intents = (await t().db.execute(sql`select count(*)::int as n from test_payment_intents where metadata->>'sub' = ${customer.sub}`)) as unknown as {
        rows: { n: number }[]
      }
      expect(Number(intents.rows[0]!.n)).toBe(30)
      // Someone else is not held back by it.
      expect((await startPayment(t(), await shopCustomer(t()), { packageId: 'pkg-30' })).status).toBe(201)
    })

    it('a package the salon changes after checkout still gives what was paid for', async () => {
      const customer = await shopCustomer(t())
      const { json } = await startPayment(t(), customer, { packageId: 'pkg-30' })
      await t().db.update(schema.packages).set({ minutes: 10 }).where(eq(schema.packages.id, 'pkg-30'))
      try {
        await payWithCard(t(), json.payment)
        expect((await recordPurchase(t(), customer, json.payment.id)).json.lot.minutes).toBe(30)
      } finally {
        await t().db.update(schema.packages).set({ minutes: 30 }).where(eq(schema.packages.id, 'pkg-30'))
      }
    })

    it('buying twice gives two lots, each with its own expiry', async () => {
      const customer = await shopCustomer(t())
      await buyPackage(t(), customer, 'pkg-30')
      clock.set('2026-11-30T10:00:00Z')
      try {
        const second = await buyPackage(t(), { headers: await freshHeaders(t(), customer) }, 'pkg-30')
        expect(second.purchase.json.lot.lastDay).toBe('2026-12-30')
        expect(second.purchase.json.balance).toBe(60)
      } finally {
        clock.set('2026-11-23T10:00:00Z')
      }
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
