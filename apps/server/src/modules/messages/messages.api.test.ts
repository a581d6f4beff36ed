import { and, eq, schema, sql } from '@salon/db'
import { afterAll, beforeEach, expect, it } from 'vitest'
import { createStripePayments } from '../../adapters/payments/stripe.ts'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { credit, freshHeaders, outboxMessages, shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { startPayment } from '../../test/factories/payments.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser } from '../../test/factories/staff.ts'
import { anotherProcess, describeApi, type TestApp } from '../../test/harness.ts'
import { startStripeStandIn } from '../../test/stripe-stand-in.ts'

const logger = createLogger('silent')
const BED = 'messages-bed'
const SHOP = {
  name: 'Bronze Test',
  phone: '01632 960555',
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '08:00', closesAt: '22:00' })),
  closures: [],
  rules: { minHoursBetweenSessions: 0, leadTimeMinutes: 30, cancellationCutoffMinutes: 60, horizonDays: 60 },
  bedTypes: [{ code: 'lay-down', perMinutePence: 60 }],
  beds: [{ id: BED, type: 'lay-down', name: 'Sunbed One', maxMinutes: 12, cleaningBufferMinutes: 0 }],
} satisfies ShopInput

/** The texts a number got, oldest first, with their state. */
const textsTo = async (t: TestApp, phone: string) =>
  (await outboxMessages(t.app, phone)).filter((m) => m.channel === 'sms' && !/code is/.test(m.body)).reverse()

/** Monday 23 November 2026, 10:00 GMT */
const START = '2026-11-23T10:00:00Z'
const clock = testClock(START)

describeApi(
  'messages to customers about their bookings',
  (get) => {
    let customer: ShopCustomer
    const worker = () => createWorker({ ...get().app.jobs, logger, now: clock.now })
    const book = (date: string, time: string, who: { headers: Record<string, string> } = customer) =>
      get().api('p_book', { body: { date, time, minutes: 6, bedId: BED }, headers: who.headers })

    beforeEach(async () => {
      clock.set(START)
      customer = await shopCustomer(get())
    })

    it('confirms a booking made 3 days ahead at once and reminds 24 hours before, each once however often the worker runs', async () => {
      const booked = await book('2026-11-26', '14:30')
      expect(booked.status).toBe(201)
      await worker().runDue()
      await worker().runDue()
      const [confirmation, ...rest] = await textsTo(get(), customer.phone)
      expect(rest).toEqual([])
      expect(confirmation).toMatchObject({
        state: 'sent',
        body: "Bronze Test: you're booked for Thu 26 Nov at 14:30 (Sunbed One, 6 minutes, £3.60, to pay in the salon). Your bookings: http://localhost:3000/upcoming-booking/",
      })
      // Due 24 hours before: not a minute sooner.
      clock.set('2026-11-25T14:29:00Z')
      await worker().runDue()
      expect(await textsTo(get(), customer.phone)).toHaveLength(1)
      clock.set('2026-11-25T14:30:00Z')
      await Promise.all([worker().runDue(), worker().runDue(), worker().runDue()])
      await worker().runDue()
      const texts = await textsTo(get(), customer.phone)
      expect(texts.map((m) => m.body)).toEqual([
        confirmation!.body,
        "Bronze Test: a reminder of your sunbed session on Thu 26 Nov at 14:30 (Sunbed One, 6 minutes). Can't make it? Cancel or see your bookings: http://localhost:3000/upcoming-booking/",
      ])
    })

    it('sends no reminder for a booking made inside the 24 hours, or for one cancelled before it is due', async () => {
      const soon = await book('2026-11-23', '15:00')
      expect(soon.status).toBe(201)
      const later = await book('2026-11-27', '12:00')
      await worker().runDue()
      const cancelled = await get().api(`session/${later.json.booking.id}`, { method: 'POST', headers: customer.headers })
      expect(cancelled.status).toBe(200)
      await worker().runDue()
      clock.set('2026-11-28T00:00:00Z')
      await worker().runDue()
      const bodies = (await textsTo(get(), customer.phone)).map((m) => m.body)
      expect(bodies).toHaveLength(3)
      expect(bodies.filter((b) => b.includes("you're booked for Mon 23 Nov at 15:00") || b.includes("you're booked for Fri 27 Nov at 12:00"))).toHaveLength(2)
      expect(bodies[2]).toBe('Bronze Test: Your sunbed session on Fri 27 Nov at 12:00 is cancelled. Nothing was paid for it.')
      expect(bodies.some((b) => b.includes('a reminder'))).toBe(false)
    })

    it('holds a reminder due at 22:30 until 08:00, while a confirmation asked for at 22:30 goes at once', async () => {
      // A session at 22:30 on Wednesday, booked on Monday: its reminder falls at 22:30 on Tuesday.
      const booked = await book('2026-11-25', '21:00')
      await worker().runDue()
      clock.set('2026-11-24T22:30:00Z')
      const other = await shopCustomer(get())
      expect((await book('2026-11-28', '10:00', other)).status).toBe(201)
      await worker().runDue()
      expect((await textsTo(get(), other.phone)).map((m) => m.body)[0]).toContain("you're booked for Sat 28 Nov at 10:00")
      expect((await textsTo(get(), customer.phone)).filter((m) => m.body.includes('a reminder'))).toEqual([])
      clock.set('2026-11-25T07:59:00Z')
      await worker().runDue()
      expect((await textsTo(get(), customer.phone)).filter((m) => m.body.includes('a reminder'))).toEqual([])
      clock.set('2026-11-25T08:00:00Z')
      await worker().runDue()
      expect((await textsTo(get(), customer.phone)).filter((m) => m.body.includes('a reminder'))).toHaveLength(1)
      expect(booked.status).toBe(201)
    })

    it('says where the minutes went when a session paid from the balance is cancelled, by the customer or by the salon', async () => {
      await credit(get(), customer, 60)
      const mine = await book('2026-11-26', '10:00')
      const theirs = await book('2026-11-27', '10:00')
      await get().api(`session/${mine.json.booking.id}`, { method: 'POST', headers: customer.headers })
      const owner = await staffUser(get(), { role: 'owner', passwords: fastPasswords })
      const bySalon = await get().api(`staff/bookings/${theirs.json.booking.id}/cancel`, { body: {}, headers: owner.headers })
      expect(bySalon.status).toBe(200)
      await worker().runDue()
      const bodies = (await textsTo(get(), customer.phone)).map((m) => m.body)
      expect(bodies).toContain('Bronze Test: Your sunbed session on Thu 26 Nov at 10:00 is cancelled. The 6 minutes are back on your balance.')
      expect(bodies).toContain(
        'Bronze Test: Your sunbed session on Fri 27 Nov at 10:00 has been cancelled by the salon. The 6 minutes are back on your balance. Call us on 01632 960555 to rebook.',
      )
    })

    it('sends no booking texts to a customer who turned them off on their account page, and still emails them', async () => {
      const off = await get().api('p_account', { method: 'PUT', body: { bookingTexts: false }, headers: customer.headers })
      expect(off.json.account).toMatchObject({ bookingTexts: false, appMarketing: false })
      await book('2026-11-26', '11:00')
      await worker().runDue()
      expect(await textsTo(get(), customer.phone)).toEqual([])
      const rows = await get().db.select().from(schema.customerMessages).where(eq(schema.customerMessages.sub, customer.sub))
      expect(rows.map((r) => [r.channel, r.status]).sort()).toEqual([
        ['email', 'sent'],
        ['sms', 'skipped'],
      ])
    })

    it('tells of minutes about to run out a week before, once per lot', async () => {
      await credit(get(), customer, 30, { label: 'Glow 30', expiresAt: new Date('2026-12-10T00:00:00Z'), at: new Date('2026-10-01T00:00:00Z') })
      await worker().runDue()
      expect(await textsTo(get(), customer.phone)).toEqual([])
      clock.set('2026-12-03T09:00:00Z')
      await worker().runDue()
      clock.set('2026-12-04T09:00:00Z')
      await worker().runDue()
      expect((await textsTo(get(), customer.phone)).map((m) => m.body)).toEqual([
        'Bronze Test: 30 minutes of your Glow 30 can be used until Wed 9 Dec. Book a session: http://localhost:3000/book/',
      ])
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)

describeApi(
  'messages from two server processes',
  (get) => {
    it('sends every due message exactly once when two processes run their workers at the same time', async () => {
      clock.set(START)
      const second = anotherProcess(get(), { now: clock.now, passwords: fastPasswords })
      const customers = await Promise.all(Array.from({ length: 6 }, () => shopCustomer(get())))
      await Promise.all(
        customers.map((c, i) => get().api('p_book', { body: { date: '2026-11-26', time: `${10 + i}:00`, minutes: 6, bedId: BED }, headers: c.headers })),
      )
      const workers = [createWorker({ ...get().app.jobs, logger, now: clock.now }), createWorker({ ...second.jobs, logger, now: clock.now })]
      await Promise.all([...workers.map((w) => w.runDue()), ...workers.map((w) => w.runDue())])
      clock.set('2026-11-25T16:00:00Z')
      await Promise.all([...workers.map((w) => w.runDue()), ...workers.map((w) => w.runDue())])
      for (const c of customers) expect((await textsTo(get(), c.phone)).map((m) => m.body.split(':')[1]?.slice(1, 12))).toEqual(["you're book", 'a reminder '])
    })

    it('gives the message of a process killed while holding its job to another, and the customer still gets one', async () => {
      clock.set(START)
      const customer = await shopCustomer(get())
      const booked = await get().api('p_book', { body: { date: '2026-11-27', time: '15:00', minutes: 6, bedId: BED }, headers: customer.headers })
      expect(booked.status).toBe(201)
      // A process takes the confirmation and dies before sending it: the job stays taken until its lock lapses.
      const queue = get().app.jobs.queue
      const [taken] = await queue.claim('killed-process', ['booking.confirmed'], 10, 120_000)
      expect(taken?.key).toBe(`confirmation:${booked.json.booking.id}`)
      const second = anotherProcess(get(), { now: clock.now, passwords: fastPasswords })
      const alive = createWorker({ ...second.jobs, logger, now: clock.now })
      await alive.runDue()
      expect(await textsTo(get(), customer.phone)).toEqual([])
      clock.advance(120_001)
      await Promise.all([alive.runDue(), createWorker({ ...get().app.jobs, logger, now: clock.now }).runDue()])
      expect((await textsTo(get(), customer.phone)).map((m) => m.body)).toEqual([expect.stringContaining("you're booked for Fri 27 Nov at 15:00")])
      expect(await queue.complete(taken!.id, 'killed-process')).toBe(false)
    })
  },
  { shop: SHOP, postgresOnly: true, deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)

const standIn = await startStripeStandIn()
afterAll(() => standIn.close())

describeApi(
  'card refunds that cannot be lost',
  (get) => {
    const worker = () => createWorker({ ...get().app.jobs, logger, now: clock.now })
    /** A session paid by card when booked, through the Stripe stand-in. */
    async function cardPaidSession(customer: ShopCustomer, date: string) {
      const booked = await get().api('p_book', { body: { date, time: '10:00', minutes: 6, bedId: BED }, headers: customer.headers })
      const started = await startPayment(get(), customer, { bookingId: booked.json.booking.id })
      await standIn.succeed(started.json.payment.providerRef, { last4: '4242' })
      // As Stripe's webhook tells the server.
      await get().app.commerce.providerSucceeded(started.json.payment.providerRef)
      expect((await get().db.select().from(schema.bookings).where(eq(schema.bookings.id, booked.json.booking.id)))[0]?.status).toBe('booked')
      return { bookingId: booked.json.booking.id as string, paymentId: started.json.payment.id as string }
    }
    const paymentOf = async (id: string) => (await get().db.select().from(schema.payments).where(eq(schema.payments.id, id)))[0]!
    const refundRequests = (paymentId: string) =>
      standIn.requests.filter((r) => r.path === '/v1/refunds' && r.idempotencyKey === `refund-${paymentId}` && r.status === 200)

    it('records the refund with the cancellation, retries while Stripe fails, and refunds once', async () => {
      clock.set(START)
      const customer = await shopCustomer(get())
      const { bookingId, paymentId } = await cardPaidSession(customer, '2026-11-26')
      standIn.failNext(3)
      const cancelled = await get().api(`session/${bookingId}`, { method: 'POST', headers: customer.headers })
      expect(cancelled.status).toBe(200)
      // Cancelling again is refused, and asks for nothing more.
      expect((await get().api(`session/${bookingId}`, { method: 'POST', headers: customer.headers })).status).toBe(409)
      expect(await paymentOf(paymentId)).toMatchObject({ status: 'succeeded', refundOwedAt: expect.any(Date) })
      for (let i = 0; i < 6; i++) {
        await worker().runDue()
        clock.advance(3600_000)
      }
      expect(await paymentOf(paymentId)).toMatchObject({ status: 'refunded', refundFailedAt: null })
      expect(refundRequests(paymentId).filter((r) => !r.replayed)).toHaveLength(1)
      expect(
        (
          await get()
            .db.select()
            .from(schema.jobs)
            .where(eq(schema.jobs.key, `refund:${paymentId}`))
        )[0],
      ).toMatchObject({ status: 'done', attempts: expect.toSatisfy((n: number) => n > 1), lastError: expect.any(String) })
      const texts = (await textsTo(get(), customer.phone)).map((m) => m.body)
      expect(texts.filter((b) => b.includes('has been made to your card'))).toEqual([
        'Bronze Test: Your refund of £3.60 for the session on Thu 26 Nov at 10:00 has been made to your card. It can take 5 to 10 working days to show on your statement.',
      ])
      expect(texts).toContain(
        'Bronze Test: Your sunbed session on Thu 26 Nov at 10:00 is cancelled. Your card payment of £3.60 is being refunded: we will text you when it is done.',
      )
    })

    it('keeps a refund that never succeeds as failed, lists it for the owner, and tries it again when asked', async () => {
      clock.set(START)
      const customer = await shopCustomer(get())
      const { bookingId, paymentId } = await cardPaidSession(customer, '2026-11-27')
      standIn.failNext(1000)
      await get().api(`session/${bookingId}`, { method: 'POST', headers: customer.headers })
      // Twelve tries, the later ones an hour apart (with a tenth of jitter): two hours between runs reaches them all.
      for (let i = 0; i < 14; i++) {
        await worker().runDue()
        clock.advance(2 * 3600_000)
      }
      standIn.failNext(0)
      expect(await paymentOf(paymentId)).toMatchObject({ status: 'succeeded', refundFailedAt: expect.any(Date), refundError: expect.stringContaining('') })
      const owner = await staffUser(get(), { role: 'owner', passwords: fastPasswords })
      const listed = await get().api('staff/refunds', { headers: { ...owner.headers, ...(await freshHeaders(get(), owner)) } })
      expect(listed.json.refunds).toContainEqual(expect.objectContaining({ paymentId, amountPence: 360, failedAt: expect.any(String) }))
      const retried = await get().api(`staff/refunds/${paymentId}/retry`, { method: 'POST', headers: owner.headers })
      expect(retried.status).toBe(202)
      await worker().runDue()
      expect(await paymentOf(paymentId)).toMatchObject({ status: 'refunded', refundFailedAt: null })
      expect(refundRequests(paymentId).filter((r) => !r.replayed)).toHaveLength(1)
      expect((await get().api(`staff/refunds/${paymentId}/retry`, { method: 'POST', headers: owner.headers })).status).toBe(404)
      const failedJobs = await get()
        .db.select()
        .from(schema.jobs)
        .where(and(sql`${schema.jobs.key} like ${`refund:${paymentId}%`}`, eq(schema.jobs.status, 'failed')))
      expect(failedJobs).toHaveLength(1)
    })
  },
  {
    shop: { ...SHOP, rules: { ...SHOP.rules, payUpFront: true, payInSalon: false } },
    deps: () => ({
      passwords: fastPasswords,
      now: clock.now,
      payments: createStripePayments({
        secretKey: standIn.secretKey,
        publishableKey: 'pk_test_x',
        host: standIn.host,
        port: standIn.port,
        protocol: 'http',
        // The job queue's tries are what these tests count; the SDK's own pauses between its retries add nothing here.
        networkRetries: 0,
      }),
    }),
  },
)
