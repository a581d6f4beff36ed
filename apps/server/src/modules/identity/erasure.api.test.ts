import { randomUUID } from 'node:crypto'
import { ConfirmDeviceCommand, DeleteUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider'
import { and, eq, schema, sql, type Db } from '@salon/db'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { cognitoClient, freshHeaders, newPhone, shopCustomer, signIn } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { buyPackage } from '../../test/factories/payments.ts'
import { createShop, deskShop } from '../../test/factories/shop.ts'
import { passwordSignInInput } from '../../test/factories/sign-up.ts'
import { staffUser } from '../../test/factories/staff.ts'
import { describeApi, describeDatabase, type TestApp } from '../../test/harness.ts'
import { eventually } from '../../test/eventually.ts'
import { ERASURE_BY_TABLE, eraseCustomer } from './erasure.service.ts'

/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const BED = 'erasure-bed'
const SHOP = deskShop(BED)
const SOME_VERIFIER = { Salt: Buffer.from('00c0ffee', 'hex').toString('base64'), PasswordVerifier: Buffer.from('1234567890abcdef', 'hex').toString('base64') }

/** The rows a query answers (PGlite and node-postgres both answer `rows`). */
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

/** The tables of the database as its migrations made them. */
const tablesOf = async (db: Db) =>
  (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  )
    .map((r) => r.name)
    .sort()

/** Every row of every table of the database, as text, that holds one of the strings (in any case). */
async function rowsNaming(t: TestApp, strings: string[]) {
  const found: { table: string; row: string }[] = []
  for (const name of await tablesOf(t.db)) {
    for (const { row } of await rowsOf<{ row: string }>(t.db, sql`select t::text as row from ${sql.identifier(name)} t`)) {
      if (strings.some((s) => row.toLowerCase().includes(s.toLowerCase()))) found.push({ table: name, row })
    }
  }
  return found
}

describeApi(
  'erasing a customer leaves nothing that names them',
  (t) => {
    const logger = createLogger('silent')
    const worker = () => createWorker({ ...t().app.jobs, logger, now: clock.now })
    beforeAll(() => clock.set(START))
    afterEach(() => clock.set(START))
    /** Each customer's session is an hour after the last one's. */
    let sessions = 0

    /**
     * A customer with something in every table that can hold a customer's details: an account with a remembered
     * device and a sign-in, health answers, a booking with its messages, a package bought by card with its receipt,
     * a referral code, a skin reaction with its note and the salon's email about it, a contact message and an offer
     * request with their number and address, a block and its reason in the audit log, a staff note naming them, a sign-in through the hosted
     * page, and a job whose error quotes their number.
     */
    async function customerWithEverything() {
      clock.set(START)
      const time = `${10 + sessions++}:00`
      const tag = randomUUID().slice(0, 8)
      // Letters only, as names are: each customer's name is their own, so no test finds another's leftovers.
      const letters = tag.replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)
      const firstName = `Otto${letters.slice(0, 4)}`
      const lastName = `Quernby${letters.slice(4)}`
      const email = `ottoline.q.${tag}@example.com`
      const phone = newPhone()
      const note = `Blistering on the left forearm ${tag}`
      const customer = await shopCustomer(t(), { phone: phone.e164, givenName: firstName, familyName: lastName, email })
      const owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      const client = cognitoClient(t().app)

      expect((await t().api('p_account', { method: 'PUT', body: { appMarketing: true }, headers: customer.headers })).status).toBe(200)
      const onDevice = (await client.send(new InitiateAuthCommand(passwordSignInInput(phone.e164)))).AuthenticationResult!
      await client.send(
        new ConfirmDeviceCommand({
          AccessToken: onDevice.AccessToken,
          DeviceKey: onDevice.NewDeviceMetadata!.DeviceKey,
          DeviceName: `${firstName}'s iPhone`,
          DeviceSecretVerifierConfig: SOME_VERIFIER,
        }),
      )

      const booked = await t().api('p_book', { body: { date: '2026-11-23', time, minutes: 6, bedId: BED }, headers: customer.headers })
      expect(booked.status, JSON.stringify(booked.json)).toBe(201)
      const bookingId = booked.json.booking.id as string
      await buyPackage(t(), customer, 'starter-30')
      expect((await t().api('p_account/referrals', { headers: customer.headers })).status).toBe(200)
      const contact = await t().api('p_message', {
        body: { name: `${firstName} ${lastName}`, phone: phone.typed, email: email.toUpperCase(), message: 'Do you sell goggles?', consent: true },
      })
      expect(contact.status).toBe(201)
      expect((await t().api('popup/customer', { body: { firstName, email, marketingConsent: true } })).status).toBe(201)
      const blocked = await t().api(`staff/customers/${customer.sub}/block`, {
        method: 'PUT',
        body: { reason: `${firstName} ${lastName} asked us to stop her booking online` },
        headers: owner.headers,
      })
      expect(blocked.status).toBe(200)
      expect((await t().api(`staff/customers/${customer.sub}/block`, { method: 'DELETE', headers: owner.headers })).status).toBe(200)
      const kept = await t().api(`staff/customers/${customer.sub}/notes`, {
        body: { text: `${firstName} ${lastName} prefers the booth` },
        headers: owner.headers,
      })
      expect(kept.status).toBe(201)
      await t()
        .db.insert(schema.hostedSignInRequests)
        .values({
          id: randomUUID(),
          browserHash: 'b'.repeat(64),
          clientId: 'client',
          redirectUri: 'http://localhost:3000/',
          codeChallenge: 'c'.repeat(43),
          scope: 'openid',
          provider: 'Google',
          social: { subject: `google-${tag}`, email, emailVerified: true, givenName: firstName, familyName: lastName },
          sub: customer.sub,
          expiresAt: new Date(clock.now() + 3600_000),
        })
      await t()
        .db.insert(schema.jobs)
        .values({
          id: randomUUID(),
          kind: 'booking.reminder',
          payload: { bookingId, startsAt: booked.json.booking.startsAt },
          status: 'failed',
          runAt: new Date(clock.now()),
          lastError: `Twilio answered 400: The 'To' number ${phone.e164} is not a valid phone number.`,
        })
      await worker().runDue()

      // The day after the session, they report a reaction: the salon is emailed about it.
      clock.set('2026-11-24T09:00:00Z')
      const reported = await t().api('p_account/reaction', {
        body: { bookingId, kinds: ['redness', 'itching'], note },
        headers: await freshHeaders(t(), customer),
      })
      expect(reported.status, JSON.stringify(reported.json)).toBe(201)
      await worker().runDue()

      const strings = [phone.e164, phone.e164.slice(1), phone.typed, email, firstName, lastName, note]
      const [messages, reactionEmail] = await Promise.all([
        t().db.select().from(schema.customerMessages).where(eq(schema.customerMessages.sub, customer.sub)),
        t()
          .db.select()
          .from(schema.outbox)
          .where(sql`${schema.outbox.body} like ${`%${note}%`}`),
      ])
      // Before erasure, the details are where the finding says they are.
      expect(messages.map((m) => m.kind).sort()).toEqual(['booking-confirmed', 'booking-confirmed', 'payment-receipt', 'skin-reaction-reported'])
      expect(reactionEmail).toHaveLength(1)
      expect((await rowsNaming(t(), strings)).length).toBeGreaterThan(0)
      return { ...customer, strings, bookingId }
    }

    /** What the salon keeps of an erased customer: the sessions and money, under their sub alone. */
    async function expectSalonRecordsKept(sub: string) {
      const shopId = t().shop.id
      const where = <T extends { shopId: any; sub: any }>(table: T) => and(eq(table.shopId, shopId), eq(table.sub, sub))
      expect(await t().db.select().from(schema.bookings).where(where(schema.bookings))).toHaveLength(1)
      expect(await t().db.select().from(schema.payments).where(where(schema.payments))).toHaveLength(1)
      expect((await t().db.select().from(schema.balanceLedger).where(where(schema.balanceLedger))).length).toBeGreaterThan(0)
      expect(await t().db.select().from(schema.customers).where(where(schema.customers))).toEqual([
        expect.objectContaining({ firstName: null, phone: null, status: 'deleted', erasedAt: expect.any(Date) }),
      ])
      // Health data goes, and so do the messages; the audit log keeps the facts without the staff's notes.
      expect(await t().db.select().from(schema.healthAnswers).where(eq(schema.healthAnswers.sub, sub))).toEqual([])
      expect(await t().db.select().from(schema.skinReactions).where(eq(schema.skinReactions.sub, sub))).toEqual([])
      expect(await t().db.select().from(schema.customerMessages).where(eq(schema.customerMessages.sub, sub))).toEqual([])
      const audit = await t()
        .db.select({ action: schema.staffAuditLog.action, reason: schema.staffAuditLog.reason })
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.subjectType, 'customer'), eq(schema.staffAuditLog.subjectId, sub)))
        .orderBy(schema.staffAuditLog.id)
      expect(audit.slice(0, 2)).toEqual([
        { action: 'customer.blocked', reason: null },
        { action: 'customer.unblocked', reason: null },
      ])
    }

    it('the salon’s erasure leaves the customer’s number, address, name and reaction note in no row of any table', async () => {
      const customer = await customerWithEverything()
      const owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      const erased = await t().api(`staff/customers/${customer.sub}`, { method: 'DELETE', body: { reason: 'Asked to be forgotten' }, headers: owner.headers })
      expect(erased).toMatchObject({ status: 200, json: { accountDeleted: true } })
      expect(await rowsNaming(t(), customer.strings)).toEqual([])
      await expectSalonRecordsKept(customer.sub)
    })

    it('the customer’s own account deletion leaves their number, address, name and reaction note in no row of any table', async () => {
      const customer = await customerWithEverything()
      const tokens = await signIn(cognitoClient(t().app), customer.phone, customer.password)
      await cognitoClient(t().app).send(new DeleteUserCommand({ AccessToken: tokens.accessToken }))
      expect(await rowsNaming(t(), customer.strings)).toEqual([])
      await expectSalonRecordsKept(customer.sub)
    })

    it('a message about an erased customer is never written, however the job that sends it raced the erasure', async () => {
      const customer = await customerWithEverything()
      const owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      await t().api(`staff/customers/${customer.sub}`, { method: 'DELETE', body: { reason: 'Asked to be forgotten' }, headers: owner.headers })
      // A job that read the booking before the erasure and writes its message after it.
      await t()
        .db.insert(schema.customerMessages)
        .values({
          id: randomUUID(),
          key: `late:${customer.bookingId}:sms`,
          shopId: t().shop.id,
          sub: customer.sub,
          kind: 'booking-reminder',
          channel: 'sms',
          recipient: customer.phone,
          body: 'A reminder',
          status: 'sending',
        })
      expect(await t().db.select().from(schema.customerMessages).where(eq(schema.customerMessages.sub, customer.sub))).toEqual([])
    })
  },
  { shop: SHOP, deps: () => ({ now: clock.now, passwords: fastPasswords }) },
)

describeDatabase('what erasure does with each table', (database) => {
  it('every table of the database has its line in ERASURE_BY_TABLE, and every line its table', async () => {
    // A new table fails here until someone decides what erasing a customer does with it.
    expect(await tablesOf(database().db)).toEqual(Object.keys(ERASURE_BY_TABLE).sort())
  })

  it('the audit log takes one change: an erasure’s redaction of an entry, once, which only takes things out', async () => {
    const { db } = database()
    const shop = await createShop(db)
    const [entry] = await db
      .insert(schema.staffAuditLog)
      .values({
        shopId: shop.id,
        actorSub: randomUUID(),
        actorName: 'Olive Owner',
        actorRole: 'owner',
        action: 'customer.blocked',
        subjectType: 'customer',
        subjectId: randomUUID(),
        before: { blockedAt: null, blockedReason: null },
        after: { blockedAt: '2026-11-23T08:00:00.000Z', blockedReason: 'Rude to the staff' },
        reason: 'Rude to the staff',
      })
      .returning()
    const change = (values: Partial<typeof schema.staffAuditLog.$inferInsert>) =>
      db.update(schema.staffAuditLog).set(values).where(eq(schema.staffAuditLog.id, entry!.id))
    /** What the database answered: its refusal, or that the change was made. */
    const answer = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => 'changed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      )
    const refused = 'staff_audit_log is append-only'
    const at = new Date(START)
    expect(await answer(change({ reason: null }))).toBe(refused)
    expect(await answer(change({ reason: null, redactedAt: at, action: 'customer.unblocked' }))).toBe(refused)
    expect(await answer(change({ reason: 'Changed', redactedAt: at }))).toBe(refused)
    expect(await answer(change({ reason: null, redactedAt: at, after: { blockedAt: null } }))).toBe(refused)
    expect(await answer(db.delete(schema.staffAuditLog).where(eq(schema.staffAuditLog.id, entry!.id)))).toBe(refused)
    expect(await answer(change({ reason: null, redactedAt: at, after: { blockedAt: '2026-11-23T08:00:00.000Z' } }))).toBe('changed')
    expect(await answer(change({ reason: null, redactedAt: at, before: null }))).toBe(refused)
    const [redacted] = await db.select().from(schema.staffAuditLog).where(eq(schema.staffAuditLog.id, entry!.id))
    expect(redacted).toMatchObject({ action: 'customer.blocked', reason: null, after: { blockedAt: '2026-11-23T08:00:00.000Z' }, redactedAt: at })
  })
})

/** A message being written while the customer is erased: one waits for the other, and no message outlives the erasure. */
describeApi(
  'a message racing the customer’s erasure',
  (t) => {
    const waitingForLocks = async () =>
      (
        await rowsOf<{ n: number }>(
          t().db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0]!.n
    const message = (customer: { sub: string; phone: string }, key: string) => ({
      id: randomUUID(),
      key,
      shopId: t().shop.id,
      sub: customer.sub,
      kind: 'booking-reminder',
      channel: 'sms',
      recipient: customer.phone,
      body: 'A reminder',
      status: 'sending',
    })
    const messagesOf = (sub: string) => t().db.select().from(schema.customerMessages).where(eq(schema.customerMessages.sub, sub))

    it('a message claimed while the erasure is under way waits for it, then is not written', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      let claim: Promise<unknown> | undefined
      await t().db.transaction(async (tx) => {
        await eraseCustomer(tx, { by: 'salon', sub: customer.sub, shopId: t().shop.id }, new Date(clock.now()))
        claim = t()
          .db.insert(schema.customerMessages)
          .values(message(customer, `during:${customer.sub}`))
          .then(() => undefined)
        expect(await eventually(waitingForLocks, (n) => n > 0)).toBeGreaterThan(0)
      })
      await claim
      expect(await messagesOf(customer.sub)).toEqual([])
    })

    it('an erasure that starts while a message is being claimed waits for the claim, then removes the message', async () => {
      clock.set(START)
      const customer = await shopCustomer(t())
      const owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      let erasure: ReturnType<TestApp['api']> | undefined
      await t().db.transaction(async (tx) => {
        await tx.insert(schema.customerMessages).values(message(customer, `before:${customer.sub}`))
        erasure = t().api(`staff/customers/${customer.sub}`, { method: 'DELETE', body: { reason: 'Asked to be forgotten' }, headers: owner.headers })
        expect(await eventually(waitingForLocks, (n) => n > 0)).toBeGreaterThan(0)
      })
      expect((await erasure!).status).toBe(200)
      expect(await messagesOf(customer.sub)).toEqual([])
    })
  },
  { shop: SHOP, deps: () => ({ now: clock.now, passwords: fastPasswords }), postgresOnly: true },
)
