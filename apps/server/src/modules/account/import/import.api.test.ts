import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider'
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES } from '@salon/contracts/rules/customer-import'
import { and, eq, schema, sql } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { bearer, CLIENT_ID, cognitoClient, latestCode, newPhone, shopCustomer, signIn, signUpCustomer } from '../../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../../test/factories/doubles.ts'
import { createShop, type ShopInput } from '../../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../../test/factories/staff.ts'
import { describeApi } from '../../../test/harness.ts'
import { IMPORT_REASON, IMPORTED_LOT_LABEL } from './import.service.ts'

/** Monday 23 November 2026, 08:00 GMT: the salon's today is 2026-11-23. */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const SHOP = {
  name: 'Glow Import Salon',
  phone: '01632 960777',
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
  rules: { firstSessionMaxMinutes: 6, minHoursBetweenSessions: 24, payInSalon: true, payUpFront: false },
  closures: [{ date: '2026-12-25', reason: 'Christmas Day' }],
  bedTypes: [
    { code: 'lay-down', name: 'Lay-down', perMinutePence: 60 },
    { code: 'stand-up', name: 'Stand-up', perMinutePence: 70 },
  ],
  beds: [
    { id: 'imp-bed-a', type: 'lay-down', name: 'Lay-down A', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5, sortOrder: 1 },
    { id: 'imp-bed-b', type: 'lay-down', name: 'Lay-down B', minMinutes: 3, maxMinutes: 12, cleaningBufferMinutes: 5, sortOrder: 2 },
    { id: 'imp-booth', type: 'stand-up', name: 'Booth', minMinutes: 3, maxMinutes: 9, cleaningBufferMinutes: 5, sortOrder: 3 },
  ],
} satisfies ShopInput

/** A CSV file as a spreadsheet saves it: a header row, then a row per customer, CRLF line ends, quotes where needed. */
function csvOf(header: string[], rows: string[][]) {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}

const HEADER = ['Forename', 'Surname', 'Mobile number', 'Email', 'DOB', 'Skin type', 'Minutes left', 'Bed type', 'Expires', 'Notes', 'Marketing']

describeApi(
  'importing customers from the salon’s previous system',
  (get) => {
    let owner: StaffUser
    let staff: StaffUser
    beforeAll(async () => {
      clock.set(START)
      owner = await staffUser(get(), { role: 'owner', passwords: fastPasswords })
      staff = await staffUser(get(), { role: 'staff', passwords: fastPasswords })
    })

    const preview = (body: object, headers = owner.headers) => get().api('staff/customers/import/preview', { body, headers })
    const importFile = (body: object, headers = owner.headers) => get().api('staff/customers/import', { body, headers })
    const count = async (table: string, where = sql`true`) => {
      const result = (await get().db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where shop_id = ${get().shop.id} and ${where}`,
      )) as unknown as {
        rows: { n: number }[]
      }
      return result.rows[0]!.n
    }
    const customerWith = async (phone: string) =>
      (
        await get()
          .db.select()
          .from(schema.customers)
          .where(and(eq(schema.customers.shopId, get().shop.id), eq(schema.customers.phone, phone)))
      )[0]
    const lotsOf = (sub: string) => get().db.select().from(schema.minuteLots).where(eq(schema.minuteLots.sub, sub))
    const importAudits = () =>
      get()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.shopId, get().shop.id), eq(schema.staffAuditLog.action, 'customers.imported')))

    it('suggests the columns from their headers however they are written, and the owner’s choice goes over it', async () => {
      const phone = newPhone()
      const csv = csvOf(
        ['FORENAME', 'surname ', 'Tel', 'D.O.B.', 'Fitzpatrick skin type', 'Minutes left', 'Expires', 'Customer notes'],
        [['Ann', 'Tel', phone.typed, '01/02/1980', 'II', '30', '01/06/2027', 'hello']],
      )
      const { status, json } = await preview({ csv })
      expect(status, JSON.stringify(json)).toBe(200)
      expect(json.suggested).toMatchObject({
        firstName: 'FORENAME',
        lastName: 'surname',
        mobile: 'Tel',
        dateOfBirth: 'D.O.B.',
        skinType: 'Fitzpatrick skin type',
        minutes: 'Minutes left',
        minutesExpiry: 'Expires',
        note: 'Customer notes',
        email: null,
        bookingDate: null,
      })
      expect(json.sample[0]).toMatchObject({
        firstName: 'Ann',
        lastName: 'Tel',
        mobile: phone.e164,
        dateOfBirth: '1980-02-01',
        skinType: 2,
        minutes: 30,
        minutesLastDay: '2027-06-01',
      })
      // The owner says the notes are not to be imported, and the expiry is another column.
      const chosen = await preview({ csv, mapping: { note: null, minutesExpiry: 'D.O.B.' } })
      expect(chosen.json.mapping).toMatchObject({ note: null, minutesExpiry: 'D.O.B.' })
      expect(chosen.json.rejected).toEqual([
        expect.objectContaining({ row: 2, reasons: [expect.stringContaining('the minutes expired on Friday 1 February 1980')] }),
      ])
      // A column the file lacks is named back; a file with no mobile numbers cannot be imported.
      const missing = await preview({ csv, mapping: { email: 'E-mail address' } })
      expect([missing.status, missing.json.message]).toEqual([400, expect.stringContaining('mapping.email: the file has no column "E-mail address"')])
      const noPhone = await preview({ csv, mapping: { mobile: null } })
      expect([noPhone.status, noPhone.json.message]).toEqual([422, expect.stringContaining('the customers’ mobile numbers')])
      expect(await count('customers', sql`phone = ${phone.e164}`)).toBe(0)
    })

    it('a dry run of a file with every kind of bad row writes nothing and says what to change on each row', async () => {
      clock.set(START)
      const existing = await shopCustomer(get(), { givenName: 'Wendy', familyName: 'Online' })
      const [good, under18, noName, badDate, dup, badType, expired, badSkin, twoDigit, badEmail] = Array.from({ length: 10 }, () => newPhone())
      const csv = csvOf(HEADER, [
        ['Amy', 'Able', good!.typed, 'amy@example.com', '14/03/1990', 'III', '60', 'Lay-down', '31/12/2027', 'Prefers mornings,\nnever "Booth"', 'yes'],
        ['Lee', 'Land', '01632 960001', '', '1985-01-01', '3', '', '', '', '', ''],
        ['Tia', 'Young', under18!.typed, '', '2010-01-01', '3', '', '', '', '', ''],
        ['', 'Nameless', noName!.typed, '', '', '', '', '', '', '', ''],
        ['Bea', 'Date', badDate!.typed, '', '31/02/1990', '', '', '', '', '', ''],
        ['Dan', 'One', dup!.typed, '', '', '', '', '', '', '', ''],
        ['Dan', 'Two', dup!.e164, '', '', '', '', '', '', '', ''],
        ['Tom', 'Type', badType!.typed, '', '', '', '20', 'Spray tan', '', '', ''],
        ['Eve', 'Old', expired!.typed, '', '', '', '20', '', '01/01/2026', '', ''],
        ['Sam', 'Skin', badSkin!.typed, '', '', '7', '', '', '', '', ''],
        ['Wendy', 'Different', existing.phone, '', '', '', '10', '', '', '', ''],
        ['Yan', 'Year', twoDigit!.typed, '', '01/02/90', '', '', '', '', '', ''],
        ['Ema', 'Mail', badEmail!.typed, 'not-an-email', '', '', '', '', '', '', ''],
      ])
      const before = { customers: await count('customers'), lots: await count('minute_lots'), audit: (await importAudits()).length }
      const { status, json } = await preview({ csv })
      expect(status, JSON.stringify(json)).toBe(200)
      expect(json.dryRun).toBe(true)
      expect(json.importId).toBeNull()
      expect(json.counts).toEqual({ rows: 13, customers: 1, matched: 0, alreadyImported: 0, rejected: 12, minutes: 60, lots: 1, bookings: 0 })
      const reasons = Object.fromEntries(json.rejected.map((r: { row: number; reasons: string[] }) => [r.row, r.reasons.join(' ')]))
      expect(Object.keys(reasons).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
      expect(reasons[3]).toContain('"01632 960001" is a landline')
      expect(reasons[4]).toContain('The customer is under 18 on Monday 23 November 2026')
      expect(reasons[5]).toContain('The first name is missing')
      expect(reasons[6]).toContain('Date of birth: "31/02/1990" is not a date the calendar has')
      expect(reasons[7]).toContain(`is also on row 8`)
      expect(reasons[8]).toContain(`is also on row 7`)
      expect(reasons[9]).toContain('the salon has no bed type "Spray tan". Its bed types are: Lay-down, Stand-up')
      expect(reasons[10]).toContain('the minutes expired on Thursday 1 January 2026')
      expect(reasons[11]).toContain('Skin type: "7" is not a skin type')
      expect(reasons[12]).toContain('already belongs to the salon’s customer Wendy Online')
      expect(reasons[13]).toContain('two-digit year')
      expect(reasons[14]).toContain('"not-an-email" is not a valid address')
      expect(json.sample).toEqual([
        expect.objectContaining({
          row: 2,
          outcome: 'new',
          firstName: 'Amy',
          mobile: good!.e164,
          marketing: true,
          minutes: 60,
          minutesBedTypes: ['lay-down'],
          minutesLastDay: '2027-12-31',
        }),
      ])
      expect({ customers: await count('customers'), lots: await count('minute_lots'), audit: (await importAudits()).length }).toEqual(before)

      // The import writes the one good row: a customer signed up at the salon, with a lot of imported minutes that carries its expiry.
      const imported = await importFile({ csv })
      expect(imported.status, JSON.stringify(imported.json)).toBe(200)
      expect(imported.json.counts).toEqual(json.counts)
      expect(imported.json.importId).toEqual(expect.any(String))
      const amy = await customerWith(good!.e164)
      expect(amy).toMatchObject({
        firstName: 'Amy',
        lastName: 'Able',
        email: 'amy@example.com',
        dob: '1990-03-14',
        skinType: 3,
        signupSource: 'in_salon',
        status: 'active',
        appMarketing: true,
        note: 'Prefers mornings,\nnever "Booth"',
      })
      expect(amy!.appTimestamp?.getTime()).toBe(clock.now())
      // The note is on the customer's record as staff see it, and in the customer's own data.
      expect((await get().api(`staff/customers/${amy!.sub}`, { headers: owner.headers })).json.customer.note).toBe('Prefers mornings,\nnever "Booth"')
      const [lot] = await lotsOf(amy!.sub)
      expect(lot).toMatchObject({ source: 'import', label: IMPORTED_LOT_LABEL, minutes: 60, remaining: 60, bedTypes: ['lay-down'] })
      // The last day is 31 December 2027: the minutes stop at the start of the next day in London (GMT then).
      expect(lot!.expiresAt.toISOString()).toBe('2028-01-01T00:00:00.000Z')
      const ledger = await get().db.select().from(schema.balanceLedger).where(eq(schema.balanceLedger.lotId, lot!.id))
      expect(ledger).toEqual([expect.objectContaining({ minutes: 60, kind: 'adjustment', recordedBy: owner.sub, reason: IMPORT_REASON })])
      // One line in the audit log, with the counts and no one's details.
      const audits = await importAudits()
      expect(audits).toHaveLength(before.audit + 1)
      const audit = audits.at(-1)!
      expect(audit).toMatchObject({ actorSub: owner.sub, subjectType: 'customer-import', subjectId: imported.json.importId })
      expect(audit.after).toEqual({ rows: 13, customers: 1, matched: 0, alreadyImported: 0, minutes: 60, lots: 1, bookings: 0, rejected: 12 })
      expect(JSON.stringify(audit)).not.toMatch(/Amy|Able|7700/)
    })

    it('imports the same file once, however many times it is sent, and twice at once', async () => {
      clock.set(START)
      const phones = Array.from({ length: 30 }, () => newPhone())
      const csv = csvOf(
        ['First name', 'Last name', 'Mobile', 'Balance'],
        phones.map((phone, i) => ['Twice', `Sent ${i}`, phone.typed, String(10 + i)]),
      )
      const minutes = phones.reduce((sum, _, i) => sum + 10 + i, 0)
      const [a, b] = await Promise.all([importFile({ csv }), importFile({ csv })])
      expect([a.status, b.status]).toEqual([200, 200])
      // Between them the two imports wrote each row once: the customers' numbers are locked, and the primary key of customer_imports decides.
      expect(a.json.counts.customers + b.json.counts.customers).toBe(30)
      expect(a.json.counts.alreadyImported + b.json.counts.alreadyImported).toBe(30)
      expect(a.json.counts.minutes + b.json.counts.minutes).toBe(minutes)
      const subs = await Promise.all(phones.map(async (phone) => (await customerWith(phone.e164))!.sub))
      const lots = (await Promise.all(subs.map(lotsOf))).flat()
      expect(lots).toHaveLength(30)
      expect(await count('customers', sql`first_name = 'Twice'`)).toBe(30)

      // Sent again, the file imports nothing, and says so.
      const again = await importFile({ csv })
      expect(again.json.counts).toMatchObject({ customers: 0, matched: 0, alreadyImported: 30, rejected: 0, minutes: 0 })
      expect(again.json.message).toBe('Nothing was imported. 30 rows were imported before and are left as they are.')
      expect(again.json.importId).toBeNull()
      expect((await Promise.all(subs.map(lotsOf))).flat()).toHaveLength(30)
    })

    it('a customer imported signs up online with their number and finds their minutes theirs', async () => {
      clock.set(START)
      const phone = newPhone()
      const csv = csvOf(
        ['Name', 'Phone', 'Date of birth', 'Skin', 'Minutes left', 'Expires'],
        [['Lina Imported', phone.typed, '1988-05-05', '4', '45', '2027-06-30']],
      )
      expect((await importFile({ csv })).json.counts).toMatchObject({ customers: 1, minutes: 45 })
      const desk = await customerWith(phone.e164)
      expect(desk).toMatchObject({ firstName: 'Lina', lastName: 'Imported', signupSource: 'in_salon' })

      const client = cognitoClient(get().app)
      const signedUp = await signUpCustomer(get().app, client, { phone: phone.e164, metadata: get().shop.headers, givenName: 'Lina', familyName: 'Online' })
      expect(signedUp.sub).toBe(desk!.sub)
      await client.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: phone.e164, ConfirmationCode: await latestCode(get().app, phone.e164) }))
      const headers = bearer(await signIn(client, phone.e164, signedUp.password))
      const balance = await get().api('p_account/balance', { headers })
      expect(balance.status).toBe(200)
      expect(balance.json.balance).toBe(45)
      expect(balance.json.lots).toEqual([expect.objectContaining({ source: 'import', label: IMPORTED_LOT_LABEL, minutes: 45 })])
      expect(await customerWith(phone.e164)).toMatchObject({ sub: desk!.sub, firstName: 'Lina', lastName: 'Online' })
    })

    it('books an upcoming session by the desk’s rules, and refuses a row whose session breaks one', async () => {
      clock.set(START)
      // Customers of the salon who have answered the health questions: their rows add minutes and a session.
      const [first, second, closed] = await Promise.all([
        shopCustomer(get(), { givenName: 'Bo', familyName: 'Booked' }),
        shopCustomer(get(), { givenName: 'Cy', familyName: 'Booked' }),
        shopCustomer(get(), { givenName: 'Di', familyName: 'Closed' }),
      ])
      // The desk has seen their photo ID (docs/product.md §10.2): a walk-in booked with the check, then cancelled.
      for (const customer of [first, second, closed]) {
        const desk = await get().api('staff/bookings', {
          body: {
            customer: { sub: customer.sub },
            bedId: 'imp-booth',
            date: '2026-12-01',
            time: '15:00',
            minutes: 6,
            paidWith: 'in_salon',
            idCheck: { document: 'passport' },
          },
          headers: owner.headers,
        })
        expect(desk.status, JSON.stringify(desk.json)).toBe(201)
        expect((await get().api(`staff/bookings/${desk.json.booking.id}/cancel`, { body: {}, headers: owner.headers })).status).toBe(200)
      }
      const stranger = newPhone()
      const csv = csvOf(
        ['First name', 'Last name', 'Mobile', 'DOB', 'Skin type', 'Minutes', 'Next appointment', 'Appointment time', 'Bed type', 'Session minutes'],
        [
          ['Bo', 'Booked', first.phone, '', '', '30', '24/11/2026', '10:00', 'Lay-down', '6'],
          ['Cy', 'booked', second.phone, '21/04/1990', '', '', '24/11/2026', '10am', 'lay-down', '6'],
          ['Di', 'Closed', closed.phone, '', '', '', '25/12/2026', '10:00', 'Lay-down', '6'],
          ['New', 'Person', stranger.typed, '1990-01-01', '3', '', '24/11/2026', '11:00', 'Lay-down', '6'],
        ],
      )
      const dry = await preview({ csv, mapping: { minutesBedType: null, bookingBedType: 'Bed type' } })
      expect(dry.status, JSON.stringify(dry.json)).toBe(200)
      expect(dry.json.counts, JSON.stringify(dry.json)).toMatchObject({ customers: 0, matched: 2, bookings: 2, rejected: 2, minutes: 30 })
      const reasons = Object.fromEntries(dry.json.rejected.map((r: { row: number; reasons: string[] }) => [r.row, r.reasons.join(' ')]))
      expect(reasons[4]).toContain('The salon is closed on Friday 25 December 2026 (Christmas Day)')
      expect(reasons[5]).toContain('has not answered the health questions')
      expect(reasons[5]).toContain('clear the session’s cells in this row and book them at the desk once they have answered the health questions')
      expect(await count('bookings', sql`local_date = '2026-11-24'`)).toBe(0)

      const done = await importFile({ csv, mapping: { minutesBedType: null, bookingBedType: 'Bed type' } })
      expect(done.json.counts).toEqual(dry.json.counts)
      expect(await customerWith(stranger.e164)).toBeUndefined()
      // Both at 10:00 on a lay-down bed: the first on the first, the second on the next one free then; booked by the owner, as the desk books.
      const day = await get().api('staff/day?date=2026-11-24', { headers: owner.headers })
      const sessions = day.json.bookings.map((b: { customer: { sub: string }; bed: { id: string }; time: string; payment: { method: string } }) => [
        b.customer.sub,
        b.bed.id,
        b.time,
        b.payment.method,
      ])
      expect(sessions).toEqual([
        [first.sub, 'imp-bed-a', '10:00', 'balance'],
        [second.sub, 'imp-bed-b', '10:00', 'in_salon'],
      ])
      expect(day.json.bookings[0].bookedBy).toMatchObject({ sub: owner.sub })
      // The session was paid from the imported minutes, as the desk pays one from the balance.
      expect((await get().api('p_account/balance', { headers: first.headers })).json.balance).toBe(24)
    })

    it('only the owner imports: a member of staff and another salon’s owner are refused', async () => {
      const csv = csvOf(['First name', 'Last name', 'Mobile'], [['Not', 'Imported', newPhone().typed]])
      for (const call of [preview, importFile]) {
        const asStaff = await call({ csv }, staff.headers)
        expect([asStaff.status, asStaff.json.message]).toEqual([403, "Only the salon's owner can do this."])
        const stranger = await staffUser(get(), { role: 'owner', shopId: (await createShop(get().db)).id, passwords: fastPasswords })
        const asStranger = await call({ csv }, stranger.headers)
        expect([asStranger.status, asStranger.json.message]).toEqual([403, "This account is not on this salon's staff."])
      }
      expect(await count('customers', sql`first_name = 'Not'`)).toBe(0)
    })

    it('takes a file larger than the API’s other calls, up to 10 MB, and refuses a larger one in words', async () => {
      clock.set(START)
      const phones = Array.from({ length: 5 }, () => newPhone())
      // Padding in a column no field uses makes the file larger than the 64 KiB the other calls take.
      const csv = csvOf(
        ['First name', 'Last name', 'Mobile', 'History'],
        phones.map((phone, i) => ['Big', `File ${i}`, phone.typed, 'x'.repeat(30_000)]),
      )
      expect(csv.length).toBeGreaterThan(128 * 1024)
      const answer = await importFile({ csv })
      expect(answer.status, JSON.stringify(answer.json)).toBe(200)
      expect(answer.json.counts.customers).toBe(5)
      const tooLarge = await get().api('staff/customers/import/preview', { raw: JSON.stringify({ csv: 'x'.repeat(MAX_IMPORT_BYTES) }), headers: owner.headers })
      expect([tooLarge.status, tooLarge.json.message]).toEqual([413, IMPORT_TOO_LARGE])
      // A file that is not CSV at all is refused with the row to look at.
      const broken = await preview({ csv: 'First name,Last name,Mobile\r\nAnn,"Open,07700 900999\r\n' })
      expect([broken.status, broken.json.message]).toEqual([422, expect.stringContaining('Row 2: a value starts with a double quote')])
    })
  },
  { deps: () => ({ now: clock.now, passwords: fastPasswords }), shop: SHOP },
)
