import { randomUUID } from 'node:crypto'
import { eq, schema, sql } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { testClock } from '../../test/factories/doubles.ts'
import { buyPackage } from '../../test/factories/payments.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi, type TestApp } from '../../test/harness.ts'

const clock = testClock('2026-10-20T09:00:00Z')

/** Open round the clock (00:00 to 23:45 every day), so sessions fall either side of midnight when the clocks change. */
const LATE_HOURS = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '00:00', closesAt: '23:45' }))
const RULES = { firstSessionMaxMinutes: 20, minHoursBetweenSessions: 0 }

type Headers = Record<string, string>

/** A customer signed in at the clock's time (identity tokens last an hour of it), who books through the API. */
async function bookAs(t: TestApp, date: string, time: string, minutes: number, bedId: string) {
  const customer = await shopCustomer(t)
  const answer = await t.api('p_book', { body: { date, time, minutes, bedId }, headers: customer.headers })
  if (answer.status !== 201) throw new Error(`${date} ${time} was not booked: ${answer.status} ${JSON.stringify(answer.json)}`)
  return { customer, id: answer.json.booking.id as string }
}

/** Marks a session attended or a no-show, as staff at the counter do. */
const mark = (t: TestApp, id: string, status: 'attended' | 'no_show') => t.db.update(schema.bookings).set({ status }).where(eq(schema.bookings.id, id))

const zero = { attended: 0, noShow: 0, booked: 0, cancelled: 0, minutes: 0, attendedMinutes: 0 }

describeApi(
  "the owner's reports (docs/product.md §10.7)",
  (t) => {
    let owner: StaffUser
    const ownerHeaders = async () => {
      // The owner signs in again whenever the clock has moved on, as tokens last an hour of it.
      owner = await staffUser(t(), { role: 'owner' })
      return owner.headers
    }
    const report = async (name: 'bed-sessions' | 'sales', query: string, headers?: Headers) =>
      t().api(`staff/reports/${name}?${query}`, { headers: headers ?? (await ownerHeaders()) })
    const bed = (i: number) => t().shop.beds[i]!

    beforeAll(async () => {
      owner = await staffUser(t(), { role: 'owner' })
    })

    it('counts sessions per sunbed per local date and per ISO week across the October clock change', async () => {
      clock.set('2026-10-20T09:00:00Z')
      const [one, two] = [bed(0), bed(1)]
      // Saturday 24 October is British Summer Time: 00:30 is 23:30 on the 23rd in UTC.
      const a = await bookAs(t(), '2026-10-24', '00:30', 6, one.id)
      const b = await bookAs(t(), '2026-10-24', '18:00', 10, two.id)
      // Sunday 25 October has 25 hours: 00:15 is still summer time (23:15 UTC on the 24th), 23:30 is GMT.
      await bookAs(t(), '2026-10-25', '00:15', 8, one.id)
      const d = await bookAs(t(), '2026-10-25', '23:30', 12, one.id)
      const e = await bookAs(t(), '2026-10-25', '12:00', 5, two.id)
      const f = await bookAs(t(), '2026-10-26', '00:30', 7, one.id)
      // Outside the range.
      await bookAs(t(), '2026-10-23', '12:00', 6, one.id)
      await bookAs(t(), '2026-10-27', '00:15', 6, one.id)
      await mark(t(), a.id, 'attended')
      await mark(t(), b.id, 'no_show')
      await mark(t(), d.id, 'attended')
      await mark(t(), f.id, 'attended')
      expect((await t().api(`session/${e.id}`, { method: 'POST', headers: e.customer.headers })).status).toBe(200)

      const answer = await report('bed-sessions', 'from=2026-10-24&to=2026-10-26')
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
      const row = (b: { id: string; name: string }, counts: Partial<typeof zero>) => ({ bedId: b.id, bedName: b.name, ...zero, ...counts })
      expect(answer.json).toEqual({
        from: '2026-10-24',
        to: '2026-10-26',
        timeZone: 'Europe/London',
        days: [
          { date: '2026-10-24', ...row(one, { attended: 1, minutes: 6, attendedMinutes: 6 }) },
          { date: '2026-10-24', ...row(two, { noShow: 1, minutes: 10 }) },
          { date: '2026-10-25', ...row(one, { attended: 1, booked: 1, minutes: 20, attendedMinutes: 12 }) },
          { date: '2026-10-25', ...row(two, { cancelled: 1 }) },
          { date: '2026-10-26', ...row(one, { attended: 1, minutes: 7, attendedMinutes: 7 }) },
        ],
        weeks: [
          { week: '2026-W43', weekStart: '2026-10-19', ...row(one, { attended: 2, booked: 1, minutes: 26, attendedMinutes: 18 }) },
          { week: '2026-W43', weekStart: '2026-10-19', ...row(two, { noShow: 1, cancelled: 1, minutes: 10 }) },
          { week: '2026-W44', weekStart: '2026-10-26', ...row(one, { attended: 1, minutes: 7, attendedMinutes: 7 }) },
        ],
        totals: { attended: 3, noShow: 1, booked: 1, cancelled: 1, minutes: 43, attendedMinutes: 25 },
      })
    })

    it('counts the 23-hour day of the March clock change as its own date', async () => {
      clock.set('2027-03-22T09:00:00Z')
      const one = bed(0)
      const ids = [
        await bookAs(t(), '2027-03-27', '23:30', 6, one.id), // 23:30 UTC on the 27th
        await bookAs(t(), '2027-03-28', '00:30', 6, one.id), // GMT: 00:30 UTC
        await bookAs(t(), '2027-03-28', '23:30', 6, one.id), // summer time: 22:30 UTC
        await bookAs(t(), '2027-03-29', '00:30', 6, one.id), // summer time: 23:30 UTC on the 28th
      ]
      for (const { id } of ids) await mark(t(), id, 'attended')
      const answer = await report('bed-sessions', 'from=2027-03-28&to=2027-03-28')
      const counts = { bedId: one.id, bedName: one.name, ...zero, attended: 2, minutes: 12, attendedMinutes: 12 }
      expect(answer.json.days).toEqual([{ date: '2027-03-28', ...counts }])
      expect(answer.json.weeks).toEqual([{ week: '2027-W12', weekStart: '2027-03-22', ...counts }])
      const wider = await report('bed-sessions', 'from=2027-03-27&to=2027-03-29')
      expect(wider.json.days.map((d: { date: string; attended: number }) => [d.date, d.attended])).toEqual([
        ['2027-03-27', 1],
        ['2027-03-28', 2],
        ['2027-03-29', 1],
      ])
      expect(wider.json.weeks.map((w: { week: string; attended: number }) => [w.week, w.attended])).toEqual([
        ['2027-W12', 3],
        ['2027-W13', 1],
      ])
    })

    it('adds up package sales, promo codes and takings per method on the local dates money came in and went back', async () => {
      const [pkg1, pkg2, pkg3] = t().shop.packages
      const promo = t().shop.promoCodes[0]!
      const buyAt = async (at: string, packageId: string, code?: string) => {
        clock.set(at)
        const customer = await shopCustomer(t())
        const { payment } = await buyPackage(t(), customer, packageId, code)
        return { customer, paymentId: payment.id as string }
      }
      // The day of Sunday 25 October 2026 runs from 23:00 UTC on the 24th (summer time) to midnight UTC on the 26th (GMT).
      await buyAt('2026-10-24T22:30:00Z', pkg1!.id) // 23:30 on Saturday: not counted
      const kept = await buyAt('2026-10-24T23:30:00Z', pkg1!.id) // 00:30 on Sunday
      await buyAt('2026-10-25T23:30:00Z', pkg2!.id, promo.code) // 23:30 on Sunday, 10% off
      await buyAt('2026-10-26T00:15:00Z', pkg2!.id) // Monday: not counted
      const givenBack = await buyAt('2026-10-25T12:00:00Z', pkg1!.id) // refunded the same day
      const earlier = await buyAt('2026-10-20T10:00:00Z', pkg3!.id) // sold earlier, refunded on Sunday
      await refund(t(), givenBack.paymentId, '2026-10-25T15:00:00Z')
      await refund(t(), earlier.paymentId, '2026-10-25T13:00:00Z')
      const member = await staffUser(t(), { role: 'staff', name: 'Cass Counter' })
      await counterSale(t(), kept.customer, member, { provider: 'cash', packageId: pkg1!.id, amountPence: pkg1!.pricePence, at: '2026-10-25T10:00:00Z' })
      await counterSale(t(), kept.customer, member, { provider: 'card_terminal', amountPence: 500, at: '2026-10-25T11:00:00Z' })

      const answer = await report('sales', 'from=2026-10-25&to=2026-10-25')
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
      const discounted = pkg2!.pricePence - Math.round(pkg2!.pricePence / 10)
      expect(answer.json).toEqual({
        from: '2026-10-25',
        to: '2026-10-25',
        timeZone: 'Europe/London',
        products: [],
        packages: [
          { packageId: pkg1!.id, name: pkg1!.name, count: 2, revenuePence: 2 * pkg1!.pricePence },
          { packageId: pkg2!.id, name: pkg2!.name, count: 1, revenuePence: discounted },
          { packageId: null, name: 'Minutes at the counter', count: 1, revenuePence: 500 },
        ],
        promoCodes: [{ code: promo.code, uses: 1, discountPence: pkg2!.pricePence - discounted }],
        takings: [
          {
            method: 'online_card',
            payments: 3,
            grossPence: pkg1!.pricePence + discounted + pkg1!.pricePence,
            refundedPence: pkg1!.pricePence + pkg3!.pricePence,
            netPence: pkg1!.pricePence + discounted - pkg3!.pricePence,
          },
          { method: 'cash', payments: 1, grossPence: pkg1!.pricePence, refundedPence: 0, netPence: pkg1!.pricePence },
          { method: 'card_terminal', payments: 1, grossPence: 500, refundedPence: 0, netPence: 500 },
        ],
        totals: {
          grossPence: 3 * pkg1!.pricePence + discounted + 500,
          refundedPence: pkg1!.pricePence + pkg3!.pricePence,
          netPence: 2 * pkg1!.pricePence + discounted + 500 - pkg3!.pricePence,
        },
        cashUps: [],
      })

      // The day before has the Saturday sale only; a range of nothing sold answers zeros for every method.
      const saturday = await report('sales', 'from=2026-10-24&to=2026-10-24')
      expect(saturday.json.packages).toEqual([{ packageId: pkg1!.id, name: pkg1!.name, count: 1, revenuePence: pkg1!.pricePence }])
      const quiet = await report('sales', 'from=2025-01-01&to=2025-01-31')
      expect(quiet.json.takings).toEqual(
        ['online_card', 'cash', 'card_terminal'].map((method) => ({ method, payments: 0, grossPence: 0, refundedPence: 0, netPence: 0 })),
      )
    })

    it('refuses a range that is not one, with 400 and a message the owner can act on', async () => {
      clock.set('2026-11-20T09:00:00Z')
      const headers = await ownerHeaders()
      for (const name of ['bed-sessions', 'sales'] as const) {
        for (const [query, words] of [
          ['from=2026-02-30&to=2026-03-01', 'from must be a real calendar date'],
          ['from=2026-11-01&to=2026-13-01', 'to must be a real calendar date'],
          ['from=1%2F11%2F2026&to=2026-11-30', 'from must be a date written YYYY-MM-DD'],
          ['to=2026-11-30', 'from'],
          ['from=2026-11-30&to=2026-11-01', 'The last date must not be before the first. Please check the dates.'],
          ['from=2026-01-01&to=2027-01-02', 'A report covers at most 366 days. Please choose a shorter range.'],
          ['from=2026-11-01&to=2026-11-30&shop=other', 'shop'],
        ] as const) {
          const answer = await report(name, query, headers)
          expect([name, query, answer.status, answer.json?.message]).toEqual([name, query, 400, expect.stringContaining(words)])
        }
        // 366 days, first and last included, is the most.
        expect((await report(name, 'from=2027-01-01&to=2028-01-01', headers)).status).toBe(200)
      }
    })

    it('is for the owner only', async () => {
      const staff = await staffUser(t(), { role: 'staff' })
      const answer = await report('sales', 'from=2026-10-25&to=2026-10-25', staff.headers)
      expect(answer).toMatchObject({ status: 403, json: { message: "Only the salon's owner can do this." } })
    })
  },
  { deps: () => ({ now: clock.now }), shop: { hours: LATE_HOURS, rules: RULES, promoCodes: [{ code: 'AUTUMN10', kind: 'percent', amount: 10 }] } },
)

/** A refund made at `at`: the payment goes back, as the card provider's refund or the counter records it. */
async function refund(t: TestApp, paymentId: string, at: string) {
  await t.db.execute(sql`update payments set status = 'refunded', refunded_at = ${at}::timestamptz where id = ${paymentId}`)
}

/** A sale at the salon's counter, by cash or the card terminal, recorded by a member of staff: a package, or minutes sold loose. */
async function counterSale(
  t: TestApp,
  customer: ShopCustomer,
  member: StaffUser,
  sale: { provider: 'cash' | 'card_terminal'; packageId?: string; amountPence: number; at: string },
) {
  const at = new Date(sale.at)
  await t.db.insert(schema.payments).values({
    id: randomUUID(),
    shopId: t.shop.id,
    sub: customer.sub,
    idempotencyKey: randomUUID(),
    provider: sale.provider,
    recordedBy: member.sub,
    status: 'succeeded',
    purpose: sale.packageId ? 'package' : 'minutes',
    packageId: sale.packageId ?? null,
    description: sale.packageId ? 'Package at the counter' : 'Minutes at the counter',
    pricePence: sale.amountPence,
    amountPence: sale.amountPence,
    lotMinutes: 10,
    lotBedTypes: ['lay-down'],
    lotValidityDays: 30,
    createdAt: at,
    succeededAt: at,
  })
}
