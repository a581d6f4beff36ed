import { and, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { balanceOf, outboxMessages, shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { createShop } from '../../test/factories/shop.ts'
import { creditLeft, creditOnAccount } from '../../test/factories/vouchers.ts'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { describeApi } from '../../test/harness.ts'
import { DESK_CREDIT_MESSAGES, SESSION_CREDIT_MESSAGES } from '../commerce/credit.service.ts'
import { PAYMENT_MESSAGES } from './session-payments.service.ts'

/** Tuesday 24 November 2026, 09:00 GMT. */
const START = '2026-11-24T09:00:00Z'
const clock = testClock(START)
const DAY_MS = 86_400_000
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
  closures: [],
  rules: { firstSessionMaxMinutes: 6, minHoursBetweenSessions: 0, payInSalon: true, leadTimeMinutes: 0 },
  bedTypes: [{ code: 'lay-down', perMinutePence: 60 }],
  beds: [{ id: 'credit-a', type: 'lay-down', name: 'Lay-down A', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 0 }],
  packages: [{ id: 'glow-60', name: 'Glow 60', minutes: 60, pricePence: 3300, validityDays: 90 }],
} satisfies ShopInput

type Headers = Record<string, string>

/** A time of its own for each session, every quarter of an hour from 09:00, so no two of the suite's sessions meet on the one bed. */
let slots = 0
const nextTime = () => {
  const minutes = 9 * 60 + 15 * slots++
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** docs/product.md "Gift vouchers": credit pays for sessions, online and at the desk, under the same rule. */
describeApi(
  'sessions paid with gift voucher credit',
  (get) => {
    let owner: StaffUser
    let staff: StaffUser
    beforeAll(async () => {
      clock.set(START)
      owner = await staffUser(get(), { role: 'owner', passwords: fastPasswords })
      staff = await staffUser(get(), { role: 'staff', passwords: fastPasswords })
    })
    const customer = async () => {
      clock.set(START)
      return shopCustomer(get())
    }
    /** 6 minutes on Lay-down A: £3.60. */
    const book = (c: { headers: Headers }, date: string, time = nextTime()) =>
      get().api('p_book', { body: { date, time, minutes: 6, bedId: 'credit-a', payWith: 'credit' }, headers: c.headers })
    const creditPayments = (bookingId: string) =>
      get()
        .db.select()
        .from(schema.payments)
        .where(and(eq(schema.payments.bookingId, bookingId), eq(schema.payments.provider, 'credit')))
    const take = (id: string, method: string, headers: Headers = staff.headers) => get().api(`staff/bookings/${id}/payment`, { body: { method }, headers })
    const undo = (id: string) => get().api(`staff/bookings/${id}/payment/undo`, { body: { reason: 'Taken by mistake' }, headers: owner.headers })
    const inSalon = async (c: ShopCustomer, date: string) => {
      const answer = await get().api('staff/bookings', {
        body: { customer: { sub: c.sub }, bedId: 'credit-a', date, time: nextTime(), minutes: 6, paidWith: 'in_salon', idCheck: { document: 'passport' } },
        headers: staff.headers,
      })
      expect(answer.status, JSON.stringify(answer.json)).toBe(201)
      return answer.json.booking as { id: string; customer: { name: string } }
    }

    it('a customer books a session with their credit: it is booked at once, and the price leaves the credit soonest to expire', async () => {
      const c = await customer()
      const later = await creditOnAccount(get(), c, 1000, 300 * DAY_MS)
      const sooner = await creditOnAccount(get(), c, 200, 100 * DAY_MS)
      const booked = await book(c, '2026-11-25')
      expect(booked.status, JSON.stringify(booked.json)).toBe(201)
      expect(booked.json.booking).toMatchObject({ status: 'booked', paidWith: 'credit', pricePence: 360, holdUntil: null })
      expect(await creditLeft(get(), c)).toBe(840)
      const lots = await get().db.select().from(schema.creditLots).where(eq(schema.creditLots.sub, c.sub))
      expect(lots.find((l) => l.id === sooner.id)!.remainingPence).toBe(0)
      expect(lots.find((l) => l.id === later.id)!.remainingPence).toBe(840)
      expect(await creditPayments(booked.json.booking.id)).toMatchObject([{ status: 'succeeded', purpose: 'session', amountPence: 360 }])
      // The minutes are not touched, and the day sheet says how it was paid.
      expect(await balanceOf(get(), c)).toBe(0)
      const sheet = await get().api('staff/day?date=2026-11-25', { headers: staff.headers })
      const row = sheet.json.bookings.find((s: { id: string }) => s.id === booked.json.booking.id)
      expect(row.payment).toEqual({ method: 'credit', pricePence: 360, paidAtDesk: null })
      // The confirmation says so.
      await createWorker({ ...get().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()
      const sent = await outboxMessages(get().app, c.phone)
      expect(sent.map((m) => m.body).join('\n')).toContain('Lay-down A, 6 minutes, £3.60, paid with your gift voucher credit')
    })

    it('credit that does not cover the session books nothing, and says what the credit is', async () => {
      const c = await customer()
      await creditOnAccount(get(), c, 300)
      const refused = await book(c, '2026-11-25')
      expect(refused).toMatchObject({ status: 402, json: { message: SESSION_CREDIT_MESSAGES.customer.short(300, 360) } })
      expect(refused.json.message).toBe('Your gift voucher credit is £3.00 and this session costs £3.60. Please choose another way to pay.')
      expect((await get().api('p_bookings', { headers: c.headers })).json.upcoming).toEqual([])
      expect(await creditLeft(get(), c)).toBe(300)
    })

    it('sixty bookings at once over twenty days, with credit for two: two are booked, and the credit is spent once', async () => {
      const c = await customer()
      await creditOnAccount(get(), c, 720)
      const days = Array.from({ length: 60 }, (_, i) => new Date(Date.parse('2026-11-25') + (i % 20) * DAY_MS).toISOString().slice(0, 10))
      const time = nextTime()
      const answers = await Promise.all(days.map((day) => book(c, day, time)))
      const booked = answers.filter((a) => a.status === 201)
      expect(booked).toHaveLength(2)
      expect(answers.filter((a) => a.status === 402).length).toBeGreaterThan(0)
      expect(answers.every((a) => [201, 402, 409].includes(a.status))).toBe(true)
      expect(await creditLeft(get(), c)).toBe(0)
      const paid = await get()
        .db.select()
        .from(schema.payments)
        .where(and(eq(schema.payments.sub, c.sub), eq(schema.payments.provider, 'credit')))
      expect(paid.map((p) => p.bookingId).sort()).toEqual(booked.map((a) => a.json.booking.id).sort())
    })

    it('cancelling gives the credit back, and the customer is told', async () => {
      const c = await customer()
      await creditOnAccount(get(), c, 500)
      const booked = await book(c, '2026-11-26')
      const cancelled = await get().api(`session/${booked.json.booking.id}`, { method: 'POST', headers: c.headers })
      expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200)
      expect(cancelled.json.message).toBe(
        `Your session on Thursday 26 November 2026 at ${booked.json.booking.time} is cancelled. £3.60 is back on your account as gift voucher credit.`,
      )
      expect(await creditLeft(get(), c)).toBe(500)
      expect(await creditPayments(booked.json.booking.id)).toMatchObject([{ status: 'refunded' }])
      await createWorker({ ...get().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()
      const sent = await outboxMessages(get().app, c.phone)
      expect(sent.map((m) => m.body).join('\n')).toContain('£3.60 is back on your account as gift voucher credit.')
    })

    it('credit given back after its last day stays expired; the salon cancelling says so', async () => {
      const c = await customer()
      await creditOnAccount(get(), c, 400, 2 * DAY_MS)
      const booked = await book(c, '2026-11-28')
      clock.set(Date.parse(START) + 3 * DAY_MS)
      try {
        const desk = await staffUser(get(), { role: 'staff', passwords: fastPasswords })
        const cancelled = await get().api(`staff/bookings/${booked.json.booking.id}/cancel`, { body: { reason: 'Lamp failed' }, headers: desk.headers })
        expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200)
        expect(cancelled.json.message).toContain('£3.60 of it came from credit that has expired since, so it stays expired.')
        const [lot] = await get().db.select().from(schema.creditLots).where(eq(schema.creditLots.sub, c.sub))
        expect(lot!.remainingPence).toBe(400)
        expect(lot!.expiresAt.getTime()).toBeLessThan(clock.now())
      } finally {
        clock.set(START)
      }
    })

    it('the desk takes payment from the credit under the same rule, not in the takings; the owner undoes it and the credit is back', async () => {
      const c = await customer()
      await creditOnAccount(get(), c, 400)
      const session = await inSalon(c, '2026-11-24')
      const takingsBefore = (await get().api('staff/counter/takings', { headers: staff.headers })).json.totalPence
      const paid = await take(session.id, 'credit')
      expect(paid.status, JSON.stringify(paid.json)).toBe(200)
      expect(paid.json.message).toBe(`£3.60 taken from the gift voucher credit for ${session.customer.name}’s session.`)
      expect(paid.json.booking.payment).toMatchObject({ method: 'credit', pricePence: 360, paidAtDesk: { method: 'credit' } })
      expect(await creditLeft(get(), c)).toBe(40)
      expect((await get().api('staff/counter/takings', { headers: staff.headers })).json.totalPence).toBe(takingsBefore)
      // Nor in the owner's money per method: what credit pays is no money in.
      const report = await get().api('staff/reports/sales?from=2026-11-24&to=2026-11-24', { headers: owner.headers })
      expect(report.status).toBe(200)
      expect(report.json.takings.map((m: { method: string }) => m.method).sort()).toEqual(['card_terminal', 'cash', 'online_card'])
      expect(report.json.takings.reduce((sum: number, m: { grossPence: number }) => sum + m.grossPence, 0)).toBe(0)
      expect(await take(session.id, 'credit')).toMatchObject({ status: 409, json: { message: PAYMENT_MESSAGES.alreadyPaid } })
      expect(await take(session.id, 'cash')).toMatchObject({ status: 409, json: { message: PAYMENT_MESSAGES.alreadyPaid } })

      const undone = await undo(session.id)
      expect(undone.status, JSON.stringify(undone.json)).toBe(200)
      expect(undone.json.message).toBe("The payment is undone: £3.60 is back as the customer's gift voucher credit. The session is to be paid again.")
      expect(undone.json.booking.payment).toMatchObject({ method: 'in_salon', paidAtDesk: null })
      expect(await creditLeft(get(), c)).toBe(400)
      const audit = await get()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.subjectId, session.id), eq(schema.staffAuditLog.action, 'booking.payment-undone')))
      expect(audit[0]!.after).toEqual({ creditBackPence: 360, creditExpiredPence: 0 })
    })

    it('the desk is refused when the credit is short, and on a session paid with credit online', async () => {
      const c = await customer()
      await creditOnAccount(get(), c, 100)
      const session = await inSalon(c, '2026-11-24')
      expect(await take(session.id, 'credit')).toMatchObject({ status: 402, json: { message: SESSION_CREDIT_MESSAGES.desk.short(100, 360) } })
      expect(await creditLeft(get(), c)).toBe(100)
      const d = await customer()
      await creditOnAccount(get(), d, 400)
      const online = await book(d, '2026-11-27')
      expect(await take(online.json.booking.id, 'credit')).toMatchObject({ status: 409, json: { message: PAYMENT_MESSAGES.onCredit } })
    })

    it('sixty desks taking one session from the credit at once take it once', async () => {
      const c = await customer()
      await creditOnAccount(get(), c, 2000)
      const session = await inSalon(c, '2026-11-24')
      const answers = await Promise.all(Array.from({ length: 60 }, () => take(session.id, 'credit')))
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
      expect(await creditLeft(get(), c)).toBe(1640)
      expect(await creditPayments(session.id)).toHaveLength(1)
    })

    it('the owner refunds a package paid with credit: the credit comes back, not money to a card', async () => {
      const c = await customer()
      await creditOnAccount(get(), c, 5000)
      const bought = await get().api('p_account/credit/purchase', {
        body: { packageId: 'glow-60' },
        headers: { ...c.headers, 'idempotency-key': crypto.randomUUID() },
      })
      expect(bought.status).toBe(201)
      expect(await creditLeft(get(), c)).toBe(1700)
      const [payment] = await get()
        .db.select()
        .from(schema.payments)
        .where(and(eq(schema.payments.sub, c.sub), eq(schema.payments.provider, 'credit')))
      const refunded = await get().api('staff/counter/refunds', { body: { paymentId: payment!.id, reason: 'Changed their mind' }, headers: owner.headers })
      expect(refunded.status, JSON.stringify(refunded.json)).toBe(200)
      expect(refunded.json).toMatchObject({ method: 'credit', amountPence: 3300, minutesRemoved: 60 })
      expect(refunded.json.message).toContain("£33.00 goes back to the customer's gift voucher credit.")
      expect(await creditLeft(get(), c)).toBe(5000)
      expect(await balanceOf(get(), c)).toBe(0)
      const jobs = await get()
        .db.select()
        .from(schema.jobs)
        .where(eq(schema.jobs.key, `refund:${payment!.id}`))
      expect(jobs).toEqual([])
    })

    it('the desk buys a package for a customer with their credit, under the rule of their own purchase, once per key, in the audit log', async () => {
      const c = await customer()
      await creditOnAccount(get(), c, 4000)
      const buy = (body: object, sub = c.sub) => get().api(`staff/customers/${sub}/credit/purchase`, { body, headers: staff.headers })
      const key = crypto.randomUUID()
      const bought = await buy({ packageId: 'glow-60', idempotencyKey: key })
      expect(bought.status, JSON.stringify(bought.json)).toBe(201)
      expect(bought.json).toMatchObject({ creditPence: 700, created: true, message: "Glow 60 is on the customer's balance, paid with £33.00 of their credit." })
      expect(await balanceOf(get(), c)).toBe(60)
      expect(await buy({ packageId: 'glow-60', idempotencyKey: key })).toMatchObject({ status: 200, json: { created: false, creditPence: 700 } })
      expect(await balanceOf(get(), c)).toBe(60)
      expect(await buy({ packageId: 'glow-60', idempotencyKey: crypto.randomUUID() })).toMatchObject({
        status: 409,
        json: { message: DESK_CREDIT_MESSAGES.notEnough },
      })
      expect(await creditLeft(get(), c)).toBe(700)
      expect(await buy({ packageId: 'glow-60', idempotencyKey: crypto.randomUUID() }, crypto.randomUUID())).toMatchObject({
        status: 404,
        json: { message: DESK_CREDIT_MESSAGES.noCustomer },
      })
      expect((await buy({ packageId: 'glow-60', idempotencyKey: 'short' })).status).toBe(400)
      const audit = await get()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.subjectId, c.sub), eq(schema.staffAuditLog.action, 'credit.purchase')))
      expect(audit).toHaveLength(1)
      expect(audit[0]!.after).toMatchObject({ packageId: 'glow-60', amountPence: 3300 })
    })

    it('twenty desks buying with credit for one package at once buy it once; another salon’s staff reach neither the credit nor the session', async () => {
      const c = await customer()
      await creditOnAccount(get(), c, 4000)
      const buy = (headers: Headers) =>
        get().api(`staff/customers/${c.sub}/credit/purchase`, { body: { packageId: 'glow-60', idempotencyKey: crypto.randomUUID() }, headers })
      const answers = await Promise.all(Array.from({ length: 20 }, () => buy(staff.headers)))
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
      expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409 && a.json.message === DESK_CREDIT_MESSAGES.notEnough)).toBe(true)
      expect(await balanceOf(get(), c)).toBe(60)
      expect(await creditLeft(get(), c)).toBe(700)

      const other = await staffUser(get(), { role: 'owner', shopId: (await createShop(get().db)).id, passwords: fastPasswords })
      // Another salon's owner is refused at this salon's door, whatever they ask.
      expect((await buy(other.headers)).status).toBe(403)
      expect((await get().api(`staff/customers/${c.sub}/credit`, { headers: other.headers })).status).toBe(403)
      const session = await inSalon(c, '2026-11-24')
      expect((await take(session.id, 'credit', other.headers)).status).toBe(403)
      const sheet = await get().api('staff/day?date=2026-11-24', { headers: staff.headers })
      expect(sheet.json.bookings.find((b: { id: string }) => b.id === session.id).payment).toMatchObject({ method: 'in_salon', paidAtDesk: null })
      // A customer's own token opens no staff route.
      expect(
        (
          await get().api(`staff/customers/${c.sub}/credit/purchase`, {
            body: { packageId: 'glow-60', idempotencyKey: crypto.randomUUID() },
            headers: c.headers,
          })
        ).status,
      ).toBe(403)
      expect(await creditLeft(get(), c)).toBe(700)
    })
  },
  { deps: () => ({ now: clock.now, passwords: fastPasswords }), shop: SHOP },
)
