import { gunzipSync } from 'node:zlib'
import { PreloadTimesResponse, SessionsResponse, type TimeSlot } from '@salon/contracts/booking'
import { schema, sql } from '@salon/db'
import { expect, it } from 'vitest'
import { shopCustomer, shopCustomers, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { eventually } from '../../test/eventually.ts'
import { anotherProcess, describeApi, type TestApp } from '../../test/harness.ts'

/**
 * Free times are kept in memory (availability-cache.ts) and must never offer a slot that is taken. These suites
 * keep answers for up to an hour, so only the change or the moment under test can drop one.
 */
const HOUR = 3_600_000
/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)

/** Open 09:00–18:00 every day, without closures; three beds that take six-minute sessions; no minimum interval. */
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '18:00' })),
  closures: [],
  rules: { slotStepMinutes: 15, leadTimeMinutes: 60, horizonDays: 28, firstSessionMaxMinutes: 6, minHoursBetweenSessions: 0, payInSalon: true },
  beds: ['lay-down', 'stand-up', 'high-pressure'].map((type, i) => ({
    id: `kept-bed-${i + 1}`,
    type,
    minMinutes: 3,
    maxMinutes: 12,
    cleaningBufferMinutes: 5,
  })),
} satisfies ShopInput
const [BED_1, BED_2, BED_3] = SHOP.beds.map((b) => b.id) as [string, string, string]

const deps = () => ({ now: clock.now, passwords: fastPasswords, availabilityCacheMs: HOUR })

/** The ids of the beds a day's answer offers at a time ([] when the time is not offered). */
const bedsAt = (times: TimeSlot[] | undefined, time: string) => times?.find((s) => s.time === time)?.bedIds ?? []

function calls(t: () => TestApp) {
  const preload = async () => {
    const response = await t().api('p_preload_times')
    expect(response.status).toBe(200)
    return PreloadTimesResponse.parse(response.json)
  }
  const sessions = async (date: string, extra: object = {}) => {
    const response = await t().api('p_sessions', { body: { date, minutes: 6, ...extra } })
    expect(response.status).toBe(200)
    return SessionsResponse.parse(response.json)
  }
  const book = (customer: { headers: Record<string, string> }, date: string, time: string, bedId: string) =>
    t().api('p_book', { body: { date, time, minutes: 6, bedId }, headers: customer.headers })
  /** Answers are kept only once the app follows the database's notifications. */
  const following = async () => {
    await eventually(
      async () => t().app.availability.listening,
      (on) => on,
    )
    expect(t().app.availability.listening).toBe(true)
  }
  /**
   * Runs `work` with the database's announcements of booking changes switched off, so only this process's own
   * invalidation can keep its answers right (the notifications would otherwise often arrive in time too).
   */
  const unannounced = async <T>(work: () => Promise<T>): Promise<T> => {
    const triggers = ['insert', 'update', 'delete'].map((op) => sql.identifier(`bookings_availability_${op}`))
    await t().db.execute(
      sql`alter table bookings ${sql.join(
        triggers.map((name) => sql`disable trigger ${name}`),
        sql`, `,
      )}`,
    )
    try {
      return await work()
    } finally {
      await t().db.execute(
        sql`alter table bookings ${sql.join(
          triggers.map((name) => sql`enable trigger ${name}`),
          sql`, `,
        )}`,
      )
    }
  }
  return { preload, sessions, book, following, unannounced }
}

describeApi(
  'free times kept in memory stay exactly right',
  (t) => {
    const { preload, sessions, book, following, unannounced } = calls(t)
    const customer = async () => {
      clock.set(START)
      return shopCustomer(t())
    }

    it('an answer is kept: a change the database does not announce is not seen until something drops it', async () => {
      await following()
      clock.set(START)
      expect(bedsAt((await sessions('2026-11-24')).times, '10:00')).toEqual([BED_1, BED_2, BED_3])
      const kept = t().app.availability.size
      expect(kept).toBeGreaterThan(0)
      // With the triggers switched off for one transaction (as a replica applies changes), nothing is announced.
      await t().db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`)
        await tx.insert(schema.closures).values({ shopId: t().shop.id, date: '2026-11-24', reason: 'Unannounced' })
      })
      expect(bedsAt((await sessions('2026-11-24')).times, '10:00')).toEqual([BED_1, BED_2, BED_3])
      // Any announced change of the shop drops its answers; then the closure shows.
      await t().db.execute(sql`update booking_rules set lead_time_minutes = lead_time_minutes where shop_id = ${t().shop.id}`)
      expect(
        (
          await eventually(
            () => sessions('2026-11-24'),
            (answer) => answer.times.length === 0,
          )
        ).times,
      ).toEqual([])
    })

    it('the answer goes to clients that take gzip compressed, and is the same answer', async () => {
      clock.set(START)
      const ask = (headers: Record<string, string>) => t().app.request('/api/p_preload_times', { headers: { ...t().shop.headers, ...headers } })
      const plain = await ask({})
      const gzipped = await ask({ 'accept-encoding': 'br, gzip;q=0.8' })
      expect(gzipped.headers.get('content-encoding')).toBe('gzip')
      expect(gzipped.headers.get('vary')).toMatch(/accept-encoding/i)
      expect(plain.headers.get('content-encoding')).toBeNull()
      const text = await plain.text()
      expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(text)
      expect(PreloadTimesResponse.parse(JSON.parse(text)).beds).toHaveLength(3)
    })

    it('a slot booked by another customer is gone from the very next answer of p_preload_times and p_sessions', async () => {
      await following()
      const other = await customer()
      const date = '2026-11-25'
      const before = await preload()
      expect(bedsAt(before.times[date], '10:00')).toEqual([BED_1, BED_2, BED_3])
      expect(bedsAt((await sessions(date)).times, '10:00')).toEqual([BED_1, BED_2, BED_3])
      expect(bedsAt((await sessions(date, { bedId: BED_2 })).times, '10:00')).toEqual([BED_2])

      await unannounced(async () => {
        expect((await book(other, date, '10:00', BED_2)).status).toBe(201)
        expect(bedsAt((await preload()).times[date], '10:00')).toEqual([BED_1, BED_3])
        expect(bedsAt((await sessions(date)).times, '10:00')).toEqual([BED_1, BED_3])
        expect(bedsAt((await sessions(date, { bedId: BED_2 })).times, '10:00')).toEqual([])
        // The cleaning buffer keeps 10:15 free (10:06 + 5 minutes), and other days did not change.
        expect(bedsAt((await sessions(date, { bedId: BED_2 })).times, '10:15')).toEqual([BED_2])
        expect((await preload()).times['2026-11-26']).toEqual(before.times['2026-11-26'])
      })
    })

    it('a cancelled booking offers its slot again in the very next answer', async () => {
      await following()
      const booker = await customer()
      const date = '2026-11-26'
      expect(bedsAt((await sessions(date)).times, '11:00')).toEqual([BED_1, BED_2, BED_3])
      await unannounced(async () => {
        const booked = await book(booker, date, '11:00', BED_1)
        expect(booked.status).toBe(201)
        expect(bedsAt((await sessions(date)).times, '11:00')).toEqual([BED_2, BED_3])
        expect(bedsAt((await preload()).times[date], '11:00')).toEqual([BED_2, BED_3])
        const cancelled = await t().api(`session/${booked.json.booking.id}`, { method: 'POST', headers: booker.headers })
        expect(cancelled.status).toBe(200)
        expect(bedsAt((await sessions(date)).times, '11:00')).toEqual([BED_1, BED_2, BED_3])
        expect(bedsAt((await preload()).times[date], '11:00')).toEqual([BED_1, BED_2, BED_3])
      })
    })

    it("the salon's own changes in SQL reach the answers: closures, beds, opening hours and booking rules", async () => {
      await following()
      clock.set(START)
      const shopId = t().shop.id
      const times = async (date: string) => (await sessions(date)).times.map((s) => s.time)
      const changes = <T>(read: () => Promise<T>, done: (value: T) => boolean) => eventually(read, done)

      expect(await times('2026-11-27')).toContain('09:00')
      await t().db.execute(sql`insert into closures (shop_id, date, reason) values (${shopId}, '2026-11-27', 'Staff training')`)
      expect(
        await changes(
          () => times('2026-11-27'),
          (list) => list.length === 0,
        ),
      ).toEqual([])

      expect((await preload()).beds.map((b) => b.id)).toEqual([BED_1, BED_2, BED_3])
      await t().db.execute(sql`update beds set active = false where id = ${BED_3}`)
      try {
        const withoutBed = await changes(preload, (answer) => answer.beds.length === 2)
        expect(withoutBed.beds.map((b) => b.id)).toEqual([BED_1, BED_2])
        expect(Object.values(withoutBed.times).every((day) => day.every((slot) => !slot.bedIds.includes(BED_3)))).toBe(true)
      } finally {
        await t().db.execute(sql`update beds set active = true where id = ${BED_3}`)
      }

      // Saturday 28 November: closing at 12:00 instead of 18:00 makes 11:45 the last start.
      expect((await times('2026-11-28')).at(-1)).toBe('17:45')
      await t().db.execute(sql`update opening_hours set closes_at = '12:00' where shop_id = ${shopId} and weekday = 6`)
      try {
        expect(
          (
            await changes(
              () => times('2026-11-28'),
              (list) => list.at(-1) === '11:45',
            )
          ).at(-1),
        ).toBe('11:45')
      } finally {
        await t().db.execute(sql`update opening_hours set closes_at = '18:00' where shop_id = ${shopId} and weekday = 6`)
      }

      expect((await times('2026-11-29')).slice(0, 3)).toEqual(['09:00', '09:15', '09:30'])
      await t().db.execute(sql`update booking_rules set slot_step_minutes = 30 where shop_id = ${shopId}`)
      try {
        expect(
          (
            await changes(
              () => times('2026-11-29'),
              (list) => list[1] === '09:30',
            )
          ).slice(0, 3),
        ).toEqual(['09:00', '09:30', '10:00'])
      } finally {
        await t().db.execute(sql`update booking_rules set slot_step_minutes = 15 where shop_id = ${shopId}`)
      }
    })

    it("a booking made through another server process on the same database reaches this one's answers", async () => {
      await following()
      const other = await customer()
      // A second app on the same database: its answers learn of the first app's bookings only from the database.
      const second = anotherProcess(t(), deps())
      const secondSessions = async (date: string) => {
        const response = await second.request('/api/p_sessions', {
          method: 'POST',
          headers: { ...t().shop.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ date, minutes: 6 }),
        })
        return SessionsResponse.parse(await response.json()).times
      }
      await eventually(
        async () => second.availability.listening,
        (on) => on,
      )
      const date = '2026-11-30'
      expect(bedsAt(await secondSessions(date), '12:00')).toEqual([BED_1, BED_2, BED_3])
      expect(second.availability.size).toBeGreaterThan(0)
      expect((await book(other, date, '12:00', BED_1)).status).toBe(201)
      const seen = await eventually(
        () => secondSessions(date),
        (times) => !bedsAt(times, '12:00').includes(BED_1),
      )
      expect(bedsAt(seen, '12:00')).toEqual([BED_2, BED_3])
    })

    it('time passing takes away a slot that falls inside the lead time, and midnight starts the next day', async () => {
      await following()
      clock.set('2026-11-23T07:59:00Z')
      // An hour's lead time: at 07:59 the first start is 09:00; a minute later it is inside the lead time.
      expect((await preload()).times['2026-11-23']![0]!.time).toBe('09:00')
      expect((await sessions('2026-11-23')).times[0]!.time).toBe('09:00')
      clock.set('2026-11-23T08:00:00Z')
      expect((await preload()).times['2026-11-23']![0]!.time).toBe('09:00')
      clock.set('2026-11-23T08:00:01Z')
      expect((await preload()).times['2026-11-23']![0]!.time).toBe('09:15')
      expect((await sessions('2026-11-23')).times[0]!.time).toBe('09:15')

      // After the last start of the day, the answer holds until the shop's midnight (GMT in November).
      clock.set('2026-11-23T23:30:00Z')
      expect(Object.keys((await preload()).times)[0]).toBe('2026-11-23')
      expect((await sessions('2026-12-21')).times.length).toBeGreaterThan(0)
      expect((await sessions('2026-12-22')).times).toEqual([])
      clock.set('2026-11-24T00:00:00Z')
      expect(Object.keys((await preload()).times)[0]).toBe('2026-11-24')
      // The horizon of 28 days moved with the day.
      expect((await sessions('2026-12-22')).times.length).toBeGreaterThan(0)
      clock.set(START)
    })

    it('many bookings of different beds, interleaved with reads of the free times, never leave a booked slot offered', async () => {
      await following()
      clock.set(START)
      const customers = await shopCustomers(t(), 20)
      const days = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']
      const times = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30']
      // Every customer books once a day, each on a bed and time of their own: all succeed.
      const wanted = customers.flatMap((c, i) => days.map((date) => ({ customer: c, date, bedId: SHOP.beds[i % 3]!.id, time: times[Math.floor(i / 3)]! })))
      let step = 0
      const confirmed: { date: string; time: string; bedId: string; at: number }[] = []
      const violations: string[] = []
      let booking = true

      async function reader(n: number) {
        let reads = 0
        while (booking || reads < 3) {
          const began = ++step
          const date = days[(n + reads) % days.length]!
          const offered = n % 2 ? (await sessions(date)).times : ((await preload()).times[date] ?? [])
          for (const b of confirmed) {
            if (b.date === date && b.at < began && bedsAt(offered, b.time).includes(b.bedId))
              violations.push(`${b.date} ${b.time} ${b.bedId} offered after it was booked`)
          }
          reads++
          // A kept answer comes back without touching the event loop: let the bookings' own work through.
          await new Promise((resolve) => setImmediate(resolve))
        }
        return reads
      }

      // Four bookings at a time, so that reads get in between them (PGlite takes its queries one at a time, in turn).
      const queue = [...wanted]
      async function booker() {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const response = await book(next.customer, next.date, next.time, next.bedId)
          expect(response.status).toBe(201)
          confirmed.push({ date: next.date, time: next.time, bedId: next.bedId, at: ++step })
        }
      }
      const reads = await unannounced(async () => {
        const readers = Promise.all([0, 1, 2, 3, 4, 5].map(reader))
        await Promise.all([booker(), booker(), booker(), booker()])
        booking = false
        return readers
      })
      expect(confirmed).toHaveLength(wanted.length)
      expect(reads.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(wanted.length)
      expect(violations).toEqual([])
      // And the answers after it all offer none of them.
      for (const date of days) {
        const offered = (await sessions(date)).times
        for (const b of confirmed.filter((c) => c.date === date)) expect(bedsAt(offered, b.time)).not.toContain(b.bedId)
      }
    }, 120_000)
  },
  { deps, shop: SHOP },
)

const HELD_BED = 'kept-held-bed'
describeApi(
  'free times kept in memory and holds for card payments',
  (t) => {
    const { sessions, book, following } = calls(t)

    it('an unpaid hold that runs out frees its slot in the next answer', async () => {
      await following()
      clock.set(START)
      const c: ShopCustomer = await shopCustomer(t())
      const booked = await book(c, '2026-11-24', '10:00', HELD_BED)
      expect(booked.json.booking).toMatchObject({ status: 'pending', holdUntil: '2026-11-23T08:10:00+00:00' })
      expect(bedsAt((await sessions('2026-11-24')).times, '10:00')).toEqual([])
      clock.set('2026-11-23T08:09:59Z')
      expect(bedsAt((await sessions('2026-11-24')).times, '10:00')).toEqual([])
      // The hold ends at 08:10: the same question now offers the bed, with nothing written to the database.
      clock.set('2026-11-23T08:10:00Z')
      expect(bedsAt((await sessions('2026-11-24')).times, '10:00')).toEqual([HELD_BED])
      // Another customer can take it, and then it is gone again.
      const other = await shopCustomer(t())
      expect((await book(other, '2026-11-24', '10:00', HELD_BED)).status).toBe(201)
      expect(bedsAt((await sessions('2026-11-24')).times, '10:00')).toEqual([])
      clock.set(START)
    })
  },
  {
    deps,
    shop: {
      hours: SHOP.hours,
      closures: [],
      rules: { payUpFront: true, payInSalon: false, minHoursBetweenSessions: 0 },
      bedTypes: [{ code: 'lay-down', perMinutePence: 60 }],
      beds: [{ id: HELD_BED, type: 'lay-down', name: 'Held bed', maxMinutes: 12, cleaningBufferMinutes: 0 }],
    },
  },
)
