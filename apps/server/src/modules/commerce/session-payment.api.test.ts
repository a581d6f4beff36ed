import { eq, schema, sql } from '@salon/db'
import { expect, it } from 'vitest'
import { freshHeaders, shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { payWithCard, startPayment } from '../../test/factories/payments.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { describeApi } from '../../test/harness.ts'

/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const BED = 'held-bed'
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '19:00' })),
  closures: [],
  rules: { payUpFront: true, payInSalon: false, minHoursBetweenSessions: 0 },
  bedTypes: [{ code: 'lay-down', perMinutePence: 60 }],
  beds: [{ id: BED, type: 'lay-down', name: 'Held bed', maxMinutes: 12, cleaningBufferMinutes: 0 }],
} satisfies ShopInput

describeApi(
  'paying for a single session up front',
  (t) => {
    const customer = async () => {
      clock.set(START)
      return shopCustomer(t())
    }
    const book = (c: { headers: Record<string, string> }, date: string, time: string) =>
      t().api('p_book', { body: { date, time, minutes: 6, bedId: BED }, headers: c.headers })
    const freeTimes = async (date: string) =>
      (await t().api('p_sessions', { body: { date, minutes: 6, bedId: BED } })).json.times.map((s: { time: string }) => s.time)
    const statusOf = async (id: string) => (await t().db.select().from(schema.bookings).where(eq(schema.bookings.id, id)))[0]!.status
    const later = async (iso: string, c: ShopCustomer) => {
      clock.set(iso)
      return { headers: await freshHeaders(t(), c) }
    }

    it('a session the balance does not cover holds its bed for 10 minutes, and is booked once the card pays', async () => {
      const c = await customer()
      const booked = await book(c, '2026-11-24', '10:00')
      expect(booked.status).toBe(201)
      expect(booked.json.booking).toMatchObject({ status: 'pending', paidWith: 'card', pricePence: 360, holdUntil: '2026-11-23T08:10:00+00:00' })
      expect(await freeTimes('2026-11-24')).not.toContain('10:00')
      const price = await t().api('booking/get_price_for_booking', { body: { date: '2026-11-24', time: '11:00', minutes: 6, bedId: BED }, headers: c.headers })
      expect(price.json).toMatchObject({ paidWith: 'card', message: '£3.60, paid by card when you book: your balance has 0 minutes for lay-down sunbeds.' })

      const started = await startPayment(t(), c, { bookingId: booked.json.booking.id })
      expect(started.json.payment).toMatchObject({
        purpose: 'session',
        amountPence: 360,
        description: '6-minute session on Held bed, Tuesday 24 November 2026 at 10:00',
      })
      expect((await startPayment(t(), c, { bookingId: booked.json.booking.id, promoCode: 'ANY' })).status).toBe(422)
      await payWithCard(t(), started.json.payment)
      expect(await statusOf(booked.json.booking.id)).toBe('booked')
      const list = await t().api('p_bookings', { headers: c.headers })
      expect(list.json.upcoming[0]).toMatchObject({ id: booked.json.booking.id, status: 'booked', holdUntil: null })
    })

    it('an unpaid hold ends after 10 minutes: the bed is free again and the payment can no longer start', async () => {
      const c = await customer()
      const booked = await book(c, '2026-11-25', '10:00')
      const { headers } = await later('2026-11-23T08:10:01Z', c)
      try {
        expect(await freeTimes('2026-11-25')).toContain('10:00')
        const refused = await startPayment(t(), { headers }, { bookingId: booked.json.booking.id })
        expect(refused).toMatchObject({ status: 409, json: { message: 'We held this sunbed for 10 minutes and the time has run out. Please book again.' } })
        const other = await shopCustomer(t())
        expect((await book(other, '2026-11-25', '10:00')).status).toBe(201)
        expect(await statusOf(booked.json.booking.id)).toBe('cancelled')
      } finally {
        clock.set(START)
      }
    })

    it('a payment that arrives after the bed went to someone else is refunded to the card', async () => {
      const c = await customer()
      const booked = await book(c, '2026-11-26', '10:00')
      const started = await startPayment(t(), c, { bookingId: booked.json.booking.id })
      clock.set('2026-11-23T08:11:00Z')
      try {
        const other = await shopCustomer(t())
        expect((await book(other, '2026-11-26', '10:00')).status).toBe(201)
        expect((await payWithCard(t(), started.json.payment)).json.status).toBe('succeeded')
        const [payment] = await t().db.select().from(schema.payments).where(eq(schema.payments.id, started.json.payment.id))
        expect(payment!.status).toBe('refunded')
        const intent = (await t().db.execute(sql`select refunded_at from test_payment_intents where id = ${started.json.payment.providerRef}`)) as unknown as {
          rows: { refunded_at: unknown }[]
        }
        expect(intent.rows[0]!.refunded_at).not.toBeNull()
        expect(await statusOf(booked.json.booking.id)).toBe('cancelled')
      } finally {
        clock.set(START)
      }
    })

    it('cancelling a card-paid session before the cut-off refunds the card', async () => {
      const c = await customer()
      const booked = await book(c, '2026-11-27', '10:00')
      const started = await startPayment(t(), c, { bookingId: booked.json.booking.id })
      await payWithCard(t(), started.json.payment)
      const cancelled = await t().api(`session/${booked.json.booking.id}`, { body: {}, headers: c.headers })
      expect(cancelled.json.message).toBe('Your session on Friday 27 November 2026 at 10:00 is cancelled. Your card payment of £3.60 is refunded to your card.')
      // The refund is owed from the cancelling transaction, and made by the job queue's worker (docs/product.md §4.14).
      const paymentNow = async () => (await t().db.select().from(schema.payments).where(eq(schema.payments.id, started.json.payment.id)))[0]!
      // Owed at the cancellation, on the app's clock (the test's), not the database's.
      expect(await paymentNow()).toMatchObject({ status: 'succeeded', refundOwedAt: new Date(clock.now()) })
      await createWorker({ ...t().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()
      expect(await paymentNow()).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date) })
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
