import { healthQuestionsVersion } from '@salon/contracts/rules/health-questions'
import { and, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { ALL_NO, balanceOf, bearer, cognitoClient, credit, newPhone, shopCustomer, signIn } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { createShop, type ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'
import { PAYMENT_MESSAGES } from './session-payments.service.ts'

/** The photo ID seen at the desk and the health questions gone through there, all "no" (docs/product.md §4.15, §10.2). */
const PASSPORT = { document: 'passport' }
const DESK_ANSWERS = { version: healthQuestionsVersion(1), answers: ALL_NO }
/** Tuesday 24 November 2026, 09:00 GMT: the salon's day begins. */
const START = '2026-11-24T09:00:00Z'
const clock = testClock(START)
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
  closures: [],
  rules: { firstSessionMaxMinutes: 6, minHoursBetweenSessions: 24, payInSalon: true, leadTimeMinutes: 0 },
  bedTypes: [
    { code: 'lay-down', perMinutePence: 60 },
    { code: 'stand-up', perMinutePence: 70 },
  ],
  beds: [
    { id: 'pay-a', type: 'lay-down', name: 'Lay-down A', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 },
    { id: 'pay-b', type: 'stand-up', name: 'Booth B', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 },
  ],
} satisfies ShopInput

type Headers = Record<string, string>

/** docs/product.md §10.2, §10.3: a session to be paid in the salon, paid at the desk; the day's takings and its cash-up. */
describeApi(
  'taking payment at the desk, and the cash-up',
  (get) => {
    let owner: StaffUser
    let staff: StaffUser
    let times = 0
    beforeAll(async () => {
      clock.set(START)
      owner = await staffUser(get(), { role: 'owner', name: 'Olive Owner', passwords: fastPasswords })
      staff = await staffUser(get(), { role: 'staff', name: 'Sam Staff', passwords: fastPasswords })
    })

    /** A walk-in for someone new, to pay in the salon, today at a time of its own: 6 minutes on Lay-down A cost £3.60. */
    const session = async (input: { bedId?: string; paidWith?: 'in_salon' | 'balance'; sub?: string } = {}) => {
      const time = `${String(10 + Math.floor(times / 4)).padStart(2, '0')}:${String((times++ % 4) * 15).padStart(2, '0')}`
      const customer = input.sub
        ? { sub: input.sub }
        : { new: { firstName: 'Pia', lastName: 'Payer', phone: newPhone().typed, dob: '1988-02-03', skinType: 3, health: DESK_ANSWERS } }
      const answer = await get().api('staff/bookings', {
        body: { customer, bedId: input.bedId ?? 'pay-a', date: '2026-11-24', time, minutes: 6, paidWith: input.paidWith ?? 'in_salon', idCheck: PASSPORT },
        headers: staff.headers,
      })
      expect(answer.status, JSON.stringify(answer.json)).toBe(201)
      return answer.json.booking as { id: string; customer: { sub: string; name: string } }
    }
    const take = (id: string, method: string, headers: Headers = staff.headers) => get().api(`staff/bookings/${id}/payment`, { body: { method }, headers })
    const undo = (id: string, body: object, headers: Headers = owner.headers) => get().api(`staff/bookings/${id}/payment/undo`, { body, headers })
    const takings = (query = '') => get().api(`staff/counter/takings${query}`, { headers: staff.headers })
    const cashUp = (body: object, headers: Headers = staff.headers) => get().api('staff/counter/cash-up', { body, headers })
    const method = (json: Record<string, unknown>, name: string) =>
      (json.methods as { method: string }[]).find((m) => m.method === name) as unknown as {
        salesPence: number
        sessions: number
        sessionsPence: number
        refundsPence: number
      }
    const deskPayments = (bookingId: string) => get().db.select().from(schema.payments).where(eq(schema.payments.bookingId, bookingId))
    const audit = (id: string, action: string) =>
      get()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.subjectId, id), eq(schema.staffAuditLog.action, action)))

    it('takes cash for a session once: the day sheet shows who took it, the takings count it, and a second try is refused', async () => {
      clock.set(START)
      const before = (await takings()).json
      const booked = await session()
      expect((await takings()).json.unpaidSessions).toEqual({ count: before.unpaidSessions.count + 1, pence: before.unpaidSessions.pence + 360 })

      const paid = await take(booked.id, 'cash')
      expect(paid.status, JSON.stringify(paid.json)).toBe(200)
      expect(paid.json.message).toBe(`£3.60 taken in cash for ${booked.customer.name}’s session.`)
      expect(paid.json.booking.payment).toEqual({
        method: 'in_salon',
        pricePence: 360,
        paidAtDesk: { method: 'cash', at: '2026-11-24T09:00:00+00:00', by: 'Sam Staff' },
      })
      expect(await deskPayments(booked.id)).toEqual([
        expect.objectContaining({ provider: 'cash', purpose: 'session', status: 'succeeded', amountPence: 360, recordedBy: staff.sub }),
      ])
      expect(await audit(booked.id, 'booking.paid')).toEqual([expect.objectContaining({ after: { method: 'cash', amountPence: 360 } })])

      const after = (await takings()).json
      expect(method(after, 'cash').salesPence - method(before, 'cash').salesPence).toBe(360)
      expect(method(after, 'cash').sessionsPence - method(before, 'cash').sessionsPence).toBe(360)
      expect(method(after, 'cash').sessions - method(before, 'cash').sessions).toBe(1)
      expect(after.unpaidSessions).toEqual(before.unpaidSessions)

      expect(await take(booked.id, 'card_terminal')).toMatchObject({ status: 409, json: { message: PAYMENT_MESSAGES.alreadyPaid } })
      expect(await deskPayments(booked.id)).toHaveLength(1)
      // A desk payment of a session is undone from the session, never refunded as a counter sale.
      const [row] = await deskPayments(booked.id)
      expect(await get().api('staff/counter/refunds', { body: { paymentId: row?.id, reason: 'wrong' }, headers: owner.headers })).toMatchObject({
        status: 422,
        json: { message: 'This payment is for a session paid at the desk: the owner undoes it from the session on the day sheet.' },
      })
    })

    it('takes the minutes from the balance instead, when they cover the session; too few are refused with what there is', async () => {
      clock.set(START)
      const customer = await shopCustomer(get())
      const booked = await session({ sub: customer.sub })
      expect(await take(booked.id, 'balance')).toMatchObject({
        status: 402,
        json: {
          message:
            "The customer's balance has 0 minutes for lay-down sunbeds and this session needs 6. Take cash or card instead, or sell them a package first.",
        },
      })
      await credit(get(), customer, 10, { bedTypes: ['lay-down'] })
      const paid = await take(booked.id, 'balance')
      expect(paid.status, JSON.stringify(paid.json)).toBe(200)
      expect(paid.json.message).toBe(`6 minutes taken from the balance for ${booked.customer.name}’s session.`)
      expect(paid.json.booking.payment).toMatchObject({ method: 'balance', minutes: 6, paidAtDesk: { method: 'balance', by: 'Sam Staff' } })
      expect(await balanceOf(get(), customer)).toBe(4)
      expect(await deskPayments(booked.id)).toEqual([])

      // Undone by the owner: the minutes go back, and the session is to be paid in the salon again.
      expect(await undo(booked.id, { reason: 'Paid by card in the end' }, staff.headers)).toMatchObject({ status: 403 })
      expect(await undo(booked.id, { reason: '  ' })).toMatchObject({ status: 400 })
      const undone = await undo(booked.id, { reason: 'Paid by card in the end' })
      expect(undone.status, JSON.stringify(undone.json)).toBe(200)
      expect(undone.json.message).toBe('The payment is undone: 6 minutes are back on the balance. The session is to be paid again.')
      expect(undone.json.booking.payment).toEqual({ method: 'in_salon', pricePence: 360, paidAtDesk: null })
      expect(await balanceOf(get(), customer)).toBe(10)
      expect(await audit(booked.id, 'booking.payment-undone')).toEqual([expect.objectContaining({ reason: 'Paid by card in the end' })])
      expect(await undo(booked.id, { reason: 'Again' })).toMatchObject({ status: 409, json: { message: PAYMENT_MESSAGES.notPaid } })
      expect((await take(booked.id, 'card_terminal')).status).toBe(200)
    })

    it('an undone cash payment shows as given back in the takings; what is paid already or not to be paid at the desk is refused', async () => {
      clock.set(START)
      const booked = await session({ bedId: 'pay-b' })
      expect((await take(booked.id, 'cash')).status).toBe(200)
      const before = (await takings()).json
      const undone = await undo(booked.id, { reason: 'Took it twice' })
      expect(undone.json.message).toBe("The payment is undone: £4.20 shows as given back in today's takings. The session is to be paid again.")
      const after = (await takings()).json
      expect(method(after, 'cash').refundsPence - method(before, 'cash').refundsPence).toBe(420)
      expect(await deskPayments(booked.id)).toEqual([expect.objectContaining({ status: 'refunded' })])
      // Paid again after the undo: a new payment, the one given back stays as it is.
      expect((await take(booked.id, 'cash')).status).toBe(200)
      expect((await deskPayments(booked.id)).map((p) => p.status).sort()).toEqual(['refunded', 'succeeded'])

      const customer = await shopCustomer(get())
      await credit(get(), customer, 20)
      const onBalance = await session({ sub: customer.sub, paidWith: 'balance' })
      expect(await take(onBalance.id, 'cash')).toMatchObject({ status: 409, json: { message: PAYMENT_MESSAGES.onBalance } })
      const gone = await session()
      expect((await get().api(`staff/bookings/${gone.id}/cancel`, { body: {}, headers: staff.headers })).status).toBe(200)
      expect(await take(gone.id, 'cash')).toMatchObject({ status: 409, json: { message: PAYMENT_MESSAGES.cancelled } })
      const missed = await session()
      expect((await get().api(`staff/bookings/${missed.id}/status`, { method: 'PUT', body: { status: 'no_show' }, headers: staff.headers })).status).toBe(200)
      expect(await take(missed.id, 'cash')).toMatchObject({ status: 409, json: { message: PAYMENT_MESSAGES.noShow } })
      expect(await take(booked.id, 'cheque')).toMatchObject({
        status: 400,
        json: { message: 'Please check the request: method must be cash, card_terminal, balance or credit.' },
      })
      expect((await take('7d0e7c5e-0000-4000-8000-000000000000', 'cash')).status).toBe(404)

      // A member of another salon's staff is refused here, whoever's session it is.
      const other = await createShop(get().db)
      const stranger = await staffUser(get(), { role: 'owner', shopId: other.id, passwords: fastPasswords })
      expect((await take(booked.id, 'cash', stranger.headers)).status).toBe(403)
    })

    it('cashes up a day once: the float and the counts against the takings, the difference, and who closed it', async () => {
      clock.set('2026-11-25T09:00:00Z')
      // A day later: the members sign in again (identity tokens last an hour of the app's clock).
      const again = async (member: StaffUser) => ({ ...member, headers: bearer(await signIn(cognitoClient(get().app), member.phone, member.password)) })
      staff = await again(staff)
      owner = await again(owner)
      const first = await get().api('staff/bookings', {
        body: {
          customer: { new: { firstName: 'Cai', lastName: 'Cash', phone: newPhone().typed, dob: '1980-01-01', skinType: 3, health: DESK_ANSWERS } },
          bedId: 'pay-a',
          date: '2026-11-25',
          time: '10:00',
          minutes: 6,
          paidWith: 'in_salon',
          idCheck: PASSPORT,
        },
        headers: staff.headers,
      })
      expect((await take(first.json.booking.id, 'cash')).status).toBe(200)
      clock.set('2026-11-25T18:00:00Z')
      staff = await again(staff)
      owner = await again(owner)
      expect(await cashUp({ date: '2026-11-26', floatPence: 5000, countedCashPence: 5360, countedCardPence: 0 })).toMatchObject({
        status: 422,
        json: { message: 'A day can be cashed up on the day or after it, not before.' },
      })
      expect(await cashUp({ floatPence: -1, countedCashPence: 0, countedCardPence: 0 })).toMatchObject({ status: 400 })
      const closed = await cashUp({ floatPence: 5000, countedCashPence: 5340, countedCardPence: 0, note: 'Till short by 20p' })
      expect(closed.status, JSON.stringify(closed.json)).toBe(200)
      expect(closed.json.message).toBe('Wednesday 25 November 2026 is cashed up. Cash: £0.20 short. Card terminal: exactly right.')
      expect(closed.json.cashUp).toEqual({
        date: '2026-11-25',
        floatPence: 5000,
        cash: { countedPence: 5340, expectedPence: 5360, differencePence: -20 },
        card: { countedPence: 0, expectedPence: 0, differencePence: 0 },
        note: 'Till short by 20p',
        closedAt: '2026-11-25T18:00:00+00:00',
        closedBy: 'Sam Staff',
        afterPence: 0,
      })
      expect(await cashUp({ floatPence: 5000, countedCashPence: 5360, countedCardPence: 0 }, owner.headers)).toMatchObject({
        status: 409,
        json: { message: 'Wednesday 25 November 2026 was cashed up at 18:00 by Sam Staff.' },
      })

      // A session paid after the close shows apart, and the takings of the day and of a range carry the cash-up.
      clock.set('2026-11-25T18:30:00Z')
      staff = await again(staff)
      const late = await get().api('staff/bookings', {
        body: {
          customer: { new: { firstName: 'Lou', lastName: 'Late', phone: newPhone().typed, dob: '1980-01-01', skinType: 3, health: DESK_ANSWERS } },
          bedId: 'pay-b',
          date: '2026-11-25',
          time: '18:30',
          minutes: 6,
          paidWith: 'in_salon',
          idCheck: PASSPORT,
        },
        headers: staff.headers,
      })
      expect(late.status, JSON.stringify(late.json)).toBe(201)
      expect((await take(late.json.booking.id, 'card_terminal')).status).toBe(200)
      const day = (await takings('?date=2026-11-25')).json
      expect(day.cashUps).toEqual([expect.objectContaining({ date: '2026-11-25', afterPence: 420 })])
      const range = await takings('?from=2026-11-24&to=2026-11-25')
      expect(range.json).toMatchObject({ from: '2026-11-24', to: '2026-11-25', cashUps: [expect.objectContaining({ date: '2026-11-25' })] })
      expect(method(range.json, 'cash').sessionsPence).toBeGreaterThan(method(day, 'cash').sessionsPence)
      // The owner's sales report and its CSV file carry the cash-up.
      const report = await get().api('staff/reports/sales?from=2026-11-25&to=2026-11-25', { headers: owner.headers })
      expect(report.json.cashUps).toEqual([expect.objectContaining({ date: '2026-11-25', closedBy: 'Sam Staff' })])
      const file = await get().app.request('/api/staff/exports/cash-ups.csv?from=2026-11-25&to=2026-11-25', {
        headers: { ...get().shop.headers, ...owner.headers },
      })
      expect(file.status).toBe(200)
      const lines = (await file.text()).replace(/^\uFEFF/, '').split('\r\n')
      expect(lines[0]).toBe(
        'Date,Float (£),Cash counted (£),Cash expected (£),Cash difference (£),Card terminal counted (£),Card terminal expected (£),Card terminal difference (£),Taken after the close (£),Closed by,Closed at,Note',
      )
      expect(lines[1]).toBe('2026-11-25,50.00,53.40,53.60,-0.2,0.00,0.00,0,4.2,Sam Staff,2026-11-25T18:00:00+00:00,Till short by 20p')
      expect(
        (await get().app.request('/api/staff/exports/cash-ups.csv?from=2026-11-25&to=2026-11-25', { headers: { ...get().shop.headers, ...staff.headers } }))
          .status,
      ).toBe(403)
      expect(await takings('?from=2026-11-25')).toMatchObject({ status: 400 })
      expect(await takings('?from=2026-11-25&to=2026-11-24')).toMatchObject({ status: 400 })
      expect(await takings('?from=2025-01-01&to=2026-11-25')).toMatchObject({ status: 422, json: { message: 'Please choose at most 366 days.' } })
    })
  },
  { deps: () => ({ now: clock.now, passwords: fastPasswords }), shop: SHOP },
)
