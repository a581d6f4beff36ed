import { randomUUID } from 'node:crypto'
import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider'
import { healthQuestionsVersion } from '@salon/contracts/rules/health-questions'
import { and, eq, schema, sql } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import {
  ALL_NO,
  balanceOf,
  CLIENT_ID,
  cognitoClient,
  credit,
  latestCode,
  newPhone,
  outboxMessages,
  shopCustomer,
  signIn,
  signUpCustomer,
  bearer,
  type ShopCustomer,
} from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { payWithCard, startPayment } from '../../test/factories/payments.ts'
import { createShop, type ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'
import { identityTransaction, removeStaleSignUps } from '../identity/public.ts'
import { DAY_MESSAGES } from './desk-rules.ts'

/** The photo ID seen at the desk, sent with every desk booking and sale here: asked once per customer. */
const PASSPORT = { document: 'passport' }

/** The health questions gone through at the desk, all "no" (docs/product.md §4.15). */
const DESK_ANSWERS = { version: healthQuestionsVersion(1), answers: ALL_NO }
/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const SHOP = {
  name: 'Glow Desk Salon',
  phone: '01632 960888',
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
  rules: {
    slotStepMinutes: 15,
    leadTimeMinutes: 120,
    horizonDays: 14,
    cancellationCutoffMinutes: 180,
    firstSessionMaxMinutes: 6,
    minHoursBetweenSessions: 24,
    payInSalon: true,
    payUpFront: false,
  },
  closures: [{ date: '2026-12-25', reason: 'Christmas Day' }],
  bedTypes: [
    { code: 'lay-down', perMinutePence: 60 },
    { code: 'stand-up', perMinutePence: 70 },
  ],
  beds: [
    { id: 'bed-a', type: 'lay-down', name: 'Lay-down A', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5, sortOrder: 1 },
    { id: 'bed-b', type: 'lay-down', name: 'Lay-down B', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5, sortOrder: 2 },
    { id: 'booth', type: 'stand-up', name: 'Booth', minMinutes: 3, maxMinutes: 9, cleaningBufferMinutes: 5, sortOrder: 3 },
    { id: 'retired', type: 'lay-down', name: 'Old Bed', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5, sortOrder: 4, active: false },
  ],
} satisfies ShopInput

type Headers = Record<string, string>

describeApi(
  'the day sheet and walk-ins',
  (get) => {
    let owner: StaffUser
    let staff: StaffUser
    beforeAll(async () => {
      clock.set(START)
      owner = await staffUser(get(), { role: 'owner', name: 'Olive Owner', passwords: fastPasswords })
      staff = await staffUser(get(), { role: 'staff', name: 'Sam Staff', passwords: fastPasswords })
    })

    const customer = async () => {
      clock.set(START)
      return shopCustomer(get())
    }
    const bookOnline = async (c: ShopCustomer, date: string, time: string, bedId = 'bed-a', minutes = 6) => {
      const answer = await get().api('p_book', { body: { date, time, minutes, bedId }, headers: c.headers })
      expect(answer.status, JSON.stringify(answer.json)).toBe(201)
      return answer.json.booking.id as string
    }
    // The customer's photo ID is shown at their first desk booking (identity/photo-id-checks.service.ts); photo-id-checks.api.test.ts tries it without.
    const walkIn = (body: object, headers: Headers = staff.headers) => get().api('staff/bookings', { body: { idCheck: PASSPORT, ...body }, headers })
    const newcomer = (input: Record<string, unknown> = {}) => ({
      firstName: 'Wendy',
      lastName: 'Walker',
      phone: newPhone().typed,
      dob: '1985-06-01',
      skinType: 3,
      health: DESK_ANSWERS,
      ...input,
    })
    const walkInOk = async (body: Record<string, unknown>, headers: Headers = staff.headers) => {
      const answer = await walkIn({ paidWith: 'in_salon', minutes: 6, bedId: 'bed-a', customer: { new: newcomer() }, ...body }, headers)
      expect(answer.status, JSON.stringify(answer.json)).toBe(201)
      return answer.json.booking
    }
    const daySheet = (query = '', headers: Headers = staff.headers) => get().api(`staff/day${query}`, { headers })
    const mark = (id: string, status: string, headers: Headers = staff.headers) =>
      get().api(`staff/bookings/${id}/status`, { method: 'PUT', body: { status }, headers })
    const cancel = (id: string, body: object = {}, headers: Headers = staff.headers) => get().api(`staff/bookings/${id}/cancel`, { body, headers })
    const move = (id: string, body: object, headers: Headers = staff.headers) => get().api(`staff/bookings/${id}/move`, { body, headers })
    const lastAudit = async () => (await get().api('staff/audit', { headers: owner.headers })).json.entries[0]
    const textsTo = async (phone: string) => (await outboxMessages(get().app, phone)).map((m) => m.body)
    const row = async (id: string) => (await get().db.select().from(schema.bookings).where(eq(schema.bookings.id, id)))[0]!
    /**
     * The customer's message about a session the salon cancelled: asked for by the database in the cancelling
     * transaction (migration 0017) and worded and sent by the messages module, which reads who cancelled it.
     */
    const cancellationAskedFor = async (id: string) => {
      const [job] = await get()
        .db.select()
        .from(schema.jobs)
        .where(eq(schema.jobs.key, `cancellation:${id}`))
      return { kind: job?.kind, payload: job?.payload, cancelledBy: (await row(id)).cancelledBy }
    }

    it('shows a day: its hours, every bed, the sessions with their customers and payments, and the cancelled ones apart', async () => {
      const online = await customer()
      await credit(get(), online, 20)
      const onlineId = await bookOnline(online, '2026-11-24', '10:00', 'bed-a')
      const phone = newPhone()
      const desk = await walkInOk({ date: '2026-11-24', time: '10:00', bedId: 'bed-b', customer: { new: newcomer({ phone: phone.typed }) } })
      const other = await customer()
      const cancelledId = await bookOnline(other, '2026-11-24', '11:00', 'booth')
      expect((await get().api(`session/${cancelledId}`, { method: 'POST', headers: other.headers })).status).toBe(200)

      const { status, json } = await daySheet('?date=2026-11-24')
      expect(status).toBe(200)
      expect(json.date).toBe('2026-11-24')
      expect(json.hours).toEqual({ opensAt: '09:00', closesAt: '20:00' })
      expect(json.closure).toBeNull()
      expect(json.beds).toEqual([
        { id: 'bed-a', name: 'Lay-down A', type: 'lay-down', active: true, outOfService: [] },
        { id: 'bed-b', name: 'Lay-down B', type: 'lay-down', active: true, outOfService: [] },
        { id: 'booth', name: 'Booth', type: 'stand-up', active: true, outOfService: [] },
        { id: 'retired', name: 'Old Bed', type: 'lay-down', active: false, outOfService: [] },
      ])
      expect(json.bookings.map((b: { id: string }) => b.id)).toEqual([onlineId, desk.id])
      expect(json.bookings[0]).toEqual({
        id: onlineId,
        bed: { id: 'bed-a', name: 'Lay-down A', type: 'lay-down' },
        date: '2026-11-24',
        time: '10:00',
        endTime: '10:06',
        startsAt: '2026-11-24T10:00:00+00:00',
        endsAt: '2026-11-24T10:06:00+00:00',
        minutes: 6,
        status: 'booked',
        customer: { sub: online.sub, name: 'Sophie Turner', firstName: 'Sophie', lastName: 'Turner', phone: online.phone, skinType: 3, onlineAccount: true },
        payment: { method: 'balance', minutes: 6, paidAtDesk: null },
        bookedBy: null,
        overrideReason: null,
        cancelledAt: null,
      })
      expect(json.bookings[1]).toMatchObject({
        id: desk.id,
        status: 'booked',
        customer: { name: 'Wendy Walker', phone: phone.e164, skinType: 3, onlineAccount: false },
        payment: { method: 'in_salon', pricePence: 360, paidAtDesk: null },
        bookedBy: { sub: staff.sub, name: 'Sam Staff' },
      })
      expect(json.cancelled).toEqual([expect.objectContaining({ id: cancelledId, status: 'cancelled', cancelledAt: '2026-11-23T08:00:00+00:00' })])

      expect((await daySheet()).json).toMatchObject({ date: '2026-11-23', hours: { opensAt: '09:00', closesAt: '20:00' } })
      expect((await daySheet('?date=2026-12-25')).json).toMatchObject({ closure: { reason: 'Christmas Day' }, bookings: [] })
      expect(await daySheet('?date=2026-02-30')).toMatchObject({
        status: 400,
        json: { message: 'Please check the query request: date must be a real calendar date.' },
      })
      expect((await daySheet('?date=tomorrow')).status).toBe(400)
      // One parser and one range for every date parameter (contracts/dates.ts), the day sheet's as the takings'.
      for (const far of ['0001-01-01', '9999-12-31'])
        expect(await daySheet(`?date=${far}`)).toMatchObject({
          status: 400,
          json: { message: 'Please check the query request: date must be a date from 1900 to 2100.' },
        })
    })

    it('a member of staff takes a sunbed out of service when a lamp fails: the day sheet shows the time, and the sessions it hits are listed', async () => {
      const c = await customer()
      await credit(get(), c, 20)
      const hitId = await bookOnline(c, '2026-11-26', '15:00', 'booth')
      const out = await get().api('staff/beds/booth/out-of-service', {
        body: { from: '2026-11-26T14:00', until: '2026-11-26T17:00', reason: 'A lamp failed' },
        headers: staff.headers,
      })
      expect(out.status, JSON.stringify(out.json)).toBe(201)
      expect(out.json.hit).toEqual([expect.objectContaining({ id: hitId })])
      const sheet = (await daySheet('?date=2026-11-26')).json
      expect(sheet.beds.find((b: { id: string }) => b.id === 'booth').outOfService).toEqual([
        { id: expect.any(String), from: '2026-11-26T14:00:00+00:00', until: '2026-11-26T17:00:00+00:00', reason: 'A lamp failed' },
      ])
      expect((await daySheet('?date=2026-11-27')).json.beds.find((b: { id: string }) => b.id === 'booth').outOfService).toEqual([])
      // Back in service when the lamp is changed, by the same member of staff.
      const periodId = out.json.bed.outOfService[0].id
      expect((await get().api(`staff/beds/booth/out-of-service/${periodId}`, { method: 'DELETE', headers: staff.headers })).status).toBe(200)
      expect((await daySheet('?date=2026-11-26')).json.beds.find((b: { id: string }) => b.id === 'booth').outOfService).toEqual([])
    })

    it('marks a session attended or a no-show on its day, undoes a mark, and audits each change', async () => {
      const c = await customer()
      const id = await bookOnline(c, '2026-11-23', '12:00')
      const attended = await mark(id, 'attended')
      expect(attended).toMatchObject({ status: 200, json: { booking: { id, status: 'attended' } } })
      expect(await lastAudit()).toMatchObject({
        actorName: 'Sam Staff',
        action: 'booking.marked',
        subjectType: 'booking',
        subjectId: id,
        before: { status: 'booked' },
        after: { status: 'attended' },
      })
      expect((await mark(id, 'booked')).json.booking.status).toBe('booked')
      expect((await mark(id, 'no_show')).json.booking.status).toBe('no_show')
      expect((await row(id)).status).toBe('no_show')
      // A no-show is not the customer's to cancel any more.
      expect(await get().api(`session/${id}`, { method: 'POST', headers: c.headers })).toMatchObject({
        status: 409,
        json: { message: 'This session was marked as missed, so it cannot be cancelled now.' },
      })

      const later = await bookOnline(await customer(), '2026-11-25', '12:00')
      expect(await mark(later, 'attended')).toMatchObject({ status: 409, json: { message: DAY_MESSAGES.markFuture } })
      const gone = await customer()
      const goneId = await bookOnline(gone, '2026-11-23', '13:00')
      await get().api(`session/${goneId}`, { method: 'POST', headers: gone.headers })
      expect(await mark(goneId, 'attended')).toMatchObject({ status: 409, json: { message: DAY_MESSAGES.markCancelled } })
      expect(await mark(randomUUID(), 'attended')).toMatchObject({ status: 404, json: { message: DAY_MESSAGES.notFound } })
      expect((await mark(id, 'cancelled')).status).toBe(400)

      // Another salon's owner, with that salon's own headers, does not find this salon's booking.
      const otherShop = await createShop(get().db)
      const stranger = await staffUser(get(), { role: 'owner', shopId: otherShop.id, passwords: fastPasswords })
      const theirs = await get().api(`staff/bookings/${id}/status`, {
        method: 'PUT',
        body: { status: 'attended' },
        headers: { ...otherShop.headers, ...stranger.headers },
      })
      expect(theirs).toMatchObject({ status: 404, json: { message: DAY_MESSAGES.notFound } })
    })

    it("cancels a session on the customer's behalf past the cut-off: the minutes go back and the customer is texted", async () => {
      const c = await customer()
      await credit(get(), c, 10)
      const id = await bookOnline(c, '2026-11-23', '10:30')
      expect(await balanceOf(get(), c)).toBe(4)
      // Past the customer's own cut-off of 3 hours.
      expect((await get().api(`session/${id}`, { method: 'POST', headers: c.headers })).status).toBe(409)

      const done = await cancel(id, { reason: '  Lay-down A has a broken tube ' })
      expect(done.status).toBe(200)
      expect(done.json.message).toBe("Session cancelled. 6 minutes are back on the customer's balance. The customer will be sent a text message saying so.")
      expect(done.json.booking).toMatchObject({ id, status: 'cancelled', payment: { method: 'balance', minutes: 6 } })
      expect(await balanceOf(get(), c)).toBe(10)
      expect(await cancellationAskedFor(id)).toEqual({ kind: 'booking.cancelled', payload: { bookingId: id }, cancelledBy: staff.sub })
      expect(await lastAudit()).toMatchObject({
        action: 'booking.cancelled',
        subjectId: id,
        before: { status: 'booked', paidWith: 'balance' },
        after: { status: 'cancelled', minutesBack: 6, cardRefunded: false },
        reason: 'Lay-down A has a broken tube',
      })
      expect(await cancel(id)).toMatchObject({ status: 409, json: { message: DAY_MESSAGES.alreadyCancelled } })
      expect(await cancel(randomUUID())).toMatchObject({ status: 404, json: { message: DAY_MESSAGES.notFound } })
      expect((await cancel(id, { reason: 'x'.repeat(501) })).status).toBe(400)

      const phone = newPhone()
      const desk = await walkInOk({ date: '2026-11-23', time: '15:00', customer: { new: newcomer({ phone: phone.typed }) } })
      const inSalon = await cancel(desk.id)
      expect(inSalon.json.message).toBe('Session cancelled. The customer will be sent a text message saying so.')
      expect(await cancellationAskedFor(desk.id)).toMatchObject({ kind: 'booking.cancelled', cancelledBy: staff.sub })

      const attended = await bookOnline(await customer(), '2026-11-23', '16:00')
      await mark(attended, 'attended')
      expect(await cancel(attended)).toMatchObject({ status: 409, json: { message: DAY_MESSAGES.cancelAttended } })
    })

    it('cancels a session paid by card: the payment goes back to the card and the customer is told', async () => {
      const c = await customer()
      await get().db.update(schema.bookingRules).set({ payUpFront: true, payInSalon: false }).where(eq(schema.bookingRules.shopId, get().shop.id))
      let id: string
      let held: string
      try {
        id = await bookOnline(c, '2026-11-26', '10:00')
        held = await bookOnline(await customer(), '2026-11-26', '11:00')
      } finally {
        await get().db.update(schema.bookingRules).set({ payUpFront: false, payInSalon: true }).where(eq(schema.bookingRules.shopId, get().shop.id))
      }
      const started = await startPayment(get(), c, { bookingId: id })
      expect(started.status).toBe(201)
      await payWithCard(get(), started.json.payment)
      expect((await row(id)).status).toBe('booked')
      const sheet = (await daySheet('?date=2026-11-26')).json.bookings.find((b: { id: string }) => b.id === id)
      expect(sheet.payment).toEqual({ method: 'card', pricePence: 360, state: 'paid' })

      const done = await cancel(id)
      expect(done.json.message).toBe('Session cancelled. The card payment of £3.60 is being refunded. The customer will be sent a text message saying so.')
      expect(done.json.booking.payment).toEqual({ method: 'card', pricePence: 360, state: 'refunded' })
      // The refund is owed from the cancelling transaction and made by a job (docs/product.md §4.9).
      const [payment] = await get().db.select().from(schema.payments).where(eq(schema.payments.bookingId, id))
      expect(payment!.refundOwedAt).not.toBeNull()
      const [refund] = await get()
        .db.select()
        .from(schema.jobs)
        .where(eq(schema.jobs.key, `refund:${payment!.id}`))
      expect(refund).toMatchObject({ kind: 'payment.refund' })
      expect(await cancellationAskedFor(id)).toMatchObject({ kind: 'booking.cancelled', cancelledBy: staff.sub })

      // A hold whose 10 minutes ran out unpaid no longer keeps the bed: the day sheet shows it among the cancelled.
      const holding = async () => (await daySheet('?date=2026-11-26')).json
      expect((await holding()).bookings).toContainEqual(
        expect.objectContaining({ id: held, status: 'pending', payment: { method: 'card', pricePence: 360, state: 'pending' } }),
      )
      clock.set('2026-11-23T08:10:00Z')
      try {
        const sheet = await holding()
        expect(sheet.bookings.map((b: { id: string }) => b.id)).not.toContain(held)
        expect(sheet.cancelled).toContainEqual(
          expect.objectContaining({
            id: held,
            status: 'cancelled',
            cancelledAt: '2026-11-23T08:10:00+00:00',
            payment: { method: 'card', pricePence: 360, state: 'unpaid' },
          }),
        )
      } finally {
        clock.set(START)
      }
    })

    it('moves a session to another bed, day or time, texts the customer the new time, and keeps the rules', async () => {
      const phone = newPhone()
      const desk = await walkInOk({ date: '2026-11-27', time: '10:00', customer: { new: newcomer({ phone: phone.typed }) } })
      const moved = await move(desk.id, { bedId: 'booth', date: '2026-11-27', time: '14:00', minutes: 5 })
      expect(moved.status, JSON.stringify(moved.json)).toBe(200)
      expect(moved.json.message).toBe('Session moved to Friday 27 November 2026 at 14:00 on Booth. The customer has been sent a text message.')
      expect(moved.json.booking).toMatchObject({
        bed: { id: 'booth' },
        time: '14:00',
        endTime: '14:05',
        minutes: 5,
        payment: { method: 'in_salon', pricePence: 350 },
      })
      expect(await textsTo(phone.e164)).toContain(
        'Glow Desk Salon: your sunbed session has been moved by the salon to Fri 27 Nov at 14:00 on Booth. Call us on 01632 960888 if that time does not suit you.',
      )
      expect(await lastAudit()).toMatchObject({
        action: 'booking.moved',
        subjectId: desk.id,
        before: { bedId: 'bed-a', date: '2026-11-27', time: '10:00', minutes: 6 },
        after: { bedId: 'booth', date: '2026-11-27', time: '14:00', minutes: 5 },
      })
      // The old time is free again and the new one taken.
      const times = async (bedId: string) =>
        (await get().api('p_sessions', { body: { date: '2026-11-27', minutes: 5, bedId } })).json.times.map((s: { time: string }) => s.time)
      expect(await times('bed-a')).toContain('10:00')
      expect(await times('booth')).not.toContain('14:00')

      const c = await customer()
      await credit(get(), c, 30)
      const paid = await bookOnline(c, '2026-11-27', '10:00', 'bed-b')
      expect(await move(paid, { bedId: 'bed-b', date: '2026-11-27', time: '11:00', minutes: 8 })).toMatchObject({
        status: 422,
        json: { message: DAY_MESSAGES.moveMinutes },
      })
      expect(await move(paid, { bedId: 'booth', date: '2026-11-27', time: '11:00' })).toMatchObject({
        status: 422,
        json: { message: 'A session paid from the balance or by card can only move to another lay-down sunbed.' },
      })
      await walkInOk({ date: '2026-11-27', time: '16:00', bedId: 'bed-a' })
      expect(await move(paid, { bedId: 'bed-a', date: '2026-11-27', time: '16:03' })).toMatchObject({
        status: 409,
        json: { message: 'Lay-down A is already booked at 16:03, or is being cleaned then. Please choose another time or sunbed.' },
      })
      const second = await bookOnline(c, '2026-11-29', '10:00', 'bed-b')
      expect(await move(second, { bedId: 'bed-a', date: '2026-11-27', time: '17:00' })).toMatchObject({
        status: 409,
        json: { message: 'The customer already has a session on Friday 27 November 2026: one session a day.', rule: 'one-a-day', overridable: false },
      })
      expect(await move(paid, { bedId: 'bed-a', date: '2026-11-23', time: '07:00' })).toMatchObject({ status: 422, json: { message: DAY_MESSAGES.passed } })
      expect(await move(paid, { bedId: 'bed-a', date: '2026-11-27', time: '19:58' })).toMatchObject({
        status: 422,
        json: { rule: 'opening-hours', overridable: true },
      })
      expect(await move(paid, { bedId: 'bed-a', date: '2026-11-27', time: '11:00', override: { reason: 'Asked nicely' } })).toMatchObject({
        status: 403,
        json: { message: "Only the salon's owner can do this." },
      })
      const ok = await move(paid, { bedId: 'bed-a', date: '2026-11-27', time: '11:00' })
      expect(ok.json.booking).toMatchObject({ bed: { id: 'bed-a' }, time: '11:00', payment: { method: 'balance', minutes: 6 } })
      expect(await balanceOf(get(), c)).toBe(18)
      expect(await move(randomUUID(), { bedId: 'bed-a', date: '2026-11-27', time: '11:00' })).toMatchObject({ status: 404 })
      expect((await move(paid, { bedId: 'bed-a', date: '2026-11-27', time: '25:00' })).status).toBe(400)
    })

    it('books a walk-in signed up at the desk: a customer record without an online account, booked by the member of staff', async () => {
      const before = (await get().api('p_sessions', { body: { date: '2026-11-30', minutes: 6, bedId: 'bed-a' } })).json.times.map(
        (s: { time: string }) => s.time,
      )
      expect(before).toContain('12:00')
      const phone = newPhone()
      const booking = await walkInOk({ date: '2026-11-30', time: '12:00', customer: { new: newcomer({ phone: phone.typed, email: 'wendy@example.com' }) } })
      const after = (await get().api('p_sessions', { body: { date: '2026-11-30', minutes: 6, bedId: 'bed-a' } })).json.times.map(
        (s: { time: string }) => s.time,
      )
      expect(after).not.toContain('12:00')
      const [record] = await get()
        .db.select()
        .from(schema.customers)
        .where(and(eq(schema.customers.shopId, get().shop.id), eq(schema.customers.sub, booking.customer.sub)))
      expect(record).toMatchObject({
        firstName: 'Wendy',
        lastName: 'Walker',
        phone: phone.e164,
        email: 'wendy@example.com',
        dob: '1985-06-01',
        skinType: 3,
        signupSource: 'in_salon',
      })
      const users = await get().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.sub, booking.customer.sub))
      expect(users).toEqual([])
      expect(await row(booking.id)).toMatchObject({ bookedBy: staff.sub, overrideReason: null, paidWith: 'in_salon', status: 'booked' })
      const audit = (await get().api('staff/audit', { headers: owner.headers })).json.entries.slice(0, 3)
      expect(audit.map((e: { action: string }) => e.action)).toEqual(['booking.created', 'customer.photo-id-checked', 'customer.signed-up-in-salon'])

      // The same number again is that customer, not a new one.
      const again = await walkIn({
        paidWith: 'in_salon',
        minutes: 6,
        bedId: 'bed-a',
        date: '2026-12-01',
        time: '12:00',
        customer: { new: newcomer({ phone: phone.e164 }) },
      })
      expect(again).toMatchObject({
        status: 409,
        json: {
          message: 'Wendy Walker already has this mobile number at the salon. Please choose them as a customer of the salon instead.',
          customerSub: booking.customer.sub,
        },
      })
      // Chosen as a customer of the salon, paid from the minutes the desk gave them; lead time and horizon are for online booking only.
      await credit(get(), { sub: booking.customer.sub }, 12)
      const today = await walkIn({
        paidWith: 'balance',
        minutes: 6,
        bedId: 'bed-b',
        date: '2026-12-31',
        time: '09:00',
        customer: { sub: booking.customer.sub },
      })
      expect(today.status, JSON.stringify(today.json)).toBe(201)
      expect(today.json.booking.payment).toEqual({ method: 'balance', minutes: 6, paidAtDesk: null })
      expect(await balanceOf(get(), { sub: booking.customer.sub })).toBe(6)
      expect((await walkInOk({ date: '2026-11-23', time: '09:00', bedId: 'booth' })).time).toBe('09:00')
    })

    it('holds the sunbed rules for staff bookings; only the owner overrides one, with a reason, never the age rule', async () => {
      const base = { paidWith: 'in_salon', minutes: 6, bedId: 'booth', date: '2026-12-02' }
      const young = newPhone()
      const under18 = await walkIn({ ...base, time: '10:00', customer: { new: newcomer({ phone: young.typed, dob: '2010-01-01' }) } })
      expect(under18).toMatchObject({
        status: 403,
        json: {
          message:
            'The customer is under 18 on Wednesday 2 December 2026: UK law (the Sunbeds (Regulation) Act 2010) does not allow anyone under 18 to use a sunbed.',
          rule: 'under-18',
          overridable: false,
        },
      })
      const ownerTried = await walkIn(
        { ...base, time: '10:00', customer: { new: newcomer({ phone: young.typed, dob: '2010-01-01' }) }, override: { reason: 'Parent present' } },
        owner.headers,
      )
      expect(ownerTried).toMatchObject({ status: 403, json: { rule: 'under-18' } })
      expect(await get().db.select().from(schema.customers).where(eq(schema.customers.phone, young.e164))).toEqual([])

      const pale = newcomer({ skinType: 1 })
      expect(await walkIn({ ...base, time: '11:00', customer: { new: pale } })).toMatchObject({
        status: 403,
        json: { message: DAY_MESSAGES.skinTypeI, rule: 'skin-type-1', overridable: true },
      })
      expect(await walkIn({ ...base, time: '11:00', customer: { new: pale }, override: { reason: 'Checked in person' } })).toMatchObject({
        status: 403,
        json: { message: "Only the salon's owner can do this." },
      })
      expect((await walkIn({ ...base, time: '11:00', customer: { new: pale }, override: { reason: '   ' } }, owner.headers)).status).toBe(400)
      const overridden = await walkIn(
        { ...base, time: '11:00', customer: { new: pale }, override: { reason: ' Skin type recorded wrongly: checked in person ' } },
        owner.headers,
      )
      expect(overridden.status, JSON.stringify(overridden.json)).toBe(201)
      expect(overridden.json.booking).toMatchObject({
        overrideReason: 'Skin type recorded wrongly: checked in person',
        bookedBy: { sub: owner.sub, name: 'Olive Owner' },
      })
      expect(await lastAudit()).toMatchObject({
        action: 'booking.created',
        reason: 'Skin type recorded wrongly: checked in person',
        after: { overridden: ['skin-type-1'] },
      })

      expect(await walkIn({ ...base, time: '12:00', minutes: 8, customer: { new: newcomer() } })).toMatchObject({
        status: 422,
        json: { message: "A first session can be at most 6 minutes, so we can see how the customer's skin takes to UV.", rule: 'first-session' },
      })
      expect(await walkIn({ ...base, time: '19:58', customer: { new: newcomer() } })).toMatchObject({
        status: 422,
        json: {
          message: 'On Wednesday 2 December 2026 the salon is open from 09:00 to 20:00: a 6-minute session must start at 09:00 or later and end by 20:00.',
          rule: 'opening-hours',
          overridable: true,
        },
      })
      const late = await walkIn({ ...base, time: '19:58', customer: { new: newcomer() }, override: { reason: 'Staying late for a regular' } }, owner.headers)
      expect(late.status).toBe(201)
      expect(late.json.booking.overrideReason).toBe('Staying late for a regular')
      // An override that lets nothing past records no reason.
      const needless = await walkIn({ ...base, time: '15:00', customer: { new: newcomer() }, override: { reason: 'Just in case' } }, owner.headers)
      expect(needless.json.booking).toMatchObject({ overrideReason: null })
      expect(
        await walkIn({ ...base, date: '2026-12-25', time: '10:00', customer: { new: newcomer() }, override: { reason: 'Open specially' } }, owner.headers),
      ).toMatchObject({
        status: 422,
        json: { message: 'The salon is closed on Friday 25 December 2026 (Christmas Day).', overridable: false },
      })

      const regular = await customer()
      await bookOnline(regular, '2026-12-03', '10:00', 'bed-a')
      expect(await walkIn({ ...base, date: '2026-12-04', time: '09:00', customer: { sub: regular.sub } })).toMatchObject({
        status: 409,
        json: { message: "The customer's sessions must be at least 24 hours apart: they have one on Thursday 3 December 2026 at 10:00.", rule: 'too-close' },
      })
      expect(await walkIn({ ...base, date: '2026-12-05', time: '10:00', minutes: 10, customer: { sub: regular.sub } })).toMatchObject({
        status: 422,
        json: { message: 'Booth takes sessions of 3 to 9 minutes.', rule: 'bed-minutes' },
      })
      expect(await walkIn({ ...base, date: '2026-12-03', time: '15:00', customer: { sub: regular.sub } })).toMatchObject({
        status: 409,
        json: { rule: 'one-a-day' },
      })
      expect(await walkIn({ ...base, paidWith: 'balance', date: '2026-12-06', time: '10:00', customer: { sub: regular.sub } })).toMatchObject({
        status: 402,
        json: {
          message:
            "The customer's balance has 0 minutes for stand-up sunbeds and this session needs 6. Take payment in the salon, or sell them a package first.",
        },
      })
      expect(await walkIn({ ...base, time: '13:00', customer: { sub: randomUUID() } })).toMatchObject({
        status: 404,
        json: { message: DAY_MESSAGES.noCustomer },
      })
      expect(await walkIn({ ...base, time: '13:00', bedId: 'retired', customer: { new: newcomer() } })).toMatchObject({
        status: 422,
        json: { message: 'bedId: there is no sunbed "retired" at this salon.' },
      })
      expect(await walkIn({ ...base, time: '13:00', customer: { new: newcomer({ phone: '01632 960000' }) } })).toMatchObject({
        status: 400,
        json: { message: DAY_MESSAGES.phone },
      })
      expect((await walkIn({ ...base, time: '13:00', customer: { new: newcomer({ dob: '2026-02-30' }) } })).status).toBe(400)
      expect((await walkIn({ ...base, time: '13:00', customer: { sub: regular.sub, new: newcomer() } })).status).toBe(400)
      expect((await walkIn({ ...base, paidWith: 'card', time: '13:00', customer: { sub: regular.sub } })).status).toBe(400)
    })

    it('links a customer signed up at the desk to the account they make online with the same number, once the code proves the phone', async () => {
      clock.set(START)
      const phone = newPhone()
      const desk = await walkInOk({
        date: '2026-12-07',
        time: '10:00',
        customer: { new: newcomer({ phone: phone.typed, firstName: 'Lina', lastName: 'Desk', skinType: 4 }) },
      })
      const sub = desk.customer.sub as string
      await credit(get(), { sub }, 30)
      const record = async () =>
        (
          await get()
            .db.select()
            .from(schema.customers)
            .where(and(eq(schema.customers.shopId, get().shop.id), eq(schema.customers.sub, sub)))
        )[0]
      const client = cognitoClient(get().app)
      const signUp = (password: string) =>
        signUpCustomer(get().app, client, { phone: phone.e164, password, metadata: get().shop.headers, givenName: 'Lina', familyName: 'Online', skinType: '3' })

      // Someone signs up with the number and never proves it: the record stays as the desk made it, and survives the clean-up.
      const abandoned = await signUp('Not-the-owner-1')
      expect(abandoned.sub).toBe(sub)
      expect(await record()).toMatchObject({ firstName: 'Lina', lastName: 'Desk', skinType: 4, signupSource: 'in_salon' })
      // A second unproven sign-up replaces the first (§4.1) and takes the same sub; the record is not removed with the first.
      expect((await signUp('Not-the-owner-2')).sub).toBe(sub)
      expect(await record()).toMatchObject({ firstName: 'Lina', lastName: 'Desk', skinType: 4 })
      await removeStaleSignUps(identityTransaction(get().db), clock.now() + 25 * 3600_000)
      expect(await get().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.sub, sub))).toEqual([])
      expect(await record()).toMatchObject({ firstName: 'Lina', lastName: 'Desk' })
      expect(await row(desk.id)).toMatchObject({ sub, status: 'booked' })

      // The phone's owner signs up and confirms with the code: the account is the desk's customer.
      const linked = await signUp('Tanning-Time2')
      expect(linked.sub).toBe(sub)
      await client.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: phone.e164, ConfirmationCode: await latestCode(get().app, phone.e164) }))
      expect(await record()).toMatchObject({ firstName: 'Lina', lastName: 'Online', skinType: 3, phone: phone.e164, signupSource: 'in_salon' })
      const headers = bearer(await signIn(client, phone.e164, 'Tanning-Time2'))
      const mine = await get().api('p_bookings', { headers })
      expect(mine.json.upcoming.map((b: { id: string }) => b.id)).toEqual([desk.id])
      expect((await get().api('p_account/balance', { headers })).json.balance).toBe(30)
      const sheet = (await daySheet('?date=2026-12-07')).json.bookings.find((b: { id: string }) => b.id === desk.id)
      expect(sheet.customer).toMatchObject({ sub, name: 'Lina Online', onlineAccount: true })

      // A sign-up with a number the desk never saw is a new customer, as before.
      const stranger = await signUpCustomer(get().app, client, { metadata: get().shop.headers })
      expect(stranger.sub).not.toBe(sub)
      const count = await get().db.execute(sql`select count(*)::int as n from customers where sub = ${sub}`)
      expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1)
    })
  },
  { deps: () => ({ now: clock.now, passwords: fastPasswords }), shop: SHOP },
)
