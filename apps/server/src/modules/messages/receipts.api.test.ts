import { eq, schema } from '@salon/db'
import { beforeAll, beforeEach, expect, it } from 'vitest'
import { SendRefused } from '../../adapters/send-refused.ts'
import { createOutboxSmsSender } from '../../adapters/sms/outbox.ts'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { outboxMessages, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { buyPackage, payWithCard, startPayment } from '../../test/factories/payments.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { describeApi, type TestApp } from '../../test/harness.ts'
import { PAYMENT_JOBS } from '../commerce/public.ts'

const logger = createLogger('silent')
const SHOP = {
  name: 'Bronze Test',
  packages: [{ id: 'pkg-30', name: 'Starter 30', minutes: 30, pricePence: 1800, validityDays: 30, bedTypes: ['lay-down'] }],
  promoCodes: [{ code: 'ONCE', kind: 'percent', amount: 10, maxUsesPerCustomer: 1 }],
} satisfies ShopInput

/** Monday 23 November 2026, 10:00 GMT */
const START = '2026-11-23T10:00:00Z'
const clock = testClock(START)

let appOf: (() => TestApp) | undefined
/** How many of the next receipts the text provider refuses (it took none of them: sending again is safe). */
let refuseReceipts = 0

/** Texts go to the outbox, but for the receipts the provider is told to refuse. */
function flakySms(): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      if (/thank you\. /.test(message.body) && refuseReceipts > 0) {
        refuseReceipts--
        throw new SendRefused('The provider is down for a moment.')
      }
      return createOutboxSmsSender(appOf!().outbox, logger, false).send(message)
    },
  }
}

describeApi(
  'card receipts, sent by the messages module once per payment',
  (get) => {
    const worker = () => createWorker({ ...get().app.jobs, logger, now: clock.now })
    const receiptsTo = async (phone: string) => (await outboxMessages(get().app, phone)).filter((m) => m.body.includes(': thank you. '))
    const jobOf = async (paymentId: string) =>
      (
        await get()
          .db.select()
          .from(schema.jobs)
          .where(eq(schema.jobs.key, `receipt:${paymentId}`))
      )[0]

    /** A customer with a mobile number and no email address, whose receipts are texted. */
    async function textedCustomer() {
      const customer = await shopCustomer(get())
      await get().db.update(schema.customers).set({ email: null }).where(eq(schema.customers.sub, customer.sub))
      return customer
    }

    beforeAll(() => {
      appOf = get
    })
    beforeEach(() => {
      clock.set(START)
      refuseReceipts = 0
    })

    it('texts one receipt, in the words it always had, however often the payment is confirmed and the job runs', async () => {
      const customer = await textedCustomer()
      const { payment } = await buyPackage(get(), customer, 'pkg-30')
      // Confirmed again, as Stripe's webhook may be delivered more than once: nothing more is asked for.
      await get().app.commerce.providerSucceeded(payment.providerRef)
      await get().app.commerce.providerSucceeded(payment.providerRef)
      expect(await get().app.jobs.queue.enqueue({ kind: PAYMENT_JOBS.receipt, key: `receipt:${payment.id}`, payload: { paymentId: payment.id } })).toBe(false)
      expect(await receiptsTo(customer.phone)).toEqual([])
      await Promise.all([worker().runDue(), worker().runDue()])
      await worker().runDue()
      // The job run again (a process that died after sending, its lock lapsed) sends nothing more.
      const handler = get().app.jobs.handlers[PAYMENT_JOBS.receipt]!
      const again = await handler({ paymentId: payment.id })
      expect(again).toEqual({ sms: 'settled' })
      expect((await receiptsTo(customer.phone)).map((m) => m.body)).toEqual([
        `Bronze Test: thank you. Starter 30 (30 minutes), paid £18.00. Ref ${payment.id.slice(0, 8)}.`,
      ])
      expect(await jobOf(payment.id)).toMatchObject({ status: 'done', attempts: 1 })
      const rows = await get()
        .db.select()
        .from(schema.customerMessages)
        .where(eq(schema.customerMessages.key, `receipt:${payment.id}:sms`))
      expect(rows).toEqual([expect.objectContaining({ kind: 'payment-receipt', channel: 'sms', status: 'sent', recipient: customer.phone })])
    })

    it('tries a receipt the provider refused again on the job’s next try, and sends it once', async () => {
      const customer = await textedCustomer()
      refuseReceipts = 2
      const { payment } = await buyPackage(get(), customer, 'pkg-30')
      await worker().runDue()
      expect(await receiptsTo(customer.phone)).toEqual([])
      expect(await jobOf(payment.id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'The provider is down for a moment.' })
      // Not before its backoff: 30 seconds, then a minute (with a tenth of jitter).
      await worker().runDue()
      expect(await jobOf(payment.id)).toMatchObject({ attempts: 1 })
      for (let i = 0; i < 3; i++) {
        clock.advance(90_000)
        await worker().runDue()
      }
      expect((await receiptsTo(customer.phone)).map((m) => m.body)).toEqual([
        `Bronze Test: thank you. Starter 30 (30 minutes), paid £18.00. Ref ${payment.id.slice(0, 8)}.`,
      ])
      expect(await jobOf(payment.id)).toMatchObject({ status: 'done', attempts: 3 })
    })

    it('texts the notice of a payment its promo code no longer allowed once its refund is made, and once', async () => {
      const customer = await textedCustomer()
      const checkout = async () => (await startPayment(get(), customer, { packageId: 'pkg-30', promoCode: 'ONCE' })).json.payment
      const first = await checkout()
      // Past the code's hold on the unpaid checkout: a new checkout takes the code, and paying the old one is refused.
      clock.advance(32 * 60_000)
      const second = await checkout()
      expect((await payWithCard(get(), second)).json.status).toBe('succeeded')
      await payWithCard(get(), first)
      await get().app.commerce.providerSucceeded(first.providerRef)
      const paymentOf = async () => (await get().db.select().from(schema.payments).where(eq(schema.payments.id, first.id)))[0]!
      expect(await paymentOf()).toMatchObject({ status: 'refunded', refusedReason: 'already_used' })
      // As if the refund had not gone through yet: the notice, which says it has, waits.
      const { refundedAt } = await paymentOf()
      await get().db.update(schema.payments).set({ status: 'refused', refundedAt: null }).where(eq(schema.payments.id, first.id))
      const noticesTo = async () => (await outboxMessages(get().app, customer.phone)).filter((m) => m.body.includes('was refunded and nothing was bought'))
      await worker().runDue()
      expect(await noticesTo()).toEqual([])
      const job = async () =>
        (
          await get()
            .db.select()
            .from(schema.jobs)
            .where(eq(schema.jobs.key, `refused-notice:${first.id}`))
        )[0]
      expect(await job()).toMatchObject({ status: 'queued', lastError: expect.stringContaining('not been refunded yet') })
      await get().db.update(schema.payments).set({ status: 'refunded', refundedAt }).where(eq(schema.payments.id, first.id))
      clock.advance(60_000)
      await Promise.all([worker().runDue(), worker().runDue()])
      expect((await noticesTo()).map((m) => m.body)).toEqual([
        `Bronze Test: your payment of £16.20 was refunded and nothing was bought, as its promo code could no longer be used. Ref ${first.id.slice(0, 8)}.`,
      ])
      expect(await job()).toMatchObject({ status: 'done' })
      // The receipt of the payment that kept the code is its own, and the refused one has none.
      expect((await receiptsTo(customer.phone)).map((m) => m.body)).toEqual([expect.stringContaining(`Ref ${second.id.slice(0, 8)}.`)])
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now, sms: flakySms() }) },
)
