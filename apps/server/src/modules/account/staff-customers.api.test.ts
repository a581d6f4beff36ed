import { randomUUID } from 'node:crypto'
import { and, desc, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { cognitoClient, credit, failure, freshHeaders, newPhone, shopCustomer, signIn, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { payWithCard, startPayment } from '../../test/factories/payments.ts'
import { createShop, deskShop } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi, type TestApp } from '../../test/harness.ts'

/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const BED = 'counter-bed'
const ON_HOLD = 'Your account is on hold. Please contact the salon.'
const NO_CUSTOMER = 'There is no such customer at this salon.'

const SHOP = deskShop(BED)

/** A customer the salon signed up at its desk: a record of the shop's with no online account. */
async function inSalonCustomer(t: TestApp, profile: { firstName: string; lastName: string; email?: string }) {
  const sub = randomUUID()
  const phone = newPhone().e164
  await t.db.insert(schema.customers).values({ shopId: t.shop.id, sub, phone, signupSource: 'in_salon', status: 'active', ...profile })
  return { sub, phone }
}

/** docs/product.md §10.5: the salon's customers as staff see them. */
describeApi(
  'the customers, for staff',
  (t) => {
    let staff: StaffUser
    let owner: StaffUser

    beforeAll(async () => {
      clock.set(START)
      staff = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
    })

    const customer = async (input: Parameters<typeof shopCustomer>[1] = {}) => {
      clock.set(START)
      return shopCustomer(t(), input)
    }
    const search = (query: string, by: StaffUser = staff) => t().api(`staff/customers?query=${encodeURIComponent(query)}`, { headers: by.headers })
    const profile = (sub: string, by: StaffUser = staff) => t().api(`staff/customers/${sub}`, { headers: by.headers })
    const block = (sub: string, reason: string, by: StaffUser = owner) =>
      t().api(`staff/customers/${sub}/block`, { method: 'PUT', body: { reason }, headers: by.headers })
    const unblock = (sub: string, by: StaffUser = owner) => t().api(`staff/customers/${sub}/block`, { method: 'DELETE', headers: by.headers })
    const erase = (sub: string, reason: string, by: StaffUser = owner) =>
      t().api(`staff/customers/${sub}`, { method: 'DELETE', body: { reason }, headers: by.headers })
    const book = (c: { headers: Record<string, string> }, date: string) =>
      t().api('p_book', { body: { date, time: '10:00', minutes: 6, bedId: BED }, headers: c.headers })
    const subs = (answer: { json: Record<string, any> }) => (answer.json.customers as { sub: string }[]).map((c) => c.sub)
    const lastAudit = async (sub: string) =>
      (await t().db.select().from(schema.staffAuditLog).where(eq(schema.staffAuditLog.subjectId, sub)).orderBy(desc(schema.staffAuditLog.id)).limit(1))[0]

    it('finds customers by mobile number however it is typed, by part of a name in any case, and by email', async () => {
      const jo = await customer({ givenName: 'Joanna', familyName: 'Quillfeather', email: `quill-${randomUUID()}@example.com` })
      const typed = `0${jo.phone.slice(3, 7)} ${jo.phone.slice(7)}`
      for (const query of [jo.phone, typed, `+44 ${jo.phone.slice(3, 7)} ${jo.phone.slice(7)}`, jo.phone.slice(-6)]) {
        expect([query, subs(await search(query))]).toEqual([query, expect.arrayContaining([jo.sub])])
      }
      for (const query of ['quillfeather', 'QUILL', 'joanna quill', 'oann']) expect([query, subs(await search(query))]).toEqual([query, [jo.sub]])
      expect(subs(await search(jo.phone))).toEqual([jo.sub])
      expect(subs(await search('quill-'))).toEqual([jo.sub])
      const found = (await search('Quillfeather')).json
      expect(found).toEqual({
        customers: [
          {
            sub: jo.sub,
            firstName: 'Joanna',
            lastName: 'Quillfeather',
            name: 'Joanna Quillfeather',
            phone: jo.phone,
            email: expect.stringMatching(/^quill-/),
            skinType: expect.any(Number),
            account: 'online',
            blocked: false,
          },
        ],
        more: false,
      })
      const desk = await inSalonCustomer(t(), { firstName: 'Deskina', lastName: 'Walkin' })
      expect((await search('deskina')).json.customers).toEqual([expect.objectContaining({ sub: desk.sub, account: 'in_salon', email: null })])
      // A percent sign is a character to find, not a wildcard.
      expect(subs(await search('%%'))).toEqual([])
    })

    it('refuses a query under 2 characters, answers at most 50, and never an erased customer', async () => {
      expect(await search('a')).toMatchObject({
        status: 400,
        json: { message: 'Please check the query request: query must be at least 2 characters of a name, a mobile number or an email address.' },
      })
      expect(await search('   ')).toMatchObject({ status: 400 })
      expect((await t().api('staff/customers', { headers: staff.headers })).status).toBe(400)
      await Promise.all(Array.from({ length: 51 }, (_, i) => inSalonCustomer(t(), { firstName: `Many${i}`, lastName: 'Zzmultiple' })))
      const many = await search('zzmultiple')
      expect(many.json.customers).toHaveLength(50)
      expect(many.json.more).toBe(true)

      const gone = await inSalonCustomer(t(), { firstName: 'Erasmus', lastName: 'Gonebye' })
      expect(subs(await search('gonebye'))).toEqual([gone.sub])
      expect((await erase(gone.sub, 'Asked to be forgotten')).status).toBe(200)
      expect(subs(await search('gonebye'))).toEqual([])
      expect(subs(await search(gone.phone))).toEqual([])
    })

    it("shows a customer's whole record: profile, consents read only, lots, bookings, payments and the ledger", async () => {
      const c = await customer({ givenName: 'Rita', familyName: 'Record' })
      expect((await t().api('p_account', { method: 'PUT', body: { appMarketing: true }, headers: c.headers })).status).toBe(200)
      const sold = await t().api('staff/counter/sales', {
        body: { sub: c.sub, packageId: 'starter-30', method: 'cash', idempotencyKey: randomUUID(), idCheck: { document: 'passport' } },
        headers: staff.headers,
      })
      expect(sold.status).toBe(201)
      expect((await t().api(`staff/customers/${c.sub}/adjustments`, { body: { minutes: -5, reason: 'Used on paper' }, headers: owner.headers })).status).toBe(
        200,
      )
      expect((await book(c, '2026-11-24')).status).toBe(201)
      const cancelled = await book(c, '2026-11-25')
      expect((await t().api(`session/${cancelled.json.booking.id}`, { method: 'POST', headers: c.headers })).status).toBe(200)

      const record = await profile(c.sub)
      expect(record.status).toBe(200)
      expect(record.json.customer).toMatchObject({
        sub: c.sub,
        name: 'Rita Record',
        phone: c.phone,
        account: 'online',
        blocked: false,
        dob: expect.any(String),
      })
      expect(record.json.consents).toEqual({
        appMarketing: true,
        appTimestamp: expect.stringMatching(/^2026-11-23T08:00:00/),
        masterMarketing: false,
        masterTimestamp: null,
      })
      expect(record.json.blocked).toBeNull()
      expect(record.json.balance).toBe(30 - 5 - 6)
      expect(record.json.lots).toEqual([
        expect.objectContaining({ source: 'purchase', label: 'Starter 30', minutes: 30, remaining: 19, bedTypes: ['lay-down'], expired: false }),
      ])
      expect(record.json.bookings.upcoming).toEqual([expect.objectContaining({ date: '2026-11-24', bed: 'Lay-down One', minutes: 6, status: 'booked' })])
      expect(record.json.bookings.past).toEqual([expect.objectContaining({ date: '2026-11-25', status: 'cancelled' })])
      expect(record.json.purchases).toEqual([
        expect.objectContaining({
          paymentId: sold.json.paymentId,
          provider: 'cash',
          status: 'succeeded',
          purpose: 'package',
          amountPence: 1800,
          recordedBy: 'Sam Staff',
        }),
      ])
      const kinds = record.json.ledger.map((e: { kind: string; minutes: number }) => [e.kind, e.minutes])
      expect(kinds).toEqual(
        expect.arrayContaining([
          ['purchase', 30],
          ['adjustment', -5],
        ]),
      )
      expect(record.json.ledger.find((e: { kind: string }) => e.kind === 'adjustment')).toMatchObject({
        reason: 'Used on paper',
        recordedBy: 'Olive Owner',
        description: 'Taken off Starter 30 by the salon',
      })

      // Staff read consents but never change them: there is no such call.
      expect((await t().api(`staff/customers/${c.sub}/consents`, { method: 'PUT', body: { appMarketing: false }, headers: owner.headers })).status).toBe(404)
      expect(await profile(randomUUID())).toMatchObject({ status: 404, json: { message: NO_CUSTOMER } })
      const shop = await createShop(t().db)
      const elsewhere = await shopCustomer(t(), { metadata: shop.headers })
      expect(await profile(elsewhere.sub)).toMatchObject({ status: 404, json: { message: NO_CUSTOMER } })
      expect(await profile('not-an-id')).toMatchObject({ status: 400 })
    })

    it('puts a customer on hold (owner only): booking and buying online are refused until they are taken off it', async () => {
      const c = await customer()
      await credit(t(), c, 60)
      // A payment started before the hold, paid, and claimed after it.
      const started = await startPayment(t(), { headers: c.headers }, { packageId: 'starter-30' })
      await payWithCard(t(), started.json.payment)

      expect(await block(c.sub, 'Abusive on the phone', staff)).toMatchObject({ status: 403, json: { message: "Only the salon's owner can do this." } })
      const held = await block(c.sub, 'Abusive on the phone')
      expect(held).toMatchObject({ status: 200, json: { sub: c.sub, blocked: { at: expect.any(String), reason: 'Abusive on the phone' } } })
      expect(await lastAudit(c.sub)).toMatchObject({
        action: 'customer.blocked',
        actorSub: owner.sub,
        reason: 'Abusive on the phone',
        before: { blockedAt: null, blockedReason: null },
        after: { blockedReason: 'Abusive on the phone' },
      })
      expect((await search(c.phone)).json.customers[0].blocked).toBe(true)
      expect((await profile(c.sub)).json.blocked).toEqual({ at: expect.any(String), reason: 'Abusive on the phone' })

      expect(await book(c, '2026-11-26')).toMatchObject({ status: 403, json: { message: ON_HOLD } })
      expect(await startPayment(t(), { headers: c.headers }, { packageId: 'starter-30' })).toMatchObject({ status: 403, json: { message: ON_HOLD } })
      expect(await t().api('customer/package', { method: 'PUT', body: { paymentId: started.json.payment.id }, headers: c.headers })).toMatchObject({
        status: 403,
        json: { message: ON_HOLD },
      })
      expect((await t().db.select().from(schema.bookings).where(eq(schema.bookings.sub, c.sub))).length).toBe(0)

      expect(await unblock(c.sub)).toMatchObject({ status: 200, json: { sub: c.sub, blocked: null } })
      expect(await lastAudit(c.sub)).toMatchObject({ action: 'customer.unblocked', after: { blockedAt: null, blockedReason: null } })
      expect((await book(c, '2026-11-26')).status).toBe(201)
      expect((await t().api('customer/package', { method: 'PUT', body: { paymentId: started.json.payment.id }, headers: c.headers })).status).toBe(200)

      expect(await block(c.sub, '')).toMatchObject({ status: 400, json: { message: 'Please check the request: reason is required: say why, in a few words.' } })
      expect(await block(randomUUID(), 'x')).toMatchObject({ status: 404, json: { message: NO_CUSTOMER } })
    })

    it('refuses a customer on hold on the pay-up-front path: the held session and its payment', async () => {
      const c = await customer()
      const rules = schema.bookingRules
      await t().db.update(rules).set({ payUpFront: true, payInSalon: false }).where(eq(rules.shopId, t().shop.id))
      try {
        const pending = await book(c, '2026-11-27')
        expect(pending).toMatchObject({ status: 201, json: { booking: { status: 'pending' } } })
        await block(c.sub, 'Chargebacks')
        expect(await book(c, '2026-11-28')).toMatchObject({ status: 403, json: { message: ON_HOLD } })
        expect(await startPayment(t(), { headers: c.headers }, { bookingId: pending.json.booking.id })).toMatchObject({
          status: 403,
          json: { message: ON_HOLD },
        })
      } finally {
        await t().db.update(rules).set({ payUpFront: false, payInSalon: true }).where(eq(rules.shopId, t().shop.id))
      }
    })

    it("gives the owner the customer's data export, the same as the customer's own", async () => {
      const c = await customer({ givenName: 'Exa', familyName: 'Port' })
      await book(c, '2026-11-29')
      const own = await t().api('p_account/data', { headers: c.headers })
      const theirs = await t().api(`staff/customers/${c.sub}/export`, { headers: owner.headers })
      expect(theirs.status).toBe(200)
      expect(theirs.headers.get('cache-control')).toBe('no-store')
      expect({ ...theirs.json, exportedAt: null }).toEqual({ ...own.json, exportedAt: null })
      expect(await lastAudit(c.sub)).toMatchObject({ action: 'customer.exported', actorSub: owner.sub })
      expect((await t().api(`staff/customers/${c.sub}/export`, { headers: staff.headers })).status).toBe(403)
      expect((await t().api(`staff/customers/${randomUUID()}/export`, { headers: owner.headers })).status).toBe(404)

      const desk = await inSalonCustomer(t(), { firstName: 'Paper', lastName: 'Only' })
      const deskData = await t().api(`staff/customers/${desk.sub}/export`, { headers: owner.headers })
      expect(deskData.json.account).toMatchObject({ sub: desk.sub, firstName: 'Paper', lastName: 'Only', phone: desk.phone, email: '' })
    })

    it('erases a customer as their own deletion does: the details go, and the online account unless another salon holds them', async () => {
      const c = await customer({ givenName: 'Ernie', familyName: 'Rase' })
      await credit(t(), c, 20)
      expect(await erase(c.sub, 'x', staff)).toMatchObject({ status: 403 })
      expect(await erase(c.sub, ' ')).toMatchObject({ status: 400 })
      const erased = await erase(c.sub, 'Asked by email')
      expect(erased).toMatchObject({
        status: 200,
        json: { sub: c.sub, accountDeleted: true, message: "Ernie Rase's personal details were erased and their online account was deleted." },
      })
      const [row] = await t()
        .db.select()
        .from(schema.customers)
        .where(and(eq(schema.customers.shopId, t().shop.id), eq(schema.customers.sub, c.sub)))
      expect(row).toMatchObject({ firstName: null, lastName: null, email: null, phone: null, dob: null, status: 'deleted', erasedAt: expect.any(Date) })
      expect(await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.sub, c.sub))).toEqual([])
      expect((await failure(signIn(cognitoClient(t().app), c.phone, c.password))).type).toBe('UserNotFoundException')
      expect(await profile(c.sub)).toMatchObject({ status: 404, json: { message: NO_CUSTOMER } })
      expect(await erase(c.sub, 'Again')).toMatchObject({ status: 404, json: { message: NO_CUSTOMER } })
      expect(await lastAudit(c.sub)).toMatchObject({
        action: 'customer.erased',
        reason: 'Asked by email',
        before: { account: 'online' },
        after: { erased: true, accountDeleted: true },
      })
      // The audit log keeps none of the customer's details.
      expect(JSON.stringify(await t().db.select().from(schema.staffAuditLog).where(eq(schema.staffAuditLog.subjectId, c.sub)))).not.toContain(c.phone.slice(1))

      const desk = await inSalonCustomer(t(), { firstName: 'Walk', lastName: 'Inn' })
      expect(await erase(desk.sub, 'Moved away')).toMatchObject({
        status: 200,
        json: { accountDeleted: false, message: "Walk Inn's personal details were erased at this salon." },
      })

      const both: ShopCustomer = await customer({ givenName: 'Two', familyName: 'Shops' })
      const shop = await createShop(t().db)
      expect((await t().api('p_account', { headers: { ...shop.headers, ...both.headers } })).status).toBe(200)
      expect((await erase(both.sub, 'Asked')).json).toMatchObject({ accountDeleted: false })
      // Their account stays for the other salon.
      expect((await t().api('p_account', { headers: { ...shop.headers, ...(await freshHeaders(t(), both)) } })).status).toBe(200)
    })

    it('keeps notes with a customer’s record: who wrote each and when, newest first; the audit log says a note was added, never its words', async () => {
      clock.set(START)
      const c = await customer()
      const note = (text: unknown, by: StaffUser = staff) => t().api(`staff/customers/${c.sub}/notes`, { body: { text }, headers: by.headers })
      const first = await note('  Prefers the stand-up booth  ')
      expect(first.status, JSON.stringify(first.json)).toBe(201)
      expect(first.json).toEqual({
        message: 'Note kept with their record.',
        note: { id: expect.any(String), text: 'Prefers the stand-up booth', by: staff.name, at: '2026-11-23T08:00:00+00:00' },
      })
      clock.set('2026-11-23T08:30:00Z')
      expect((await note('Asked about goggles for her daughter', owner)).status).toBe(201)
      expect((await profile(c.sub)).json.notes.map((n: { text: string; by: string }) => [n.text, n.by])).toEqual([
        ['Asked about goggles for her daughter', owner.name],
        ['Prefers the stand-up booth', staff.name],
      ])
      const [entry] = await t()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.subjectId, c.sub), eq(schema.staffAuditLog.action, 'customer.note-added')))
        .orderBy(desc(schema.staffAuditLog.id))
      expect(entry).toMatchObject({ after: { noteId: expect.any(String) } })
      expect(JSON.stringify(entry)).not.toContain('goggles')

      expect(await note('   ')).toMatchObject({ status: 400, json: { message: 'Please check the request: text is required: the note.' } })
      expect(await note('x'.repeat(1001))).toMatchObject({ status: 400, json: { message: 'Please check the request: text must be at most 1000 characters.' } })
      expect(await note(42)).toMatchObject({ status: 400 })
      expect(await t().api(`staff/customers/${randomUUID()}/notes`, { body: { text: 'Hello' }, headers: staff.headers })).toMatchObject({
        status: 404,
        json: { message: NO_CUSTOMER },
      })
      expect((await profile(c.sub)).json.notes).toHaveLength(2)
      // The customer's copy of what the salon holds (UK GDPR right of access) carries the notes, with who wrote each.
      const exported = await t().api(`staff/customers/${c.sub}/export`, { headers: owner.headers })
      expect(exported.json.staffNotes).toEqual([
        { text: 'Asked about goggles for her daughter', by: owner.name, at: '2026-11-23T08:30:00.000Z' },
        { text: 'Prefers the stand-up booth', by: staff.name, at: '2026-11-23T08:00:00.000Z' },
      ])
    })

    it('signs a customer up at the desk without a booking: the sign-up’s rules, 18 or over today, one record per number', async () => {
      clock.set(START)
      const phone = newPhone()
      const add = (input: Record<string, unknown>, by: StaffUser = staff) =>
        t().api('staff/customers', {
          body: { firstName: 'Dee', lastName: 'Desk', phone: phone.typed, dob: '1990-05-06', skinType: 4, ...input },
          headers: by.headers,
        })
      expect(await add({ dob: '2010-01-01' })).toMatchObject({
        status: 422,
        json: {
          message:
            'The customer is under 18 on Monday 23 November 2026: UK law (the Sunbeds (Regulation) Act 2010) does not allow anyone under 18 to use a sunbed.',
        },
      })
      expect(await add({ phone: '12345' })).toMatchObject({ status: 400, json: { field: 'customer.new.phone' } })
      expect(await add({ skinType: 7 })).toMatchObject({ status: 400 })
      const made = await add({ email: 'dee@example.com' })
      expect(made.status, JSON.stringify(made.json)).toBe(201)
      expect(made.json).toMatchObject({
        message: 'Dee Desk is a customer of the salon now.',
        customer: { firstName: 'Dee', lastName: 'Desk', phone: phone.e164, email: 'dee@example.com', skinType: 4, account: 'in_salon' },
      })
      const record = await profile(made.json.customer.sub)
      expect(record.json.customer).toMatchObject({ dob: '1990-05-06' })
      expect(await add({ firstName: 'Again' }, owner)).toMatchObject({
        status: 409,
        json: {
          message: 'Dee Desk already has this mobile number at the salon. Please choose them as a customer of the salon instead.',
          customerSub: made.json.customer.sub,
        },
      })
      const [entry] = await t()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.subjectId, made.json.customer.sub), eq(schema.staffAuditLog.action, 'customer.signed-up-in-salon')))
      expect(entry).toMatchObject({ actorSub: staff.sub, after: { source: 'in_salon' } })
    })
  },
  { shop: SHOP, deps: () => ({ now: clock.now, passwords: fastPasswords }) },
)
