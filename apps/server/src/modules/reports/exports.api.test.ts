import { randomUUID } from 'node:crypto'
import { DeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider'
import { and, eq, schema, sql } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { cognitoClient, shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { testClock } from '../../test/factories/doubles.ts'
import { buyPackage } from '../../test/factories/payments.ts'
import { createShop } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi, type TestApp } from '../../test/harness.ts'
import { localDateOf, localTimeOf } from '../../lib/local-time.ts'
import { BOM } from './csv.ts'
import { createReports } from './reports.service.ts'

// Staff and customer tokens last an hour of the app's clock: each test sets it, then signs its people in.
const clock = testClock('2026-11-02T08:00:00Z')
const RULES = { firstSessionMaxMinutes: 20, minHoursBetweenSessions: 0 }

/** A CSV download as the browser gets it: the bytes, and the text with its byte-order mark kept. */
async function download(t: TestApp, path: string, headers: Record<string, string>) {
  const response = await t.app.request(`/api/staff/exports/${path}`, { headers: { ...t.shop.headers, ...headers } })
  const bytes = new Uint8Array(await response.arrayBuffer())
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
  return { status: response.status, headers: response.headers, bytes, text, lines: text.replace(BOM, '').split('\r\n') }
}

async function bookAs(t: TestApp, date: string, time: string, minutes: number, bedId: string) {
  const customer = await shopCustomer(t)
  const answer = await t.api('p_book', { body: { date, time, minutes, bedId }, headers: customer.headers })
  if (answer.status !== 201) throw new Error(`${date} ${time} was not booked: ${answer.status} ${JSON.stringify(answer.json)}`)
  return { customer, id: answer.json.booking.id as string }
}

const auditOf = (t: TestApp, action: string) =>
  t.db
    .select()
    .from(schema.staffAuditLog)
    .where(and(eq(schema.staffAuditLog.shopId, t.shop.id), eq(schema.staffAuditLog.action, action)))

describeApi(
  "the owner's CSV exports (docs/product.md §10.7)",
  (t) => {
    let owner: StaffUser
    const signInOwner = async () => {
      owner = await staffUser(t(), { role: 'owner', name: 'Olive Owner' })
      return owner.headers
    }
    beforeAll(() => clock.set('2026-11-02T08:00:00Z'))

    it('sends the bookings of the range as a CSV file: quoted per RFC 4180, formulas defused, CRLF, a BOM, private, audited', async () => {
      clock.set('2026-11-02T08:00:00Z')
      const [one, two] = t().shop.beds
      const first = await bookAs(t(), '2026-11-03', '10:00', 6, one!.id)
      const second = await bookAs(t(), '2026-11-04', '12:30', 5, two!.id)
      await bookAs(t(), '2026-11-20', '12:30', 5, two!.id) // after the range
      await t().db.update(schema.bookings).set({ status: 'attended' }).where(eq(schema.bookings.id, second.id))
      // A name typed to attack whoever opens the file, and one with a comma and quotes.
      await t()
        .db.update(schema.customers)
        .set({ firstName: '=HYPERLINK("http://evil.example","Click")', lastName: 'Smith, "Jo"\nJunior' })
        .where(eq(schema.customers.sub, first.customer.sub))

      const file = await download(t(), 'bookings.csv?from=2026-11-01&to=2026-11-10', await signInOwner())
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(file.headers.get('content-disposition')).toBe('attachment; filename="bookings-2026-11-01-to-2026-11-10.csv"')
      expect(file.headers.get('cache-control')).toBe('private, no-store')
      expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      expect(file.text.endsWith('\r\n')).toBe(true)
      const price = (bed: { type: string }, minutes: number) => (t().shop.price(bed, minutes) / 100).toFixed(2)
      // When each was booked, in the shop's local time (the database's clock, not the app's).
      const bookedAt = async (id: string) => {
        const [row] = await t().db.select({ at: schema.bookings.createdAt }).from(schema.bookings).where(eq(schema.bookings.id, id))
        return `${localDateOf(row!.at.getTime(), 'Europe/London')} ${localTimeOf(row!.at.getTime(), 'Europe/London')}`
      }
      expect(file.text).toBe(
        [
          `${BOM}Date,Start,End,Minutes,Sunbed,Status,Paid with,Price (£),First name,Last name,Mobile,Email,Booked by,Booked at`,
          `2026-11-03,10:00,10:06,6,${one!.name},Booked,In the salon,${price(one!, 6)},"'=HYPERLINK(""http://evil.example"",""Click"")","Smith, ""Jo""\nJunior",'${first.customer.phone},sophie@example.com,Online,${await bookedAt(first.id)}`,
          `2026-11-04,12:30,12:35,5,${two!.name},Attended,In the salon,${price(two!, 5)},Sophie,Turner,'${second.customer.phone},sophie@example.com,Online,${await bookedAt(second.id)}`,
          '',
        ].join('\r\n'),
      )
      const [entry, ...more] = await auditOf(t(), 'export.bookings')
      expect(more).toEqual([])
      expect(entry).toMatchObject({
        actorSub: owner.sub,
        actorName: 'Olive Owner',
        actorRole: 'owner',
        subjectType: 'export',
        subjectId: 'bookings',
        after: { from: '2026-11-01', to: '2026-11-10' },
      })
    })

    it('reads a file in batches, in order, none lost or repeated, the same file whatever the batch', async () => {
      clock.set('2026-11-02T09:00:00Z')
      const beds = t().shop.beds
      for (let i = 0; i < 5; i++) await bookAs(t(), '2026-11-05', `1${i}:00`, 5, beds[i % beds.length]!.id)
      const whole = await download(t(), 'bookings.csv?from=2026-11-01&to=2026-11-10', await signInOwner())
      expect(whole.lines.length).toBe(1 + 2 + 5 + 1)
      const actor = { shopId: t().shop.id, sub: owner.sub, role: 'owner' as const, name: owner.name }
      for (const batchSize of [1, 2, 3]) {
        // The bookings file reads no takings: none are given.
        const file = await createReports({ db: t().db, batchSize, takings: { takings: () => Promise.reject(new Error('not read')) } }).bookingsCsv(actor, {
          from: '2026-11-01',
          to: '2026-11-10',
        })
        expect(new Uint8Array(await new Response(file.body).arrayBuffer())).toEqual(whole.bytes)
      }
    })

    it('sends the payments of the range: card online, cash and card terminal, discounts and refunds', async () => {
      clock.set('2026-11-06T10:00:00Z')
      const [pkg1, pkg2] = t().shop.packages
      const buyer = await shopCustomer(t())
      const { payment } = await buyPackage(t(), buyer, pkg2!.id, 'NOV-5')
      clock.set('2026-11-06T10:30:00Z')
      const member = await staffUser(t(), { role: 'staff', name: 'Cass, the "counter"' })
      const cash = randomUUID()
      await t()
        .db.insert(schema.payments)
        .values({
          id: cash,
          shopId: t().shop.id,
          sub: buyer.sub,
          idempotencyKey: randomUUID(),
          provider: 'cash',
          recordedBy: member.sub,
          status: 'succeeded',
          purpose: 'package',
          packageId: pkg1!.id,
          description: pkg1!.name,
          pricePence: pkg1!.pricePence,
          amountPence: pkg1!.pricePence,
          lotMinutes: pkg1!.minutes,
          lotBedTypes: pkg1!.bedTypes,
          lotValidityDays: pkg1!.validityDays,
          createdAt: new Date('2026-11-06T10:30:00Z'),
          succeededAt: new Date('2026-11-06T10:30:00Z'),
        })
      await t().db.execute(sql`update payments set status = 'refunded', refunded_at = '2026-11-07T09:00:00Z' where id = ${cash}`)

      const file = await download(t(), 'sales.csv?from=2026-11-06&to=2026-11-06', await signInOwner())
      expect(file.status).toBe(200)
      expect(file.headers.get('content-disposition')).toBe('attachment; filename="sales-2026-11-06-to-2026-11-06.csv"')
      const discount = pkg2!.pricePence - payment.amountPence
      const p = (pence: number) => (pence / 100).toFixed(2)
      expect(file.lines).toEqual([
        'Date,Time,Method,Status,For,Description,Price (£),Discount (£),Promo code,Paid (£),Refunded on,Refunded (£),First name,Last name,Mobile,Email,Taken by',
        `2026-11-06,10:00,Card online,Paid,Package,${payment.description},${p(pkg2!.pricePence)},${p(discount)},NOV-5,${p(payment.amountPence)},,,Sophie,Turner,'${buyer.phone},sophie@example.com,Online`,
        `2026-11-06,10:30,Cash,Refunded,Package,${pkg1!.name},${p(pkg1!.pricePence)},0.00,,${p(pkg1!.pricePence)},2026-11-07,${p(pkg1!.pricePence)},Sophie,Turner,'${buyer.phone},sophie@example.com,"Cass, the ""counter"""`,
        '',
      ])
      expect(discount).toBeGreaterThan(0)
      expect((await auditOf(t(), 'export.sales')).map((e) => e.after)).toEqual([{ from: '2026-11-06', to: '2026-11-06' }])
    })

    it('lists only the customers who agreed to marketing, with when, never one who deleted their account or another salon’s', async () => {
      clock.set('2026-11-10T12:00:00Z')
      const consent = async (customer: ShopCustomer, body: object) => {
        const answer = await t().api('p_account', { method: 'PUT', body, headers: customer.headers })
        expect(answer.status).toBe(200)
      }
      const salonOnly = await shopCustomer(t(), { givenName: 'Salon', familyName: 'Only', email: 'salon.only@example.com' })
      const groupOnly = await shopCustomer(t(), { givenName: 'Group', familyName: 'Only', email: 'group.only@example.com' })
      const both = await shopCustomer(t(), { givenName: 'Both', familyName: 'Kinds', email: 'both@example.com' })
      const neither = await shopCustomer(t(), { givenName: 'Not', familyName: 'Interested', email: 'no@example.com' })
      const leaving = await shopCustomer(t(), { givenName: 'Leaving', familyName: 'Soon', email: 'leaving@example.com' })
      const stale = await shopCustomer(t(), { givenName: 'Erased', familyName: 'Earlier', email: 'erased@example.com' })
      await consent(salonOnly, { appMarketing: true, masterMarketing: false })
      clock.set('2026-11-10T12:05:00Z')
      await consent(groupOnly, { appMarketing: false, masterMarketing: true })
      await consent(both, { appMarketing: true, masterMarketing: true })
      await consent(neither, { appMarketing: false, masterMarketing: false })
      await consent(leaving, { appMarketing: true, masterMarketing: true })
      await consent(stale, { appMarketing: true })
      await cognitoClient(t().app).send(new DeleteUserCommand({ AccessToken: leaving.tokens.accessToken }))
      // A record erased while its flag stayed set (as an older erasure left them) is left out all the same.
      await t().db.update(schema.customers).set({ erasedAt: new Date() }).where(eq(schema.customers.sub, stale.sub))
      const other = await createShop(t().db)
      await t().db.insert(schema.customers).values({
        shopId: other.id,
        sub: randomUUID(),
        firstName: 'Other',
        lastName: 'Salon',
        email: 'other@example.com',
        appMarketing: true,
        appTimestamp: new Date(),
      })

      const file = await download(t(), 'marketing.csv', await signInOwner())
      expect(file.status).toBe(200)
      expect(file.headers.get('content-disposition')).toBe('attachment; filename="marketing-2026-11-10.csv"')
      expect(file.headers.get('cache-control')).toBe('private, no-store')
      expect(file.lines[0]).toBe(
        'First name,Last name,Email,Mobile,Offers from this salon,Agreed to offers from this salon at,News and offers from the group,Agreed to news and offers from the group at',
      )
      const mine = file.lines.filter((line) => /@example\.com/.test(line) && !line.includes('sophie@example.com'))
      expect(mine).toEqual([
        `Salon,Only,salon.only@example.com,'${salonOnly.phone},yes,2026-11-10T12:00:00.000000Z,no,`,
        `Group,Only,group.only@example.com,'${groupOnly.phone},no,,yes,2026-11-10T12:05:00.000000Z`,
        `Both,Kinds,both@example.com,'${both.phone},yes,2026-11-10T12:05:00.000000Z,yes,2026-11-10T12:05:00.000000Z`,
      ])
      // Every line is a customer of this salon who agreed, and has not deleted their account.
      const agreed = await t()
        .db.select()
        .from(schema.customers)
        .where(and(eq(schema.customers.shopId, t().shop.id), sql`erased_at is null and (app_marketing or master_marketing)`))
      expect(file.lines.length).toBe(1 + agreed.length + 1)
      expect((await auditOf(t(), 'export.marketing')).map((e) => [e.subjectId, e.after])).toEqual([['marketing', null]])
    })

    it('refuses a range that is not one with 400, and a member of staff with 403, writing no file and no audit line', async () => {
      clock.set('2026-11-20T12:00:00Z')
      const headers = await signInOwner()
      const before = await t().db.$count(schema.staffAuditLog)
      for (const [path, words] of [
        ['bookings.csv?from=2026-02-29&to=2026-03-01', 'from must be a real calendar date'],
        ['sales.csv?from=2026-11-30&to=2026-11-01', 'The last date must not be before the first.'],
        ['bookings.csv?from=2025-01-01&to=2026-12-31', 'A report covers at most 366 days.'],
        ['sales.csv', 'from'],
        ['marketing.csv?everyone=true', 'everyone'],
      ] as const) {
        const answer = await t().api(`staff/exports/${path}`, { headers })
        expect([path, answer.status, answer.json?.message]).toEqual([path, 400, expect.stringContaining(words)])
      }
      const staff = await staffUser(t(), { role: 'staff' })
      for (const path of ['bookings.csv?from=2026-11-01&to=2026-11-30', 'sales.csv?from=2026-11-01&to=2026-11-30', 'marketing.csv']) {
        const answer = await t().api(`staff/exports/${path}`, { headers: staff.headers })
        expect([path, answer.status, answer.json?.message]).toEqual([path, 403, "Only the salon's owner can do this."])
      }
      expect(await t().db.$count(schema.staffAuditLog)).toBe(before)
    })
  },
  { deps: () => ({ now: clock.now }), shop: { rules: RULES, promoCodes: [{ code: 'NOV-5', kind: 'fixed', amount: 500 }] } },
)
