import { and, eq, schema } from '@salon/db'
import { beforeEach, expect, it } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { balanceOf, credit, freshHeaders, outboxMessages, shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser } from '../../test/factories/staff.ts'
import { describeApi, type TestApp } from '../../test/harness.ts'

const logger = createLogger('silent')
const BED_A = 'waitlist-bed-a'
const BED_B = 'waitlist-bed-b'
/** Each day one start, 10:00, on each of two beds: a day is full with two bookings. */
const SHOP = {
  name: 'Bronze Test',
  phone: '01632 960555',
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '10:00', closesAt: '10:15' })),
  closures: [],
  rules: { minHoursBetweenSessions: 0, leadTimeMinutes: 30, cancellationCutoffMinutes: 60, horizonDays: 60, slotStepMinutes: 15 },
  bedTypes: [{ code: 'lay-down', perMinutePence: 60 }],
  beds: [
    { id: BED_A, type: 'lay-down', name: 'Sunbed One', maxMinutes: 12, cleaningBufferMinutes: 0 },
    { id: BED_B, type: 'lay-down', name: 'Sunbed Two', maxMinutes: 12, cleaningBufferMinutes: 0 },
  ],
} satisfies ShopInput

/** Monday 23 November 2026, 09:00 GMT */
const START = '2026-11-23T09:00:00Z'
const clock = testClock(START)

const offerTexts = async (t: TestApp, phone: string) =>
  (await outboxMessages(t.app, phone)).filter((m) => m.channel === 'sms' && /has come free/.test(m.body)).map((m) => m.body)
const tokenOf = (text: string) => /\/waitlist-offer\/([^/]+)\//.exec(text)![1]!

describeApi(
  'the waitlist for full times',
  (get) => {
    const worker = () => createWorker({ ...get().app.jobs, logger, now: clock.now })
    const book = (who: ShopCustomer, date: string, bedId: string) =>
      get().api('p_book', { body: { date, time: '10:00', minutes: 6, bedId }, headers: who.headers })
    const join = (who: ShopCustomer, date: string, from = '09:00', to = '12:00') =>
      get().api('p_account/waitlist', { body: { date, from, to, minutes: 6 }, headers: who.headers })
    const cancel = (who: ShopCustomer, bookingId: string) => get().api(`session/${bookingId}`, { method: 'POST', headers: who.headers })
    const entriesOf = (who: ShopCustomer) =>
      get()
        .db.select()
        .from(schema.waitlistEntries)
        .where(and(eq(schema.waitlistEntries.shopId, get().shop.id), eq(schema.waitlistEntries.sub, who.sub)))
    /** A full day: both beds booked at 10:00; answers the two bookings' ids and their customers. */
    async function fullDay(date: string) {
      const [x, y] = [await shopCustomer(get()), await shopCustomer(get())]
      const a = await book(x, date, BED_A)
      const b = await book(y, date, BED_B)
      expect([a.status, b.status]).toEqual([201, 201])
      return { x, y, a: a.json.booking.id as string, b: b.json.booking.id as string }
    }

    beforeEach(() => clock.set(START))

    it('lets a customer join, see and leave the waitlist; one entry a day; the rules of booking refuse it as they would the booking', async () => {
      const w = await shopCustomer(get())
      const joined = await join(w, '2026-11-24')
      expect(joined.status).toBe(201)
      expect(joined.json.message).toBe(
        "You're on the waitlist for Tuesday 24 November 2026, 09:00 to 12:00. If a time frees up, we'll text you and hold it for you for 15 minutes.",
      )
      expect((await join(w, '2026-11-24', '10:00', '11:00')).json.message).toBe(
        'You are already on the waitlist for Tuesday 24 November 2026. Leave that entry first to choose other times.',
      )
      expect((await join(w, '2026-11-25', '12:00', '11:00')).json.message).toBe('Please choose a "to" time after the "from" time.')
      const listed = await get().api('p_account/waitlist', { headers: w.headers })
      expect(listed.json.entries).toMatchObject([{ date: '2026-11-24', from: '09:00', to: '12:00', minutes: 6, status: 'waiting' }])
      const left = await get().api(`p_account/waitlist/${joined.json.entry.id}`, { method: 'DELETE', headers: w.headers })
      expect(left.json).toEqual({ message: 'You have left the waitlist for Tuesday 24 November 2026.' })
      expect((await get().api('p_account/waitlist', { headers: w.headers })).json.entries).toEqual([])
      // One session a day: a customer booked that day cannot wait for another time on it.
      const booked = await shopCustomer(get())
      expect((await book(booked, '2026-11-25', BED_A)).status).toBe(201)
      const refused = await join(booked, '2026-11-25')
      expect(refused.status).toBe(409)
      expect(refused.json.message).toMatch(/^duplicate/)
      // The health questions, as for a booking.
      const unanswered = await shopCustomer(get(), { healthAnswered: false })
      const noAnswers = await join(unanswered, '2026-11-25')
      expect(noAnswers.status).toBe(403)
      expect(noAnswers.json.message).toMatch(/^Please answer the health questions before booking/)
    })

    it('offers a cancelled time to the first who joined, holds it from everyone else, texts the link, and books it through the link once', async () => {
      const date = '2026-11-26'
      const { x, a } = await fullDay(date)
      const [first, second] = [await shopCustomer(get()), await shopCustomer(get())]
      expect((await join(first, date)).status).toBe(201)
      clock.advance(60_000)
      expect((await join(second, date)).status).toBe(201)
      expect((await cancel(x, a)).status).toBe(200)
      await Promise.all([worker().runDue(), worker().runDue()])
      await worker().runDue()
      const [text, ...more] = await offerTexts(get(), first.phone)
      expect(more).toEqual([])
      expect(text).toBe(
        `Bronze Test: a sunbed time has come free: Thu 26 Nov at 10:00 (Sunbed One, 6 minutes). It's held for you until 09:16. Book it: http://localhost:3000/waitlist-offer/${tokenOf(text!)}/`,
      )
      expect(await offerTexts(get(), second.phone)).toEqual([])
      // Held: nobody else sees it or can book it.
      const free = await get().api('p_sessions', { body: { date, minutes: 6 } })
      expect(free.json.times).toEqual([])
      const other = await shopCustomer(get())
      expect((await book(other, date, BED_A)).status).toBe(409)
      // The link works for its customer only.
      const token = tokenOf(text!)
      expect((await get().api(`p_account/waitlist/offers/${token}`, { headers: second.headers })).status).toBe(404)
      const offer = await get().api(`p_account/waitlist/offers/${token}`, { headers: first.headers })
      expect(offer.json.offer).toMatchObject({
        held: true,
        time: '10:00',
        paidWith: 'in_salon',
        message: 'Thursday 26 November 2026 at 10:00 is held for you until 09:16.',
      })
      const tries = await Promise.all(
        Array.from({ length: 5 }, () => get().api(`p_account/waitlist/offers/${token}/book`, { method: 'POST', headers: first.headers })),
      )
      expect(tries.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409])
      const booking = tries.find((r) => r.status === 201)!.json.booking
      expect(booking).toMatchObject({ date, time: '10:00', status: 'booked', paidWith: 'in_salon' })
      await worker().runDue()
      expect((await entriesOf(first))[0]!.status).toBe('booked')
      expect((await entriesOf(second))[0]!.status).toBe('waiting')
    })

    it('pays a booked offer from the balance when it covers the session', async () => {
      const date = '2026-11-27'
      const { x, a } = await fullDay(date)
      const w = await shopCustomer(get())
      await credit(get(), w, 20)
      await join(w, date)
      await cancel(x, a)
      await worker().runDue()
      const [text] = await offerTexts(get(), w.phone)
      const booked = await get().api(`p_account/waitlist/offers/${tokenOf(text!)}/book`, { method: 'POST', headers: w.headers })
      expect(booked.json.booking).toMatchObject({ status: 'booked', paidWith: 'balance' })
      expect(await balanceOf(get(), w)).toBe(14)
    })

    it('makes one offer and one booking when two cancellations free the same time at once, and none more when the offer job runs again', async () => {
      const date = '2026-11-28'
      const { x, y, a, b } = await fullDay(date)
      const w = await shopCustomer(get())
      await join(w, date)
      expect((await Promise.all([cancel(x, a), cancel(y, b), cancel(x, a)])).map((r) => r.status).sort()).toEqual([200, 200, 409])
      await Promise.all([worker().runDue(), worker().runDue(), worker().runDue()])
      const freedJobs = await get().db.select().from(schema.jobs).where(eq(schema.jobs.kind, 'waitlist.freed'))
      const mine = freedJobs.filter((j) => [a, b].some((id) => j.key!.includes(id)))
      expect(mine).toHaveLength(2)
      // The offer job run again, as after a crash: nothing more is held or texted.
      for (const job of mine) await get().app.jobs.handlers['waitlist.freed']!(job.payload as Record<string, unknown>)
      await worker().runDue()
      const offers = await get()
        .db.select()
        .from(schema.waitlistOffers)
        .innerJoin(schema.waitlistEntries, eq(schema.waitlistEntries.id, schema.waitlistOffers.entryId))
        .where(eq(schema.waitlistEntries.sub, w.sub))
      expect(offers).toHaveLength(1)
      const texts = await offerTexts(get(), w.phone)
      expect(texts).toHaveLength(1)
      const token = tokenOf(texts[0]!)
      const tries = await Promise.all(
        Array.from({ length: 4 }, () => get().api(`p_account/waitlist/offers/${token}/book`, { method: 'POST', headers: w.headers })),
      )
      expect(tries.filter((r) => r.status === 201)).toHaveLength(1)
      const rows = await get()
        .db.select()
        .from(schema.bookings)
        .where(and(eq(schema.bookings.sub, w.sub), eq(schema.bookings.status, 'booked')))
      expect(rows).toHaveLength(1)
    })

    it('lets a hold lapse after 15 minutes and offers the time to the next customer', async () => {
      const date = '2026-11-30'
      const { x, a } = await fullDay(date)
      const [first, second] = [await shopCustomer(get()), await shopCustomer(get())]
      await join(first, date)
      clock.advance(60_000)
      await join(second, date)
      await cancel(x, a)
      await worker().runDue()
      const [firstText] = await offerTexts(get(), first.phone)
      expect(firstText).toBeDefined()
      clock.advance(14 * 60_000)
      await worker().runDue()
      expect(await offerTexts(get(), second.phone)).toEqual([])
      clock.advance(2 * 60_000)
      await worker().runDue()
      await worker().runDue()
      const [secondText] = await offerTexts(get(), second.phone)
      expect(secondText).toMatch(/^Bronze Test: a sunbed time has come free: Mon 30 Nov at 10:00 \(Sunbed One, 6 minutes\)\. It's held for you until 09:32\./)
      expect((await entriesOf(first))[0]!.status).toBe('missed')
      const late = await get().api(`p_account/waitlist/offers/${tokenOf(firstText!)}/book`, { method: 'POST', headers: await freshHeaders(get(), first) })
      expect(late.status).toBe(409)
      expect(late.json.message).toBe('This offer has gone: the time was held for you for 15 minutes. Please choose another time on the booking page.')
    })

    it('ends waiting entries when their range has passed, by the sweep', async () => {
      const w = await shopCustomer(get())
      await join(w, '2026-11-23', '09:30', '10:00')
      await worker().runDue()
      expect((await entriesOf(w))[0]!.status).toBe('waiting')
      clock.set('2026-11-23T10:01:00Z')
      await worker().runDue()
      expect((await entriesOf(w))[0]!.status).toBe('lapsed')
      expect((await get().api('p_account/waitlist', { headers: await freshHeaders(get(), w) })).json.entries).toEqual([])
    })

    it('lets staff see who waits on a day with any time held, put a customer on the waitlist under the same rules, and take an entry off', async () => {
      const date = '2026-12-03'
      const staff = await staffUser(get(), { passwords: fastPasswords })
      const { x, a } = await fullDay(date)
      const [w, v] = [await shopCustomer(get(), { givenName: 'Wendy', familyName: 'Wait' }), await shopCustomer(get())]
      const added = await get().api('staff/waitlist', { body: { sub: w.sub, date, from: '09:00', to: '11:00', minutes: 6 }, headers: staff.headers })
      expect(added.status).toBe(201)
      expect(added.json.message).toBe('The customer is on the waitlist for Thursday 3 December 2026, 09:00 to 11:00: they will be texted if a time frees up.')
      const again = await get().api('staff/waitlist', { body: { sub: w.sub, date, from: '09:00', to: '11:00', minutes: 6 }, headers: staff.headers })
      expect(again.json.message).toBe('The customer is already on the waitlist for Thursday 3 December 2026.')
      // One session a day, in the staff's words.
      const booked = await get().api('staff/waitlist', { body: { sub: x.sub, date, from: '09:00', to: '11:00', minutes: 6 }, headers: staff.headers })
      expect(booked.json.message).toBe('The customer already has a session on Thursday 3 December 2026: one session a day.')
      clock.advance(60_000)
      await join(v, date)
      await cancel(x, a)
      await worker().runDue()
      const day = await get().api(`staff/waitlist?date=${date}`, { headers: staff.headers })
      expect(day.json.entries).toMatchObject([
        {
          sub: w.sub,
          customerName: 'Wendy Wait',
          from: '09:00',
          to: '11:00',
          status: 'offered',
          held: { bedName: 'Sunbed One', time: '10:00', until: '09:16' },
        },
        { sub: v.sub, status: 'waiting', held: null },
      ])
      // Taking the offered entry off lets its time go to the next customer.
      const removed = await get().api(`staff/waitlist/${day.json.entries[0].id}`, { method: 'DELETE', headers: staff.headers })
      expect(removed.json).toEqual({ message: 'The customer is off the waitlist for Thursday 3 December 2026.' })
      await worker().runDue()
      expect(await offerTexts(get(), v.phone)).toHaveLength(1)
      const audit = await get().db.select().from(schema.staffAuditLog).where(eq(schema.staffAuditLog.subjectType, 'waitlist_entry'))
      expect(audit.map((e) => e.action).sort()).toEqual(['waitlist.add', 'waitlist.remove'])
    })

    it('holds and texts nothing in the quiet hours: a time freed at night is offered at 08:00 if it is still free', async () => {
      const date = '2026-12-02'
      const { x, a } = await fullDay(date)
      const w = await shopCustomer(get())
      await join(w, date)
      clock.set('2026-12-01T21:30:00Z')
      expect((await get().api(`session/${a}`, { method: 'POST', headers: await freshHeaders(get(), x) })).status).toBe(200)
      await worker().runDue()
      expect(await offerTexts(get(), w.phone)).toEqual([])
      expect((await entriesOf(w))[0]!.status).toBe('waiting')
      clock.set('2026-12-02T07:59:00Z')
      await worker().runDue()
      expect(await offerTexts(get(), w.phone)).toEqual([])
      clock.set('2026-12-02T08:00:00Z')
      await worker().runDue()
      await worker().runDue()
      expect(await offerTexts(get(), w.phone)).toEqual([expect.stringMatching(/Wed 2 Dec at 10:00 .*held for you until 08:15/)])
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
