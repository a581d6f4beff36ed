import { randomUUID } from 'node:crypto'
import { DUPLICATE_BOOKING_MESSAGE } from '@salon/contracts/booking'
import { and, eq, schema, sql } from '@salon/db'
import { expect, it } from 'vitest'
import { balanceOf, credit, freshHeaders, shopCustomer, type CustomerInput, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { describeApi } from '../../test/harness.ts'

/** Monday 23 November 2026, 08:00 GMT */
const clock = testClock('2026-11-23T08:00:00Z')
const LONG_LAY_DOWN = 'bed-long-lay-down'
const LAY_DOWN = 'bed-lay-down'
const BOOTH = 'bed-booth'
const SHORT_BOOTH = 'bed-short-booth'
const HIGH_PRESSURE = 'bed-high-pressure'

/** The salon of this suite: the messages and prices below follow from its hours, rules, beds and prices. */
const SHOP = {
  phone: '01632 960777',
  hours: [
    { weekday: 0, opensAt: '10:00', closesAt: '16:00' },
    ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
    { weekday: 6, opensAt: '09:00', closesAt: '17:00' },
  ],
  rules: {
    slotStepMinutes: 15,
    leadTimeMinutes: 60,
    horizonDays: 28,
    cancellationCutoffMinutes: 120,
    firstSessionMaxMinutes: 6,
    minHoursBetweenSessions: 24,
    payInSalon: true,
  },
  closures: [{ date: '2026-12-25', reason: 'Christmas Day' }],
  bedTypes: [
    { code: 'lay-down', perMinutePence: 65 },
    { code: 'stand-up', perMinutePence: 75 },
    { code: 'high-pressure', perMinutePence: 95 },
  ],
  beds: [
    { id: LONG_LAY_DOWN, type: 'lay-down', name: 'Long Lay-down', minMinutes: 3, maxMinutes: 15, cleaningBufferMinutes: 5 },
    { id: LAY_DOWN, type: 'lay-down', name: 'Lay-down', maxMinutes: 12, cleaningBufferMinutes: 5 },
    { id: BOOTH, type: 'stand-up', name: 'Booth', maxMinutes: 12, cleaningBufferMinutes: 5 },
    { id: SHORT_BOOTH, type: 'stand-up', name: 'Short Booth', maxMinutes: 9, cleaningBufferMinutes: 5 },
    { id: HIGH_PRESSURE, type: 'high-pressure', name: 'High-pressure', maxMinutes: 12, cleaningBufferMinutes: 5 },
  ],
} satisfies ShopInput
const bedNamed = (id: string) => SHOP.beds.find((b) => b.id === id)!
const perMinute = (code: string) => SHOP.bedTypes.find((t) => t.code === code)!.perMinutePence

describeApi(
  'booking a sunbed session',
  (t) => {
    const book = (customer: { headers: Record<string, string> }, body: object) => t().api('p_book', { body, headers: customer.headers })
    const newCustomer = (input?: CustomerInput) => {
      clock.set('2026-11-23T08:00:00Z')
      return shopCustomer(t(), input)
    }
    const balance = (customer: ShopCustomer) => balanceOf(t(), customer)

    it('a customer books a free slot, sees it among upcoming bookings and by id, and the bed leaves the slot', async () => {
      const customer = await newCustomer()
      const { status, json } = await book(customer, { date: '2026-11-24', time: '10:00', minutes: 6, bedId: LONG_LAY_DOWN })
      expect(status).toBe(201)
      expect(json.booking).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        date: '2026-11-24',
        time: '10:00',
        startsAt: '2026-11-24T10:00:00+00:00',
        endsAt: '2026-11-24T10:06:00+00:00',
        minutes: 6,
        bed: { id: LONG_LAY_DOWN, name: bedNamed(LONG_LAY_DOWN).name, type: 'lay-down' },
        status: 'booked',
        paidWith: 'in_salon',
        pricePence: 6 * perMinute('lay-down'),
        // The cancellation cut-off is 120 minutes before the start.
        cancellableUntil: '2026-11-24T08:00:00+00:00',
        holdUntil: null,
      })
      const list = await t().api('p_bookings', { headers: customer.headers })
      expect(list.status).toBe(200)
      expect(list.json).toEqual({ upcoming: [json.booking], past: [] })
      const one = await t().api(`p_bookings/${json.booking.id}`, { headers: customer.headers })
      expect(one).toMatchObject({ status: 200, json: { booking: json.booking } })

      const slots = (await t().api('p_sessions', { body: { date: '2026-11-24', minutes: 6, bedId: LONG_LAY_DOWN } })).json.times
      const times = slots.map((s: { time: string }) => s.time)
      // 10:00–10:06 plus the 5-minute clean blocks until 10:11: 10:00 goes, 09:45 and 10:15 stay.
      expect(times).toContain('09:45')
      expect(times).not.toContain('10:00')
      expect(times).toContain('10:15')
    })

    it('the data export lists the customer’s sessions and every movement of their minutes', async () => {
      const customer = await newCustomer()
      await credit(t(), customer, 20)
      const booked = await book(customer, { date: '2026-11-26', time: '15:00', minutes: 6, bedId: BOOTH })
      expect(booked.status).toBe(201)
      const { status, json } = await t().api('p_account/data', { headers: customer.headers })
      expect(status).toBe(200)
      expect(json.bookings).toEqual([
        {
          id: booked.json.booking.id,
          bed: bedNamed(BOOTH).name,
          bedType: 'stand-up',
          date: '2026-11-26',
          startsAt: '2026-11-26T15:00:00.000Z',
          endsAt: '2026-11-26T15:06:00.000Z',
          minutes: 6,
          pricePence: 6 * perMinute('stand-up'),
          paidWith: 'balance',
          status: 'booked',
        },
      ])
      expect(json.minutes).toEqual([
        { minutes: 20, kind: 'adjustment', bookingId: null, at: expect.any(String) },
        { minutes: -6, kind: 'booking', bookingId: booked.json.booking.id, at: expect.any(String) },
      ])
    })

    it('a taken bed is refused with 409 and a message; the next slot after its cleaning buffer is free', async () => {
      const first = await newCustomer()
      const second = await newCustomer()
      expect((await book(first, { date: '2026-12-02', time: '11:00', minutes: 6, bedId: LAY_DOWN })).status).toBe(201)
      const taken = await book(second, { date: '2026-12-02', time: '11:00', minutes: 6, bedId: LAY_DOWN })
      expect(taken).toMatchObject({
        status: 409,
        json: { message: `Sorry, ${bedNamed(LAY_DOWN).name} has just been booked at 11:00. Please choose another time or sunbed.` },
      })
      expect((await book(second, { date: '2026-12-02', time: '11:15', minutes: 6, bedId: LAY_DOWN })).status).toBe(201)
    })

    it('the database itself refuses overlapping sessions on a bed, cleaning buffer included', async () => {
      const first = await newCustomer()
      const second = await newCustomer()
      const row = (id: string, customer: ShopCustomer, start: string) => ({
        id,
        shopId: t().shop.id,
        sub: customer.sub,
        bedId: SHORT_BOOTH,
        localDate: start.slice(0, 10),
        startsAt: new Date(start),
        endsAt: new Date(Date.parse(start) + 6 * 60_000),
        blockedUntil: new Date(Date.parse(start) + 11 * 60_000),
        minutes: 6,
        pricePence: 450,
        paidWith: 'in_salon',
      })
      await t()
        .db.insert(schema.bookings)
        .values(row('00000000-0000-4000-8000-000000000001', first, '2026-12-14T10:00:00Z'))
      // Starts at 10:10, inside the first session's cleaning buffer (10:06–10:11).
      const inBuffer = t()
        .db.insert(schema.bookings)
        .values(row('00000000-0000-4000-8000-000000000002', second, '2026-12-14T10:10:00Z'))
      await expect(inBuffer).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) })
      await t()
        .db.insert(schema.bookings)
        .values(row('00000000-0000-4000-8000-000000000003', second, '2026-12-14T10:11:00Z'))
      // A cancelled session no longer holds the bed.
      await t().db.update(schema.bookings).set({ status: 'cancelled' }).where(eq(schema.bookings.id, '00000000-0000-4000-8000-000000000001'))
      await t()
        .db.insert(schema.bookings)
        .values(row('00000000-0000-4000-8000-000000000004', first, '2026-12-14T09:58:00Z'))
      const result = (await t().db.execute(sql`select count(*)::int as n from bookings where bed_id = ${SHORT_BOOTH} and status = 'booked'`)) as unknown as {
        rows: { n: number }[]
      }
      expect(result.rows[0]?.n).toBe(2)
    })

    it('a customer pays with package minutes, and cancelling before the cut-off puts them back', async () => {
      const customer = await newCustomer()
      await credit(t(), customer, 30)
      const price = await t().api('booking/get_price_for_booking', {
        body: { date: '2026-11-25', time: '14:00', minutes: 6, bedId: BOOTH },
        headers: customer.headers,
      })
      expect(price).toMatchObject({
        status: 200,
        json: {
          minutes: 6,
          bedType: 'stand-up',
          perMinutePence: perMinute('stand-up'),
          pricePence: 6 * perMinute('stand-up'),
          paidWith: 'balance',
          balance: { before: 30, after: 24 },
        },
      })
      const booked = await book(customer, { date: '2026-11-25', time: '14:00', minutes: 6, bedId: BOOTH })
      expect(booked.status).toBe(201)
      expect(booked.json.booking.paidWith).toBe('balance')
      expect(await balance(customer)).toBe(24)

      const cancelled = await t().api(`session/${booked.json.booking.id}`, { method: 'POST', headers: customer.headers })
      expect(cancelled.status).toBe(200)
      expect(cancelled.json.message).toBe('Your session on Wednesday 25 November 2026 at 14:00 is cancelled. 6 minutes are back on your balance.')
      expect(cancelled.json.booking).toMatchObject({ id: booked.json.booking.id, status: 'cancelled' })
      expect(await balance(customer)).toBe(30)
      const entries = await t()
        .db.select({ minutes: schema.balanceLedger.minutes, kind: schema.balanceLedger.kind })
        .from(schema.balanceLedger)
        .where(and(eq(schema.balanceLedger.shopId, t().shop.id), eq(schema.balanceLedger.sub, customer.sub)))
        .orderBy(schema.balanceLedger.id)
      expect(entries).toEqual([
        { minutes: 30, kind: 'adjustment' },
        { minutes: -6, kind: 'booking' },
        { minutes: 6, kind: 'refund' },
      ])
      const again = await t().api(`session/${booked.json.booking.id}`, { method: 'POST', headers: customer.headers })
      expect(again).toMatchObject({ status: 409, json: { message: 'This session is already cancelled.' } })
      expect(await balance(customer)).toBe(30)
      const list = await t().api('p_bookings', { headers: customer.headers })
      expect(list.json.upcoming).toEqual([])
      expect(list.json.past.map((b: { status: string }) => b.status)).toEqual(['cancelled'])
    })

    it('the ledger cannot be changed, only added to', async () => {
      const customer = await newCustomer()
      await credit(t(), customer, 5)
      await expect(t().db.execute(sql`update balance_ledger set minutes = 500 where sub = ${customer.sub}`)).rejects.toThrow()
      await expect(t().db.execute(sql`delete from balance_ledger where sub = ${customer.sub}`)).rejects.toThrow()
      expect(await balance(customer)).toBe(5)
    })

    it('a balance too small means paying in the salon, or a clear refusal where the salon does not allow that', async () => {
      const customer = await newCustomer()
      await credit(t(), customer, 4)
      const inSalon = await book(customer, { date: '2026-11-26', time: '09:00', minutes: 6, bedId: HIGH_PRESSURE })
      expect(inSalon.json.booking).toMatchObject({ paidWith: 'in_salon', pricePence: 6 * perMinute('high-pressure') })
      expect(await balance(customer)).toBe(4)

      await t().db.update(schema.bookingRules).set({ payInSalon: false }).where(eq(schema.bookingRules.shopId, t().shop.id))
      try {
        const refused = await book(customer, { date: '2026-11-28', time: '09:00', minutes: 6, bedId: HIGH_PRESSURE })
        expect(refused).toMatchObject({
          status: 402,
          json: { message: 'Your balance has 4 minutes for high-pressure sunbeds and this session needs 6. Please buy a package of minutes first.' },
        })
        const price = await t().api('booking/get_price_for_booking', {
          body: { date: '2026-11-28', time: '09:00', minutes: 6, bedId: HIGH_PRESSURE },
          headers: customer.headers,
        })
        expect(price.json).toMatchObject({ paidWith: null, balance: { before: 4, after: 4 } })
      } finally {
        await t().db.update(schema.bookingRules).set({ payInSalon: true }).where(eq(schema.bookingRules.shopId, t().shop.id))
      }
    })

    it('a visitor sees the price and that it is paid in the salon; a bad token is refused', async () => {
      const visitor = await t().api('booking/get_price_for_booking', { body: { date: '2026-11-25', time: '14:00', minutes: 8, bedType: 'lay-down' } })
      expect(visitor).toMatchObject({
        status: 200,
        json: {
          minutes: 8,
          bedType: 'lay-down',
          perMinutePence: perMinute('lay-down'),
          pricePence: 8 * perMinute('lay-down'),
          paidWith: 'in_salon',
          balance: null,
        },
      })
      // 8 minutes at 65p
      expect(visitor.json.message).toMatch(/£5\.20, paid in the salon/)
      const bad = await t().api('booking/get_price_for_booking', {
        body: { date: '2026-11-25', time: '14:00', minutes: 8, bedType: 'lay-down' },
        headers: { authorization: 'Bearer not-a-token' },
      })
      expect(bad.status).toBe(401)
      const neither = await t().api('booking/get_price_for_booking', { body: { date: '2026-11-25', time: '14:00', minutes: 8 } })
      expect(neither.status).toBe(400)
      expect(neither.json.message).toMatch(/bedId/)
    })

    it('a second booking on one day is refused with a message starting "duplicate"; after cancelling, that day is free again', async () => {
      const customer = await newCustomer()
      const first = await book(customer, { date: '2026-11-27', time: '10:00', minutes: 6, bedId: LONG_LAY_DOWN })
      expect(first.status).toBe(201)
      const second = await book(customer, { date: '2026-11-27', time: '17:00', minutes: 6, bedId: BOOTH })
      expect(second).toMatchObject({ status: 409, json: { message: DUPLICATE_BOOKING_MESSAGE } })
      expect(second.json.message.startsWith('duplicate')).toBe(true)
      await t().api(`session/${first.json.booking.id}`, { method: 'POST', headers: customer.headers })
      expect((await book(customer, { date: '2026-11-27', time: '17:00', minutes: 6, bedId: BOOTH })).status).toBe(201)
    })

    it("sessions closer than the shop's minimum interval are refused; exactly that far apart is fine", async () => {
      const customer = await newCustomer()
      expect((await book(customer, { date: '2026-12-01', time: '10:00', minutes: 6, bedId: LONG_LAY_DOWN })).status).toBe(201)
      const before = await book(customer, { date: '2026-11-30', time: '18:00', minutes: 6, bedId: LONG_LAY_DOWN })
      expect(before).toMatchObject({
        status: 409,
        json: {
          message: `Your sessions must be at least ${SHOP.rules.minHoursBetweenSessions} hours apart, so your skin can recover: you have one on Tuesday 1 December 2026 at 10:00.`,
        },
      })
      expect((await book(customer, { date: '2026-12-02', time: '09:45', minutes: 6, bedId: LONG_LAY_DOWN })).status).toBe(409)
      expect((await book(customer, { date: '2026-12-02', time: '10:00', minutes: 6, bedId: LONG_LAY_DOWN })).status).toBe(201)
    })

    it("a first session is capped at the shop's first-session minutes; later ones are not", async () => {
      const customer = await newCustomer()
      const long = await book(customer, { date: '2026-12-03', time: '12:00', minutes: 10, bedId: LONG_LAY_DOWN })
      expect(long).toMatchObject({
        status: 422,
        json: {
          message: `Your first session can be at most ${SHOP.rules.firstSessionMaxMinutes} minutes, so we can see how your skin takes to UV. Please choose ${SHOP.rules.firstSessionMaxMinutes} minutes or fewer.`,
        },
      })
      expect((await book(customer, { date: '2026-12-03', time: '12:00', minutes: 6, bedId: LONG_LAY_DOWN })).status).toBe(201)
      expect((await book(customer, { date: '2026-12-05', time: '12:00', minutes: 10, bedId: LONG_LAY_DOWN })).status).toBe(201)
      // A session before the first would become the first: capped too.
      expect((await book(customer, { date: '2026-12-01', time: '12:00', minutes: 10, bedId: LONG_LAY_DOWN })).status).toBe(422)
    })

    it('nobody under 18 can book, and a profile without a date of birth is asked for it', async () => {
      const customer = await newCustomer()
      await t().db.execute(sql`update identity_users set attributes = jsonb_set(attributes, '{birthdate}', '"2009-01-10"') where sub = ${customer.sub}`)
      const young = await book(customer, { date: '2026-12-04', time: '12:00', minutes: 6, bedId: LONG_LAY_DOWN })
      expect(young.status).toBe(403)
      expect(young.json.message).toBe(
        'You must be 18 or over to use a sunbed: UK law (the Sunbeds (Regulation) Act 2010) does not allow anyone under 18 to use one.',
      )
      // 18 on 10 January 2027: a session on that day is allowed, the day before is not.
      clock.set('2026-12-20T08:00:00Z')
      const headers = await freshHeaders(t(), customer)
      expect((await t().api('p_book', { body: { date: '2027-01-09', time: '12:00', minutes: 6, bedId: LONG_LAY_DOWN }, headers })).status).toBe(403)
      expect((await t().api('p_book', { body: { date: '2027-01-11', time: '12:00', minutes: 6, bedId: LONG_LAY_DOWN }, headers })).status).toBe(201)

      const noDob = await newCustomer()
      await t().db.execute(sql`update identity_users set attributes = attributes - 'birthdate' where sub = ${noDob.sub}`)
      await t().db.execute(sql`update customers set dob = null where sub = ${noDob.sub}`)
      const unknown = await book(noDob, { date: '2026-12-04', time: '12:00', minutes: 6, bedId: LONG_LAY_DOWN })
      expect(unknown).toMatchObject({ status: 403, json: { message: expect.stringMatching(/^Please add your date of birth/) } })
    })

    it('skin type I cannot book and is told why; a profile without a skin type is asked for it', async () => {
      const fair = await newCustomer({ skinType: '1' })
      const refused = await book(fair, { date: '2026-12-04', time: '13:00', minutes: 6, bedId: LONG_LAY_DOWN })
      expect(refused.status).toBe(403)
      expect(refused.json.message).toMatch(
        /^Sunbed sessions cannot be booked for skin type I: this skin always burns and never tans, and UK health guidance says/,
      )
      const unknown = await newCustomer({ skinType: null })
      const asked = await book(unknown, { date: '2026-12-04', time: '13:00', minutes: 6, bedId: LONG_LAY_DOWN })
      expect(asked).toMatchObject({ status: 403, json: { message: expect.stringMatching(/^Please add your skin type/) } })
      const rows = await t().db.select().from(schema.bookings).where(eq(schema.bookings.sub, fair.sub))
      expect(rows).toEqual([])
    })

    it("another customer's booking is not found, whichever way it is asked for", async () => {
      const owner = await newCustomer()
      const other = await newCustomer()
      const { json } = await book(owner, { date: '2026-12-08', time: '10:00', minutes: 6, bedId: LONG_LAY_DOWN })
      const id = json.booking.id as string
      expect((await t().api(`p_bookings/${id}`, { headers: other.headers })).status).toBe(404)
      expect((await t().api(`session/${id}`, { method: 'POST', headers: other.headers })).status).toBe(404)
      const put = await t().api('session/status', { method: 'PUT', body: { id, status: 'cancelled' }, headers: other.headers })
      expect(put).toMatchObject({ status: 404, json: { message: 'There is no such booking among your sessions.' } })
      expect((await t().api('p_bookings', { headers: other.headers })).json).toEqual({ upcoming: [], past: [] })
      expect((await t().api(`p_bookings/${id}`, { headers: owner.headers })).json.booking.status).toBe('booked')
    })

    it('cancelling is refused after the cut-off, with a way to reach the salon', async () => {
      const customer = await newCustomer()
      await credit(t(), customer, 20)
      const a = (await book(customer, { date: '2026-12-09', time: '12:00', minutes: 6, bedId: LONG_LAY_DOWN })).json.booking
      const b = (await book(customer, { date: '2026-12-10', time: '12:00', minutes: 6, bedId: LONG_LAY_DOWN })).json.booking
      // Exactly at the cut-off (2 hours before) still counts.
      clock.set('2026-12-09T10:00:00Z')
      let headers = await freshHeaders(t(), customer)
      expect((await t().api(`session/${a.id}`, { method: 'POST', headers })).status).toBe(200)
      clock.set('2026-12-10T10:01:00Z')
      headers = await freshHeaders(t(), customer)
      const late = await t().api(`session/${b.id}`, { method: 'POST', headers })
      expect(late).toMatchObject({
        status: 409,
        json: { message: `Sessions can be cancelled online until 2 hours before they start. Please call the salon on ${SHOP.phone}.` },
      })
      const viaStatus = await t().api('session/status', { method: 'PUT', body: { id: b.id, status: 'cancelled' }, headers })
      expect(viaStatus.status).toBe(409)
      expect(await balance(customer)).toBe(14)
    })

    it('a customer cannot mark their own session attended, before or after it starts; only cancel it', async () => {
      const customer = await newCustomer()
      await credit(t(), customer, 20)
      const booking = (await book(customer, { date: '2026-12-11', time: '15:00', minutes: 6, bedId: BOOTH })).json.booking
      const stored = async () =>
        (await t().db.select({ status: schema.bookings.status }).from(schema.bookings).where(eq(schema.bookings.id, booking.id)))[0]!.status
      const refusal = { status: 403, json: { message: 'Only the salon can mark a session as attended. You can cancel a session here.' } }
      const early = await t().api('session/status', { method: 'PUT', body: { id: booking.id, status: 'attended' }, headers: customer.headers })
      expect(early).toMatchObject(refusal)
      clock.set('2026-12-11T15:01:00Z')
      const headers = await freshHeaders(t(), customer)
      const started = await t().api('session/status', { method: 'PUT', body: { id: booking.id, status: 'attended' }, headers })
      expect(started).toMatchObject(refusal)
      expect(await stored()).toBe('booked')
      expect(await balance(customer)).toBe(14)
      // Another customer's booking, or none, is refused the same way: the answer tells nothing about it.
      const stranger = await t().api('session/status', { method: 'PUT', body: { id: randomUUID(), status: 'attended' }, headers })
      expect(stranger).toMatchObject(refusal)
      // Cancelling through the same call still works, and gives the minutes back.
      const later = (await book({ headers }, { date: '2026-12-14', time: '15:00', minutes: 6, bedId: BOOTH })).json.booking
      expect(await balance(customer)).toBe(8)
      const cancelled = await t().api('session/status', { method: 'PUT', body: { id: later.id, status: 'cancelled' }, headers })
      expect(cancelled).toMatchObject({ status: 200, json: { booking: { id: later.id, status: 'cancelled' } } })
      expect(await balance(customer)).toBe(14)
    })

    it('a session the salon marked attended counts as past and can no longer be cancelled', async () => {
      const customer = await newCustomer()
      const booking = (await book(customer, { date: '2026-12-11', time: '15:00', minutes: 6, bedId: HIGH_PRESSURE })).json.booking
      clock.set('2026-12-11T15:01:00Z')
      // The salon marks attendance in its own system, straight in the database.
      await t().db.update(schema.bookings).set({ status: 'attended' }).where(eq(schema.bookings.id, booking.id))
      const headers = await freshHeaders(t(), customer)
      const list = await t().api('p_bookings', { headers })
      expect(list.json.upcoming).toEqual([])
      expect(list.json.past).toEqual([expect.objectContaining({ id: booking.id, status: 'attended' })])
      const cancel = await t().api(`session/${booking.id}`, { method: 'POST', headers })
      expect(cancel).toMatchObject({ status: 409, json: { message: 'This session has already been marked as attended.' } })
      const viaStatus = await t().api('session/status', { method: 'PUT', body: { id: booking.id, status: 'cancelled' }, headers })
      expect(viaStatus.status).toBe(409)
    })

    it('bookings outside the schedule are refused with plain messages', async () => {
      const customer = await newCustomer()
      const refusal = async (body: object) => {
        const { status, json } = await book(customer, { minutes: 6, bedId: LONG_LAY_DOWN, ...body })
        return { status, message: json.message as string }
      }
      expect(await refusal({ date: '2026-11-23', time: '07:45' })).toEqual({ status: 422, message: 'That time has passed. Please choose a later time.' })
      expect(await refusal({ date: '2026-11-22', time: '12:00' })).toMatchObject({ status: 422, message: /has passed/ })
      expect(await refusal({ date: '2026-11-23', time: '08:45' })).toEqual({
        status: 422,
        message: `Sessions must be booked at least ${SHOP.rules.leadTimeMinutes} minutes ahead. Please choose a later time.`,
      })
      // Today is 23 November; the horizon of 28 days ends on 21 December.
      expect(await refusal({ date: '2026-12-22', time: '12:00' })).toMatchObject({
        status: 422,
        message: /up to 28 days ahead, so Tuesday 22 December 2026 is too far/,
      })
      expect(await refusal({ date: '2026-11-29', time: '09:00' })).toMatchObject({ status: 422, message: /open from 10:00 to 16:00/ })
      expect(await refusal({ date: '2026-11-24', time: '19:57' })).toMatchObject({ status: 422, message: /end by 20:00/ })
      expect(await refusal({ date: '2026-11-24', time: '10:05' })).toMatchObject({ status: 422, message: /every 15 minutes from 09:00/ })
      expect(await refusal({ date: '2026-11-24', time: '10:00', minutes: 20 })).toMatchObject({
        status: 422,
        message: `${bedNamed(LONG_LAY_DOWN).name} takes sessions of 3 to 15 minutes. Please choose a length in that range.`,
      })
      expect(await refusal({ date: '2026-11-24', time: '10:00', bedId: 'bed-nowhere' })).toMatchObject({
        status: 422,
        message: /bedId: there is no sunbed "bed-nowhere"/,
      })

      clock.set('2026-12-20T08:00:00Z')
      const headers = await freshHeaders(t(), customer)
      const christmas = await t().api('p_book', { body: { date: '2026-12-25', time: '12:00', minutes: 6, bedId: LONG_LAY_DOWN }, headers })
      expect(christmas).toMatchObject({
        status: 422,
        json: { message: 'The salon is closed on Friday 25 December 2026 (Christmas Day). Please choose another day.' },
      })
      expect(await t().db.select().from(schema.bookings).where(eq(schema.bookings.sub, customer.sub))).toEqual([])
    })

    it('bookings on the days the clocks change start at the right instant', async () => {
      const customer = await newCustomer()
      clock.set('2026-10-20T12:00:00Z')
      let headers = await freshHeaders(t(), customer)
      const autumn = await t().api('p_book', { body: { date: '2026-10-25', time: '10:00', minutes: 6, bedId: HIGH_PRESSURE }, headers })
      expect(autumn.status).toBe(201)
      expect(autumn.json.booking).toMatchObject({ startsAt: '2026-10-25T10:00:00+00:00', endsAt: '2026-10-25T10:06:00+00:00' })
      clock.set('2027-03-22T12:00:00Z')
      headers = await freshHeaders(t(), customer)
      const spring = await t().api('p_book', { body: { date: '2027-03-28', time: '10:00', minutes: 6, bedId: HIGH_PRESSURE }, headers })
      expect(spring.status).toBe(201)
      expect(spring.json.booking).toMatchObject({ startsAt: '2027-03-28T10:00:00+01:00', endsAt: '2027-03-28T10:06:00+01:00' })
      const stored = await t()
        .db.select({ startsAt: schema.bookings.startsAt, localDate: schema.bookings.localDate })
        .from(schema.bookings)
        .where(eq(schema.bookings.sub, customer.sub))
        .orderBy(schema.bookings.startsAt)
      expect(stored.map((s) => [s.localDate, s.startsAt.toISOString()])).toEqual([
        ['2026-10-25', '2026-10-25T10:00:00.000Z'],
        ['2027-03-28', '2027-03-28T09:00:00.000Z'],
      ])
    })

    it('bad input is refused with 400 naming the field; no identity token is 401', async () => {
      const customer = await newCustomer()
      const bad = await book(customer, { date: '2026-02-30', time: '25:00', minutes: 0, bedId: LONG_LAY_DOWN })
      expect(bad.status).toBe(400)
      expect(bad.json.message).toMatch(/date/)
      expect(bad.json.message).toMatch(/time/)
      expect(bad.json.message).toMatch(/minutes/)
      expect(bad.json.issues.map((i: { field: string }) => i.field).sort()).toEqual(['date', 'minutes', 'time'])
      const noBed = await book(customer, { date: '2026-11-24', time: '10:00', minutes: 6 })
      expect(noBed).toMatchObject({ status: 400, json: { message: expect.stringMatching(/bedId/) } })
      const text = await book(customer, { date: '2026-11-24', time: '10:00', minutes: '6', bedId: LONG_LAY_DOWN })
      expect(text.status).toBe(400)
      const status = await t().api('session/status', { method: 'PUT', body: { id: 'abc', status: 'gone' }, headers: customer.headers })
      expect(status.status).toBe(400)
      expect(status.json.message).toMatch(/id must be a booking id/)
      expect(status.json.message).toMatch(/status must be 'attended' or 'cancelled'/)
      const anonymous = await t().api('p_book', { body: { date: '2026-11-24', time: '10:00', minutes: 6, bedId: LONG_LAY_DOWN } })
      expect(anonymous.status).toBe(401)
      expect((await t().api('p_bookings')).status).toBe(401)
      expect((await t().api('session/00000000-0000-4000-8000-000000000000', { method: 'POST' })).status).toBe(401)
    })

    it('the booking calls are in the OpenAPI document', async () => {
      const doc = (await t().app.request('/api/openapi.json')).json() as Promise<{ paths: Record<string, Record<string, unknown>> }>
      const { paths } = await doc
      for (const [path, method] of [
        ['/p_preload_times', 'get'],
        ['/p_sessions', 'post'],
        ['/booking/get_price_for_booking', 'post'],
        ['/p_book', 'post'],
        ['/p_bookings', 'get'],
        ['/p_bookings/{id}', 'get'],
        ['/session/{id}', 'post'],
        ['/session/status', 'put'],
      ] as const) {
        expect(paths[path]?.[method], `${method} ${path}`).toBeDefined()
      }
    })
  },
  { deps: () => ({ now: clock.now, passwords: fastPasswords, trustProxy: true }), shop: SHOP },
)
