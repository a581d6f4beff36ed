import { randomUUID } from 'node:crypto'
import { addDays } from '@salon/contracts/dates'
import { HEALTH_QUESTIONS } from '@salon/contracts/rules/health-questions'
import { and, eq, schema, sql } from '@salon/db'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { ALL_NO, answerHealthQuestions, credit, freshHeaders, newPhone, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'
import { SAFETY_MESSAGES } from './sunbed-safety-checks.service.ts'
import { HEALTH_MESSAGES } from './sunbed-safety.service.ts'

/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const PHONE = '01632 960555'
const SHOP = {
  name: 'Safe Glow Salon',
  phone: PHONE,
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
  rules: {
    slotStepMinutes: 15,
    leadTimeMinutes: 60,
    horizonDays: 28,
    cancellationCutoffMinutes: 120,
    firstSessionMaxMinutes: 6,
    minHoursBetweenSessions: 24,
    payInSalon: true,
    payUpFront: false,
  },
  bedTypes: [{ code: 'lay-down', perMinutePence: 60 }],
  beds: [{ id: 'bed-a', type: 'lay-down', name: 'Lay-down A', minMinutes: 3, maxMinutes: 15, cleaningBufferMinutes: 5 }],
} satisfies ShopInput

type Headers = Record<string, string>

describeApi(
  'sunbed safety: health questions, skin reactions and the yearly limit',
  (get) => {
    let owner: StaffUser
    let staff: StaffUser
    beforeAll(async () => {
      clock.set(START)
      owner = await staffUser(get(), { role: 'owner', name: 'Olive Owner', passwords: fastPasswords })
      staff = await staffUser(get(), { role: 'staff', name: 'Sam Staff', passwords: fastPasswords })
    })
    afterEach(() => clock.set(START))
    /** Staff signed in on the clock as it is now (a token lasts an hour of it). */
    const signedInStaff = async () => ({
      owner: await staffUser(get(), { role: 'owner', name: 'Olive Owner', passwords: fastPasswords }),
      staff: await staffUser(get(), { role: 'staff', name: 'Sam Staff', passwords: fastPasswords }),
    })

    const newCustomer = (input: { healthAnswered?: boolean } = {}) => {
      clock.set(START)
      return shopCustomer(get(), input)
    }
    const book = (headers: Headers, date: string, time: string, minutes = 6) => get().api('p_book', { body: { date, time, minutes, bedId: 'bed-a' }, headers })
    const health = (headers: Headers) => get().api('p_account/health', { headers })
    const settings = (body: object, headers: Headers = owner.headers) => get().api('staff/sunbed-law', { method: 'PUT', body, headers })
    const DEFAULTS = { nation: 'england', reactionPauseDays: 7, yearlySessionLimit: 60 }

    it('a new customer answers the questions before booking: refused until then, kept with time and version, and in their data export', async () => {
      const customer = await newCustomer({ healthAnswered: false })
      const before = await health(customer.headers)
      expect(before.status).toBe(200)
      expect(before.json).toMatchObject({
        version: '1.1',
        state: 'due',
        answeredAt: null,
        law: { nation: 'england', name: 'England', healthMaterialBanned: false, officialLeaflet: null },
        hold: { rule: 'health-questions', message: SAFETY_MESSAGES.customer.questions },
        year: { sessions: 0, minutes: 0, limit: 60, nextPossibleOn: null },
      })
      expect(before.json.questions.map((q: { id: string }) => q.id)).toEqual(HEALTH_QUESTIONS.map((q) => q.id))
      expect(before.json.law.duties[0].cite).toMatch(/Sunbeds \(Regulation\) Act 2010/)

      expect(await book(customer.headers, '2026-11-24', '09:15')).toMatchObject({ status: 403, json: { message: SAFETY_MESSAGES.customer.questions } })

      // Every question must be answered, yes or no, to the version asked.
      const partial = await get().api('p_account/health', { body: { version: '1.1', answers: { 'red-hair': false } }, headers: customer.headers })
      expect(partial.status).toBe(400)
      const stale = await get().api('p_account/health', { body: { version: '0.9', answers: ALL_NO }, headers: customer.headers })
      expect(stale).toMatchObject({ status: 409, json: { message: 'The health questions have just changed. Please read them again and answer the new ones.' } })

      const saved = await get().api('p_account/health', { body: { version: '1.1', answers: ALL_NO }, headers: customer.headers })
      expect(saved).toMatchObject({ status: 200, json: { message: HEALTH_MESSAGES.saved, health: { state: 'clear', hold: null, dueAgainOn: '2027-11-23' } } })
      expect(await book(customer.headers, '2026-11-24', '09:15')).toMatchObject({ status: 201 })

      const exported = await get().api('p_account/data', { headers: customer.headers })
      expect(exported.json.healthAnswers).toEqual([
        { version: '1.1', answers: ALL_NO, answeredAt: '2026-11-23T08:00:00.000Z', takenBySalon: false, cleared: null },
      ])
      expect(exported.json.skinReactions).toEqual([])
    })

    it('one "yes" stops online booking, whichever way it would be paid, until a member of staff clears it with a reason', async () => {
      const customer = await newCustomer({ healthAnswered: false })
      const answered = await answerHealthQuestions(get(), customer, ['moles'])
      expect(answered).toMatchObject({ message: HEALTH_MESSAGES.savedYes(PHONE), health: { state: 'refer' } })
      const refusal = { status: 403, json: { message: SAFETY_MESSAGES.customer.yes(PHONE), rule: 'health-answer-yes' } }
      expect(await book(customer.headers, '2026-11-24', '10:00')).toMatchObject(refusal)
      // Paid from the balance: refused the same.
      await credit(get(), customer, 30)
      expect(await book(customer.headers, '2026-11-24', '10:00')).toMatchObject(refusal)
      // Paid by card when booked: no pending hold is made either.
      await get().db.update(schema.bookingRules).set({ payUpFront: true, payInSalon: false }).where(eq(schema.bookingRules.shopId, get().shop.id))
      try {
        const stranger = await newCustomer({ healthAnswered: false })
        await answerHealthQuestions(get(), stranger, ['pregnant'])
        expect(await book(stranger.headers, '2026-11-24', '10:00')).toMatchObject(refusal)
        const held = await get().db.select().from(schema.bookings).where(eq(schema.bookings.sub, stranger.sub))
        expect(held).toEqual([])
      } finally {
        await get().db.update(schema.bookingRules).set({ payUpFront: false, payInSalon: true }).where(eq(schema.bookingRules.shopId, get().shop.id))
      }

      // The owner's override at the desk does not let a "yes" past.
      const desk = await get().api('staff/bookings', {
        body: {
          customer: { sub: customer.sub },
          bedId: 'bed-a',
          date: '2026-11-24',
          time: '11:00',
          minutes: 6,
          paidWith: 'in_salon',
          override: { reason: 'Regular customer' },
        },
        headers: owner.headers,
      })
      expect(desk).toMatchObject({ status: 403, json: { message: SAFETY_MESSAGES.staff.yes(), rule: 'health-answer-yes', overridable: false } })

      const view = await get().api(`staff/customers/${customer.sub}/sunbed-safety`, { headers: staff.headers })
      expect(view).toMatchObject({
        status: 200,
        json: { state: 'refer', answers: [{ anyYes: true, answers: { moles: true }, recordedBy: null, cleared: null }] },
      })

      const noReason = await get().api(`staff/customers/${customer.sub}/health-clearance`, { body: { reason: ' ' }, headers: staff.headers })
      expect(noReason.status).toBe(400)
      const cleared = await get().api(`staff/customers/${customer.sub}/health-clearance`, {
        body: { reason: 'Moles checked by her GP last month; letter seen' },
        headers: staff.headers,
      })
      expect(cleared).toMatchObject({
        status: 200,
        json: {
          message: HEALTH_MESSAGES.cleared,
          safety: { state: 'cleared', answers: [{ cleared: { by: 'Sam Staff', reason: 'Moles checked by her GP last month; letter seen' } }] },
        },
      })
      const audit = await get()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.action, 'customer.health-cleared'), eq(schema.staffAuditLog.subjectId, customer.sub)))
      expect(audit).toMatchObject([{ actorName: 'Sam Staff', reason: 'Moles checked by her GP last month; letter seen' }])
      expect((await get().api(`staff/customers/${customer.sub}/health-clearance`, { body: { reason: 'Again' }, headers: staff.headers })).status).toBe(409)
      expect(await book(customer.headers, '2026-11-24', '10:00')).toMatchObject({ status: 201 })
    })

    it('at the desk, a customer without answers is refused even with the owner’s override; a new customer’s answers come with the booking', async () => {
      const customer = await newCustomer({ healthAnswered: false })
      const base = { bedId: 'bed-a', date: '2026-11-25', minutes: 6, paidWith: 'in_salon', idCheck: { document: 'passport' } }
      const refused = await get().api('staff/bookings', {
        body: { ...base, time: '12:00', customer: { sub: customer.sub }, override: { reason: 'In a hurry' } },
        headers: owner.headers,
      })
      expect(refused).toMatchObject({ status: 403, json: { message: SAFETY_MESSAGES.staff.questions, rule: 'health-questions', overridable: false } })

      const taken = await get().api(`staff/customers/${customer.sub}/health-answers`, { body: { version: '1.1', answers: ALL_NO }, headers: staff.headers })
      expect(taken).toMatchObject({
        status: 200,
        json: { message: HEALTH_MESSAGES.staffRecorded, safety: { state: 'clear', answers: [{ recordedBy: 'Sam Staff' }] } },
      })
      expect((await get().api('staff/bookings', { body: { ...base, time: '12:00', customer: { sub: customer.sub } }, headers: staff.headers })).status).toBe(
        201,
      )

      const newcomer = { firstName: 'Wyn', lastName: 'Walker', phone: newPhone().typed, dob: '1985-06-01', skinType: 3 }
      const without = await get().api('staff/bookings', { body: { ...base, time: '13:00', customer: { new: newcomer } }, headers: staff.headers })
      expect(without).toMatchObject({ status: 403, json: { rule: 'health-questions' } })
      // Refused, so the newcomer was not kept either.
      expect(await get().db.select().from(schema.customers).where(eq(schema.customers.lastName, 'Walker'))).toEqual([])
      const withAnswers = await get().api('staff/bookings', {
        body: { ...base, time: '13:00', customer: { new: { ...newcomer, health: { version: '1.1', answers: ALL_NO } } } },
        headers: staff.headers,
      })
      expect(withAnswers.status, JSON.stringify(withAnswers.json)).toBe(201)
    })

    it('a skin reaction pauses booking for the salon’s days, tells the salon, cancels nothing, and caps the next session', async () => {
      const customer = await newCustomer()
      const first = await book(customer.headers, '2026-11-24', '11:00')
      const second = await book(customer.headers, '2026-12-10', '10:00')
      expect([first.status, second.status]).toEqual([201, 201])

      // Not before the session has taken place.
      const early = await get().api('p_account/reaction', { body: { bookingId: first.json.booking.id, kinds: ['redness'] }, headers: customer.headers })
      expect(early).toMatchObject({ status: 409, json: { message: HEALTH_MESSAGES.notYet } })

      clock.set('2026-11-25T09:00:00Z')
      const headers = await freshHeaders(get(), customer)
      const bad = await get().api('p_account/reaction', { body: { bookingId: first.json.booking.id, kinds: [] }, headers })
      expect(bad.status).toBe(400)
      const notMine = await get().api('p_account/reaction', { body: { bookingId: randomUUID(), kinds: ['redness'] }, headers })
      expect(notMine).toMatchObject({ status: 404, json: { message: HEALTH_MESSAGES.noBooking } })

      const reported = await get().api('p_account/reaction', {
        body: { bookingId: first.json.booking.id, kinds: ['redness', 'soreness'], note: 'Red on the shoulders the next morning' },
        headers,
      })
      expect(reported).toMatchObject({
        status: 201,
        json: {
          message: HEALTH_MESSAGES.reported('Wednesday 2 December 2026'),
          reaction: { kinds: ['redness', 'soreness'], pausedUntil: '2026-12-02', afterFirstSession: true, needsClearance: false, reportedBy: null },
        },
      })
      const again = await get().api('p_account/reaction', { body: { bookingId: first.json.booking.id, kinds: ['itching'] }, headers })
      expect(again).toMatchObject({ status: 409, json: { message: HEALTH_MESSAGES.already } })

      // The salon sees it; the session already booked stays.
      const list = await get().api('staff/skin-reactions', { headers: (await signedInStaff()).staff.headers })
      expect(list.json.reactions[0]).toMatchObject({
        bookingId: first.json.booking.id,
        customer: { sub: customer.sub },
        note: 'Red on the shoulders the next morning',
      })
      const mine = await get().api('p_bookings', { headers })
      expect(mine.json.upcoming.map((b: { id: string }) => b.id)).toEqual([second.json.booking.id])

      const pause = SAFETY_MESSAGES.customer.pause('Wednesday 25 November 2026', 'Wednesday 2 December 2026')
      expect(await book(headers, '2026-11-27', '10:00')).toMatchObject({ status: 409, json: { message: pause, rule: 'skin-reaction' } })
      expect(await book(headers, '2026-12-01', '10:00')).toMatchObject({ status: 409, json: { message: pause } })
      expect((await health(headers)).json.hold).toEqual({ rule: 'skin-reaction', message: pause })
      // The salon moving a booked session into the pause is refused too; the owner may let it past with a reason.
      const desk = await signedInStaff()
      const move = { bedId: 'bed-a', date: '2026-11-28', time: '10:00' }
      const moved = await get().api(`staff/bookings/${second.json.booking.id}/move`, { body: move, headers: desk.staff.headers })
      expect(moved).toMatchObject({
        status: 409,
        json: { rule: 'skin-reaction', overridable: true, message: SAFETY_MESSAGES.staff.pause('Wednesday 25 November 2026', 'Wednesday 2 December 2026') },
      })

      // A week on the clock: booking again, but the next session no longer than a first one.
      clock.set('2026-12-02T08:00:00Z')
      const later = await freshHeaders(get(), customer)
      expect((await health(later)).json.hold).toBeNull()
      expect(await book(later, '2026-12-03', '10:00', 10)).toMatchObject({
        status: 422,
        json: { message: SAFETY_MESSAGES.customer.cap(6), rule: 'reaction-cap' },
      })
      expect(await book(later, '2026-12-03', '10:00', 6)).toMatchObject({ status: 201 })
    })

    it('itching after the very first session needs a staff clearance before the next booking, whatever the days', async () => {
      const customer = await newCustomer()
      const first = await book(customer.headers, '2026-11-24', '15:00')
      expect(first.status).toBe(201)
      clock.set('2026-11-25T09:00:00Z')
      const headers = await freshHeaders(get(), customer)
      const reported = await get().api('p_account/reaction', { body: { bookingId: first.json.booking.id, kinds: ['itching'] }, headers })
      expect(reported).toMatchObject({
        status: 201,
        json: { message: HEALTH_MESSAGES.reported('Wednesday 2 December 2026') + HEALTH_MESSAGES.itching, reaction: { needsClearance: true } },
      })
      clock.set('2026-12-05T08:00:00Z')
      const later = await freshHeaders(get(), customer)
      const { owner, staff } = await signedInStaff()
      const clearance = { status: 403, json: { message: SAFETY_MESSAGES.customer.clearance(PHONE), rule: 'reaction-clearance' } }
      expect(await book(later, '2026-12-06', '10:00')).toMatchObject(clearance)
      const desk = await get().api('staff/bookings', {
        body: {
          customer: { sub: customer.sub },
          bedId: 'bed-a',
          date: '2026-12-06',
          time: '12:00',
          minutes: 6,
          paidWith: 'in_salon',
          override: { reason: 'Fine now' },
        },
        headers: owner.headers,
      })
      expect(desk).toMatchObject({ status: 403, json: { rule: 'reaction-clearance', overridable: false } })

      const id = reported.json.reaction.id as string
      const clear = await get().api(`staff/skin-reactions/${id}/clearance`, {
        body: { reason: 'Saw her GP: a reaction to a new body lotion' },
        headers: staff.headers,
      })
      expect(clear).toMatchObject({ status: 200, json: { message: HEALTH_MESSAGES.reactionClearedNow } })
      expect((await get().api(`staff/skin-reactions/${id}/clearance`, { body: { reason: 'Again' }, headers: staff.headers })).json.message).toBe(
        HEALTH_MESSAGES.reactionCleared,
      )
      expect((await get().api(`staff/skin-reactions/${randomUUID()}/clearance`, { body: { reason: 'Nothing' }, headers: staff.headers })).status).toBe(404)
      expect(await book(later, '2026-12-06', '10:00')).toMatchObject({ status: 201 })
    })

    it('staff record a reaction the customer tells them about, audited', async () => {
      const customer = await newCustomer()
      const first = await book(customer.headers, '2026-11-24', '17:00')
      clock.set('2026-11-26T09:00:00Z')
      const { staff } = await signedInStaff()
      const recorded = await get().api(`staff/customers/${customer.sub}/skin-reactions`, {
        body: { bookingId: first.json.booking.id, kinds: ['soreness'] },
        headers: staff.headers,
      })
      expect(recorded).toMatchObject({
        status: 200,
        json: { message: HEALTH_MESSAGES.staffReported('Thursday 3 December 2026'), safety: { reactions: [{ reportedBy: 'Sam Staff', kinds: ['soreness'] }] } },
      })
      const audit = await get()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.action, 'customer.skin-reaction-recorded'), eq(schema.staffAuditLog.subjectId, customer.sub)))
      expect(audit).toHaveLength(1)
      expect((await get().api(`staff/customers/${randomUUID()}/sunbed-safety`, { headers: staff.headers })).status).toBe(404)
    })

    it('the yearly limit refuses the 61st session of 12 months, saying when the next is possible; the customer sees their year', async () => {
      expect((await settings({ ...DEFAULTS, yearlySessionLimit: 60 })).status).toBe(200)
      const customer = await newCustomer()
      // Sixty sessions attended on the sixty days up to Saturday 21 November 2026.
      const first = '2026-09-23'
      const rows = Array.from({ length: 60 }, (_, i) => {
        const date = addDays(first, i)
        const startsAt = new Date(`${date}T10:00:00Z`)
        return {
          id: randomUUID(),
          shopId: get().shop.id,
          sub: customer.sub,
          bedId: 'bed-a',
          localDate: date,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 6 * 60_000),
          blockedUntil: new Date(startsAt.getTime() + 11 * 60_000),
          minutes: 6,
          pricePence: 360,
          paidWith: 'in_salon',
          status: 'attended',
        }
      })
      await get().db.insert(schema.bookings).values(rows)
      const year = (await health(customer.headers)).json
      expect(year.year).toEqual({ from: '2025-11-24', sessions: 60, minutes: 360, limit: 60, nextPossibleOn: '2027-09-23' })
      const message = SAFETY_MESSAGES.customer.yearly(60, 'Tuesday 24 November 2026', 'Thursday 23 September 2027')
      expect(await book(customer.headers, '2026-11-24', '18:00')).toMatchObject({ status: 409, json: { message, rule: 'yearly-limit' } })
      expect(year.hold).toMatchObject({ rule: 'yearly-limit' })

      // With a limit of 61, the 61st is booked and the 62nd refused.
      expect((await settings({ ...DEFAULTS, yearlySessionLimit: 61 })).status).toBe(200)
      expect(await book(customer.headers, '2026-11-24', '18:00')).toMatchObject({ status: 201 })
      expect((await book(customer.headers, '2026-11-26', '18:00')).json.rule).toBe('yearly-limit')
      expect((await settings(DEFAULTS)).status).toBe(200)
      await get().db.execute(sql`delete from bookings where sub = ${customer.sub}`)
    })

    it('the owner sets the nation: a Welsh salon shows the Welsh rules and the official leaflet; asking again makes every customer answer again', async () => {
      const customer = await newCustomer()
      expect((await settings({ ...DEFAULTS, nation: 'wales' }, staff.headers)).status).toBe(403)
      expect((await settings({ ...DEFAULTS, nation: 'brittany' })).status).toBe(400)
      expect((await settings({ ...DEFAULTS, reactionPauseDays: 0 })).status).toBe(400)
      const welsh = await settings({ ...DEFAULTS, nation: 'wales' })
      expect(welsh).toMatchObject({ status: 200, json: { nation: 'wales', law: { name: 'Wales', healthMaterialBanned: true } } })
      const law = (await health(customer.headers)).json.law
      expect(law.officialLeaflet.url).toMatch(/^https:\/\/gov\.wales\//)
      expect(law.duties.map((d: { cite: string }) => d.cite).join('\n')).toMatch(
        /Sunbeds \(Regulation\) Act 2010 \(Wales\) Regulations 2011 \(SI 2011\/1130 \(W\. 131\)\), regulation 4/,
      )
      expect(law.publishingRule).toMatch(/^In Wales the law forbids/)
      expect((await get().api('staff/sunbed-law', { headers: staff.headers })).json.law.nation).toBe('wales')

      const again = await settings({ ...DEFAULTS, askHealthQuestionsAgain: true })
      expect(again.json.healthQuestionsVersion).toBe('1.2')
      const due = await health(customer.headers)
      expect(due.json).toMatchObject({ state: 'due', version: '1.2', law: { nation: 'england' } })
      expect((await book(customer.headers, '2026-11-24', '19:00')).json.rule).toBe('health-questions')
      await answerHealthQuestions(get(), customer)
      expect((await book(customer.headers, '2026-11-24', '19:00')).status).toBe(201)
    })

    it('answers older than 12 months are asked again', async () => {
      const customer = await newCustomer()
      clock.set('2027-11-23T08:00:00Z')
      const headers = await freshHeaders(get(), customer)
      expect((await health(headers)).json.state).toBe('due')
      expect((await book(headers, '2027-11-24', '10:00')).json.rule).toBe('health-questions')
      clock.set(START)
    })

    it('erasing a customer removes their health answers and reactions', async () => {
      const customer = await newCustomer()
      await get().db.update(schema.customers).set({ erasedAt: new Date() }).where(eq(schema.customers.sub, customer.sub))
      expect(await get().db.select().from(schema.healthAnswers).where(eq(schema.healthAnswers.sub, customer.sub))).toEqual([])
    })
  },
  { deps: () => ({ now: clock.now, passwords: fastPasswords }), shop: SHOP },
)
