import { randomUUID } from 'node:crypto'
import { and, desc, eq, schema } from '@salon/db'
import { decodeJwt } from 'jose'
import { beforeAll, expect, it } from 'vitest'
import { correctCustomerDetails } from '../booking/public.ts'
import { cognitoClient, failure, newPhone, shopCustomer, signIn, signUpCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { createShop, deskShop } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi, type TestApp } from '../../test/harness.ts'

/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const BED = 'edit-bed'
const TAKEN = 'This mobile number belongs to another customer of the salon.'

/** A customer the salon signed up at its desk: a record of the shop's with no online account. */
async function deskCustomer(t: TestApp, shopId = t.shop.id) {
  const sub = randomUUID()
  const phone = newPhone().e164
  await t.db.insert(schema.customers).values({
    shopId,
    sub,
    phone,
    firstName: 'Dana',
    lastName: 'Desk',
    email: `dana-${sub.slice(0, 8)}@example.com`,
    dob: '1990-05-06',
    skinType: 3,
    signupSource: 'in_salon',
    status: 'active',
  })
  return { sub, phone }
}

/** docs/product.md §10.5: staff correct a customer's details at the desk. */
describeApi(
  "staff correct a customer's details",
  (t) => {
    let staff: StaffUser
    let owner: StaffUser

    beforeAll(async () => {
      clock.set(START)
      staff = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
    })

    const edit = (sub: string, body: unknown, by: StaffUser = staff) => t().api(`staff/customers/${sub}`, { method: 'PUT', body, headers: by.headers })
    const record = async (sub: string) => (await t().api(`staff/customers/${sub}`, { headers: staff.headers })).json.customer
    const auditOf = (sub: string) =>
      t()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.subjectId, sub), eq(schema.staffAuditLog.action, 'customer.details-changed')))
        .orderBy(desc(schema.staffAuditLog.id))

    it('corrects each detail of a customer signed up at the desk, one at a time or together, as staff or owner', async () => {
      const { sub } = await deskCustomer(t())
      const phone = newPhone()
      const steps: [Record<string, unknown>, Record<string, unknown>][] = [
        [{ firstName: '  Danielle ' }, { firstName: 'Danielle', name: 'Danielle Desk' }],
        [{ lastName: 'Deskworth' }, { lastName: 'Deskworth' }],
        [{ phone: phone.typed }, { phone: phone.e164 }],
        [{ email: 'danielle@example.com' }, { email: 'danielle@example.com' }],
        [{ email: '' }, { email: null }],
        [{ dob: '1988-02-29' }, { dob: '1988-02-29' }],
        [{ skinType: 5 }, { skinType: 5 }],
      ]
      for (const [body, shown] of steps) {
        const answer = await edit(sub, body)
        expect([body, answer.status, answer.json.customer]).toEqual([body, 200, expect.objectContaining(shown)])
        expect(await record(sub)).toMatchObject(shown)
      }
      const together = await edit(sub, { firstName: 'Dee', skinType: 4, email: null }, owner)
      expect(together.json).toMatchObject({
        message: "Dee Deskworth's first name and skin type were corrected.",
        changed: ['firstName', 'skinType'],
        customer: { firstName: 'Dee', skinType: 4, email: null, account: 'in_salon' },
        bookingsBreakingRules: [],
      })
    })

    it('refuses details that break the sign-up’s rules with a clear 4xx, and changes nothing', async () => {
      const { sub, phone } = await deskCustomer(t())
      const cases: [unknown, number, RegExp][] = [
        [{ phone: '12345' }, 400, /^Please check the mobile number: it must be a mobile number/],
        [{ phone: '01632 960123' }, 400, /mobile number/],
        [{ email: 'not-an-email' }, 400, /^Please check the email address/],
        [{ dob: '2026-02-30' }, 400, /dob/],
        [{ dob: '2027-01-01' }, 400, /^Please check the date of birth/],
        [{ dob: '1899-12-31' }, 400, /dob must be a date from 1900/],
        [{ dob: '2010-01-01' }, 422, /^The customer is under 18 on Monday 23 November 2026/],
        [{ skinType: 7 }, 400, /skinType must be a skin type from 1 to 6/],
        [{ skinType: '3' }, 400, /skinType/],
        [{ firstName: '' }, 400, /firstName is required/],
        [{ lastName: 'x'.repeat(101) }, 400, /lastName must be at most 100 characters/],
        [{ firstName: 'Da\u0000na' }, 400, /firstName contains a character that cannot be accepted/],
        [{}, 400, /Please send at least one detail to change/],
        [{ nickname: 'Dee' }, 400, /Unrecognized key: "nickname"/],
        [{ appMarketing: true }, 400, /Marketing choices and booking texts are the customer's own/],
        [{ firstName: 'Dee', masterMarketing: false }, 400, /Marketing choices and booking texts are the customer's own/],
        [{ bookingTexts: false }, 400, /Marketing choices and booking texts are the customer's own/],
        [[], 400, /./],
      ]
      for (const [body, status, message] of cases) {
        const answer = await edit(sub, body)
        expect([body, answer.status, answer.json?.message]).toEqual([body, status, expect.stringMatching(message)])
      }
      expect(await record(sub)).toMatchObject({ firstName: 'Dana', lastName: 'Desk', phone, dob: '1990-05-06', skinType: 3 })
      expect(await auditOf(sub)).toEqual([])
    })

    it("refuses another customer's mobile number without naming them", async () => {
      const holder = await deskCustomer(t())
      const { sub } = await deskCustomer(t())
      const answer = await edit(sub, { phone: `0${holder.phone.slice(3)}` })
      expect(answer).toMatchObject({ status: 409, json: { message: TAKEN, field: 'phone' } })
      expect(JSON.stringify(answer.json)).not.toContain(holder.sub)
      expect(JSON.stringify(answer.json)).not.toContain('Dana')
      // Their own number is theirs: giving it again changes nothing.
      const own = (await record(sub)).phone
      expect(await edit(sub, { phone: own })).toMatchObject({ status: 200, json: { changed: [] } })
    })

    it('gives a number to one customer only when two desks give it to two customers at once, or sign someone up with it', async () => {
      const [first, second] = [await deskCustomer(t()), await deskCustomer(t())]
      const phone = newPhone()
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? first : second)).map(async (c) => ({
          sub: c.sub,
          answer: await edit(c.sub, { phone: phone.typed }),
        })),
      )
      for (const { answer } of answers) expect([answer.status, answer.json.message]).toEqual(answer.status === 200 ? [200, expect.any(String)] : [409, TAKEN])
      const winners = new Set(answers.filter((a) => a.answer.status === 200).map((a) => a.sub))
      expect(winners.size).toBe(1)
      const losers = answers.filter((a) => !winners.has(a.sub))
      expect(losers.map((a) => a.answer.status)).toEqual(Array(15).fill(409))
      const holders = await t().db.select({ sub: schema.customers.sub }).from(schema.customers).where(eq(schema.customers.phone, phone.e164))
      expect(holders).toEqual([{ sub: [...winners][0] }])

      const third = await deskCustomer(t())
      const another = newPhone()
      const mixed = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? edit(third.sub, { phone: another.typed })
            : t().api('staff/customers', {
                body: { firstName: 'Race', lastName: `Runner${i}`, phone: another.typed, dob: '1990-01-01', skinType: 3 },
                headers: staff.headers,
              }),
        ),
      )
      for (const answer of mixed) expect([200, 201, 409]).toContain(answer.status)
      const held = await t().db.select({ sub: schema.customers.sub }).from(schema.customers).where(eq(schema.customers.phone, another.e164))
      expect(held).toHaveLength(1)
    })

    it("answers 404 for another salon's customer, an unknown one and an erased one", async () => {
      const shop = await createShop(t().db)
      const theirs = await deskCustomer(t(), shop.id)
      const erased = await deskCustomer(t())
      expect(
        (await t().api(`staff/customers/${erased.sub}`, { method: 'DELETE', body: { reason: 'Asked to be forgotten' }, headers: owner.headers })).status,
      ).toBe(200)
      for (const sub of [theirs.sub, randomUUID(), erased.sub]) {
        expect(await edit(sub, { firstName: 'Nobody' })).toMatchObject({ status: 404, json: { message: 'There is no such customer at this salon.' } })
      }
      const [row] = await t()
        .db.select()
        .from(schema.customers)
        .where(and(eq(schema.customers.shopId, shop.id), eq(schema.customers.sub, theirs.sub)))
      expect(row?.firstName).toBe('Dana')
    })

    it('writes one audit line naming the fields changed and holding none of their values; nothing changed writes none', async () => {
      const { sub } = await deskCustomer(t())
      const phone = newPhone()
      const answer = await edit(sub, { firstName: 'Quintessa', phone: phone.typed, email: 'quintessa@example.com', dob: '1979-03-14', skinType: 2 })
      expect(answer.status).toBe(200)
      const entries = await auditOf(sub)
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({
        actorSub: staff.sub,
        subjectType: 'customer',
        before: null,
        after: { fields: ['firstName', 'phone', 'email', 'dob', 'skinType'], account: 'in_salon' },
      })
      const written = JSON.stringify(entries[0])
      for (const value of ['Quintessa', phone.e164, phone.typed, phone.e164.slice(3), 'quintessa@example.com', '1979-03-14', 'Dana'])
        expect([value, written.includes(value)]).toEqual([value, false])
      expect(await edit(sub, { firstName: 'Quintessa', skinType: 2 })).toMatchObject({
        status: 200,
        json: { changed: [], message: "Nothing changed: Quintessa Desk's details were already so." },
      })
      expect(await auditOf(sub)).toHaveLength(1)
    })

    it('corrects an online account in the user pool too: the next sign-in is with the new number and its token carries the new details', async () => {
      clock.set(START)
      const customer = await shopCustomer(t(), { givenName: 'Olwen', familyName: 'Online' })
      const phone = newPhone()
      const answer = await edit(customer.sub, { firstName: 'Olwyn', lastName: 'Onlineworth', phone: phone.typed, email: 'olwyn@example.com', skinType: 5 })
      expect(answer).toMatchObject({ status: 200, json: { customer: { account: 'online', firstName: 'Olwyn', phone: phone.e164 } } })
      const client = cognitoClient(t().app)
      expect(await failure(signIn(client, customer.phone, customer.password))).toMatchObject({ type: 'UserNotFoundException' })
      const tokens = await signIn(client, phone.e164, customer.password)
      expect(decodeJwt(tokens.idToken)).toMatchObject({
        sub: customer.sub,
        given_name: 'Olwyn',
        family_name: 'Onlineworth',
        phone_number: phone.e164,
        phone_number_verified: true,
        email: 'olwyn@example.com',
        'custom:skin_type': '5',
      })
      // The customer's own account page reads the record the salon corrected.
      const own = await t().api('p_account', { headers: { authorization: `Bearer ${tokens.idToken}` } })
      expect(own.status).toBe(200)
      expect(JSON.stringify(own.json)).toContain('Olwyn')
      expect((await auditOf(customer.sub))[0]).toMatchObject({ after: { account: 'online' } })
      expect(await edit(customer.sub, { email: '' })).toMatchObject({ status: 422, json: { field: 'email' } })
    })

    it("refuses an online account's sign-in number, and frees one held by a sign-up nobody confirmed", async () => {
      const other = await shopCustomer(t(), { healthAnswered: false })
      const { sub } = await deskCustomer(t())
      expect(await edit(sub, { phone: other.phone })).toMatchObject({ status: 409, json: { message: TAKEN } })
      const online = await shopCustomer(t(), { healthAnswered: false })
      // A number held by a sign-up nobody confirmed (its code never used).
      const abandoned = (await signUpCustomer(t().app, cognitoClient(t().app))).phone
      expect(await edit(online.sub, { phone: abandoned })).toMatchObject({ status: 200, json: { changed: ['phone'] } })
      const [pending] = await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.phone, abandoned))
      expect(pending?.sub).toBe(online.sub)
    })

    it("refuses the sign-in number of an online account at another salon, and changes every salon's copy of an online profile", async () => {
      const shop = await createShop(t().db)
      const elsewhere = await shopCustomer(t(), { metadata: shop.headers, healthAnswered: false })
      const online = await shopCustomer(t(), { healthAnswered: false })
      expect(await edit(online.sub, { phone: elsewhere.phone })).toMatchObject({
        status: 409,
        json: { message: 'This mobile number is the sign-in of another online account, so it cannot be given to this customer.', field: 'phone' },
      })
      // The same account at both salons: the profile is one.
      expect((await t().api('p_account', { headers: { ...shop.headers, ...online.headers } })).status).toBe(200)
      expect(await edit(online.sub, { lastName: 'Everywhere' })).toMatchObject({ status: 200 })
      const copies = await t().db.select({ lastName: schema.customers.lastName }).from(schema.customers).where(eq(schema.customers.sub, online.sub))
      expect(copies).toEqual([{ lastName: 'Everywhere' }, { lastName: 'Everywhere' }])
    })

    it('lists the upcoming sessions a new skin type now breaks a rule of, and cancels none', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      const booked = await t().api('p_book', { body: { date: '2026-11-30', time: '10:00', minutes: 6, bedId: BED }, headers: customer.headers })
      expect(booked.status, JSON.stringify(booked.json)).toBe(201)
      const id = booked.json.id ?? booked.json.booking?.id
      const answer = await edit(customer.sub, { skinType: 1, dob: '1996-11-23' })
      expect(answer.json).toMatchObject({
        message: expect.stringContaining('One upcoming session now breaks a sunbed rule: please move or cancel it.'),
        bookingsBreakingRules: [
          { id, date: '2026-11-30', time: '10:00', bed: 'Lay-down One', problems: [{ rule: 'skin-type-1', message: expect.stringMatching(/skin type I/i) }] },
        ],
      })
      const [row] = await t().db.select({ status: schema.bookings.status }).from(schema.bookings).where(eq(schema.bookings.id, id))
      expect(row?.status).toBe('booked')
      // Already so: listed only when the change makes it so.
      expect((await edit(customer.sub, { skinType: 1, firstName: 'Again' })).json.bookingsBreakingRules).toEqual([])
      expect((await edit(customer.sub, { skinType: 3 })).json.bookingsBreakingRules).toEqual([])
    })

    it('with a real Cognito pool, refuses to change an online account and corrects a customer signed up at the desk', async () => {
      const customer = await shopCustomer(t(), { healthAnswered: false })
      const desk = await deskCustomer(t())
      const actor = { shopId: t().shop.id, sub: staff.sub, name: 'Sam Staff', role: 'staff' as const }
      const options = { at: t().now(), externalPool: true }
      await expect(correctCustomerDetails(t().db, actor, customer.sub, { skinType: 4 }, options)).rejects.toMatchObject({
        status: 409,
        message: expect.stringMatching(/^This customer has an online account, so they change .* themselves, in their account/),
      })
      expect((await correctCustomerDetails(t().db, actor, desk.sub, { skinType: 4 }, options)).changed).toEqual(['skinType'])
    })
  },
  { shop: deskShop(BED), deps: () => ({ now: clock.now, passwords: fastPasswords }) },
)
