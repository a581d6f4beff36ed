import { randomUUID } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import { fastPasswords, testClock } from '../factories/doubles.ts'
import { staffUser, type StaffUser } from '../factories/staff.ts'
import { describeApi } from '../harness.ts'

const clock = testClock('2026-11-23T08:00:00Z')

/** Each bad date, and the words it is refused with (packages/contracts/src/local-date.ts). */
const BAD_DATES: [string, string][] = [
  ['9999-12-31', 'must be a date from 1900 to 2100'],
  ['2026-02-30', 'must be a real calendar date'],
  ['0000-01-01', 'must be a date from 1900 to 2100'],
  ['2026-1-5', 'must be a date written YYYY-MM-DD'],
]

/**
 * docs/product.md §10.9: every staff call that takes a local date, in a query, a path or a body, holds it to the one
 * rule for dates: a real day of the calendar, written YYYY-MM-DD, from 1900 to 2100. A bad one is refused with 400
 * and words that name the field; never a 5xx.
 */
describeApi(
  'robustness: the dates staff calls take',
  (get) => {
    let owner: StaffUser
    let bedId: string

    beforeAll(async () => {
      owner = await staffUser(get(), { role: 'owner', passwords: fastPasswords })
      bedId = get().shop.beds[0]!.id
    })

    const send = (path: string, init: { method?: string; body?: unknown } = {}) => get().api(path, { ...init, headers: owner.headers })

    /** A request with the date in its place, and the field the refusal names. */
    type Call = { name: string; field: string; request: (date: string) => { path: string; method?: string; body?: unknown } }
    const walkIn = (date: string, dob = '1990-04-21') => ({
      customer: { new: { firstName: 'Dana', lastName: 'Date', phone: '07700900321', dob, skinType: 3 } },
      bedId,
      date,
      time: '10:00',
      minutes: 6,
      paidWith: 'in_salon',
    })
    const promo = (validFrom: string, validUntil = '2026-12-31') => ({ code: 'DATES10', kind: 'percent', amount: 10, validFrom, validUntil })
    const blog = (publishedAt: string) => ({ slug: 'dated-post', title: 'Dated', bodyMarkdown: 'Hi', author: 'Olive', publishedAt })
    const CALLS: Call[] = [
      { name: 'day sheet', field: 'date', request: (d) => ({ path: `staff/day?date=${d}` }) },
      { name: 'counter takings', field: 'date', request: (d) => ({ path: `staff/counter/takings?date=${d}` }) },
      { name: 'counter takings from', field: 'from', request: (d) => ({ path: `staff/counter/takings?from=${d}&to=2026-11-30` }) },
      { name: 'counter takings to', field: 'to', request: (d) => ({ path: `staff/counter/takings?from=2026-11-01&to=${d}` }) },
      ...['staff/reports/bed-sessions', 'staff/reports/sales', 'staff/exports/bookings.csv', 'staff/exports/sales.csv'].flatMap((path) => [
        { name: `${path} from`, field: 'from', request: (d: string) => ({ path: `${path}?from=${d}&to=2026-11-30` }) },
        { name: `${path} to`, field: 'to', request: (d: string) => ({ path: `${path}?from=2026-11-01&to=${d}` }) },
      ]),
      { name: 'closure from', field: 'from', request: (d) => ({ path: 'staff/closures', body: { from: d, reason: 'Refit' } }) },
      { name: 'closure to', field: 'to', request: (d) => ({ path: 'staff/closures', body: { from: '2026-12-01', to: d, reason: 'Refit' } }) },
      { name: 'reopening', field: 'date', request: (d) => ({ path: `staff/closures/${d}`, method: 'DELETE' }) },
      {
        name: 'special hours',
        field: 'date',
        request: (d) => ({ path: `staff/special-hours/${d}`, method: 'PUT', body: { opensAt: '10:00', closesAt: '21:00', reason: 'Late night' } }),
      },
      { name: 'special hours removed', field: 'date', request: (d) => ({ path: `staff/special-hours/${d}`, method: 'DELETE' }) },
      {
        name: 'out of service from',
        field: 'from',
        request: (d) => ({ path: `staff/beds/${bedId}/out-of-service`, body: { from: `${d}T10:00`, until: '2026-12-02T10:00', reason: 'Lamps' } }),
      },
      {
        name: 'out of service until',
        field: 'until',
        request: (d) => ({ path: `staff/beds/${bedId}/out-of-service`, body: { from: '2026-12-01T10:00', until: `${d}T10:00`, reason: 'Lamps' } }),
      },
      { name: 'walk-in booking', field: 'date', request: (d) => ({ path: 'staff/bookings', body: walkIn(d) }) },
      { name: 'new customer’s date of birth', field: 'customer.new.dob', request: (d) => ({ path: 'staff/bookings', body: walkIn('2026-12-01', d) }) },
      {
        name: 'move',
        field: 'date',
        request: (d) => ({ path: `staff/bookings/${randomUUID()}/move`, body: { bedId, date: d, time: '10:00' } }),
      },
      { name: 'promo code from', field: 'validFrom', request: (d) => ({ path: 'staff/promo-codes', body: promo(d) }) },
      { name: 'promo code until', field: 'validUntil', request: (d) => ({ path: 'staff/promo-codes', body: promo('2026-12-01', d) }) },
      { name: 'promo code changed', field: 'validFrom', request: (d) => ({ path: `staff/promo-codes/${randomUUID()}`, method: 'PUT', body: promo(d) }) },
      { name: 'blog post date', field: 'publishedAt', request: (d) => ({ path: 'staff/blog', body: blog(`${d}T09:00:00Z`) }) },
      { name: 'blog post changed', field: 'publishedAt', request: (d) => ({ path: 'staff/blog/dated-post', method: 'PUT', body: blog(`${d}T09:00:00Z`) }) },
      {
        name: 'review date',
        field: 'publishedOn',
        request: (d) => ({ path: 'staff/reviews', body: { authorName: 'Amy', rating: 5, text: 'Lovely', publishedOn: d } }),
      },
    ]

    it.each(CALLS)('$name: refuses a date the calendar or the range does not have, with 400 and the reason', async ({ field, request }) => {
      const answers: string[] = []
      for (const [date, reason] of BAD_DATES) {
        const { path, ...init } = request(date)
        const answer = await send(path, init)
        answers.push(`${date} → ${answer.status} ${(answer.json as { message?: string } | undefined)?.message}`)
        expect(answer.status, answers.at(-1)).toBe(400)
        const message = (answer.json as { message: string }).message
        expect(message, date).toContain(field)
        // A date and time (out of service, a post's date) is refused in the same words, said of a date and time.
        expect(message, date).toContain(/T10:00|T09:00/.test(JSON.stringify(init.body ?? '')) && reason.endsWith('YYYY-MM-DD') ? 'must be a date' : reason)
      }
    })

    it('takes the first and the last day of the range', async () => {
      for (const date of ['1900-01-01', '2100-12-31']) {
        expect((await send(`staff/day?date=${date}`)).status, date).toBe(200)
        expect((await send(`staff/counter/takings?date=${date}`)).status, date).toBe(200)
      }
    })
  },
  { deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
