import { eq, schema, sql } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { healthQuestionsVersion } from '@salon/contracts/rules/health-questions'
import { ALL_NO, newPhone, shopCustomers } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { eventually } from '../../test/eventually.ts'
import { describeApi } from '../../test/harness.ts'
import { DAY_MESSAGES } from './desk-rules.ts'

/** The health questions gone through at the desk, all "no" (docs/product.md §4.15). */
const DESK_ANSWERS = { version: healthQuestionsVersion(1), answers: ALL_NO }
/** Monday 23 November 2026, 08:00 GMT */
const clock = testClock('2026-11-23T08:00:00Z')
const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
  closures: [],
  rules: { firstSessionMaxMinutes: 6, minHoursBetweenSessions: 24, payInSalon: true, leadTimeMinutes: 60 },
  beds: [
    { id: 'race-a', type: 'lay-down', name: 'Race A', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 },
    { id: 'race-b', type: 'lay-down', name: 'Race B', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5 },
  ],
} satisfies ShopInput

/** docs/product.md §10.2: the database settles a desk and a customer, or two members of staff, acting at once. */
describeApi(
  'the day sheet under concurrency',
  (get) => {
    let staff: StaffUser
    let other: StaffUser
    beforeAll(async () => {
      staff = await staffUser(get(), { role: 'staff', name: 'Sam Staff', passwords: fastPasswords })
      other = await staffUser(get(), { role: 'staff', name: 'Pat Staff', passwords: fastPasswords })
    })

    it('a walk-in and an online booking for the same bed and time at once: exactly one wins, each time', async () => {
      const customers = await shopCustomers(get(), 8)
      const times = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']
      const rounds = await Promise.all(
        times.map((time, i) =>
          Promise.all([
            get().api('staff/bookings', {
              headers: staff.headers,
              body: {
                customer: { new: { firstName: 'Walk', lastName: `In ${i}`, phone: newPhone().typed, dob: '1980-01-01', skinType: 3, health: DESK_ANSWERS } },
                bedId: 'race-a',
                date: '2026-11-24',
                time,
                minutes: 6,
                paidWith: 'in_salon',
                idCheck: { document: 'passport' },
              },
            }),
            get().api('p_book', { headers: customers[i]!.headers, body: { date: '2026-11-24', time, minutes: 6, bedId: 'race-a' } }),
          ]),
        ),
      )
      for (const [desk, online] of rounds) {
        expect([desk.status, online.status].sort()).toEqual([201, 409])
        const loser = desk.status === 409 ? desk : online
        expect(loser.json.message).toMatch(/Race A (is already|has just been) booked/)
      }
      const taken = await get().db.execute(
        sql`select count(*)::int as n from bookings where bed_id = 'race-a' and local_date = '2026-11-24' and status <> 'cancelled'`,
      )
      expect((taken as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(times.length)
    }, 60_000)

    it('two members of staff moving one session at once: one wins, the other is told it changed', async () => {
      const [customer] = await shopCustomers(get(), 1)
      const booked = await get().api('p_book', { headers: customer!.headers, body: { date: '2026-11-25', time: '10:00', minutes: 6, bedId: 'race-a' } })
      expect(booked.status).toBe(201)
      const id = booked.json.booking.id as string
      const moves = await get().db.transaction(async (tx) => {
        // The session's row is held while both moves start, so both read it as it was before either changes it.
        await tx.execute(sql`select id from bookings where id = ${id} for update`)
        const started = [
          get().api(`staff/bookings/${id}/move`, { headers: staff.headers, body: { bedId: 'race-b', date: '2026-11-25', time: '11:00' } }),
          get().api(`staff/bookings/${id}/move`, { headers: other.headers, body: { bedId: 'race-a', date: '2026-11-25', time: '12:00' } }),
        ]
        const waiting = await eventually(
          async () => {
            const result = await get().db.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
            return (result as unknown as { rows: { n: number }[] }).rows[0]!.n
          },
          (n) => n >= 2,
        )
        expect(waiting).toBeGreaterThanOrEqual(2)
        return started
      })
      const answers = await Promise.all(moves)
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
      const [won, lost] = answers[0]!.status === 200 ? answers : [answers[1]!, answers[0]!]
      expect(lost!.json.message).toBe(DAY_MESSAGES.changed)
      const [row] = await get().db.select().from(schema.bookings).where(eq(schema.bookings.id, id))
      expect(row!.bedId).toBe(won!.json.booking.bed.id)
      const audit = await get().db.execute(sql`select count(*)::int as n from staff_audit_log where subject_id = ${id} and action = 'booking.moved'`)
      expect((audit as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1)
    }, 60_000)
  },
  { deps: () => ({ now: clock.now, passwords: fastPasswords }), shop: SHOP, postgresOnly: true },
)
