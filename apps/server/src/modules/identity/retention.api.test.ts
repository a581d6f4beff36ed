import { randomUUID } from 'node:crypto'
import { RETENTION, RETENTION_JOBS, RETENTION_NOTICE } from '@salon/contracts/rules/retention'
import { and, eq, schema, sql } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { createWorker, type JobHandler } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { cognitoClient, credit, newPhone, shopCustomer, signIn, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { createShop, deskShop } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { anotherProcess, describeApi } from '../../test/harness.ts'
import { cutoffsAt, monthsBefore, RETENTION_ACTOR, RETENTION_EVERY_MS } from './retention.service.ts'

/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const DAY = 86_400_000
const BED = 'retention-bed'
const SHOP = deskShop(BED)
const PASSPORT = { document: 'passport' }
const after = (iso: string, months: number, days = 0) => {
  const from = Date.parse(iso)
  return monthsBefore(from, -months).getTime() + days * DAY
}

/** docs/product.md §4.16: what the privacy notice promises to delete, deleted by jobs on the shared queue, on the app's clock. */
describeApi(
  'the privacy notice’s periods, kept by jobs on the shared queue',
  (t) => {
    const logger = createLogger('silent')
    const worker = () => createWorker({ ...t().app.jobs, logger, now: clock.now })
    const handlers = () => t().app.jobs.handlers as Record<string, JobHandler>
    const run = (kind: string) => handlers()[kind]!({}, { id: randomUUID(), key: null, attempt: 1, maxAttempts: 3 })
    const record = async (sub: string, shopId = t().shop.id) =>
      (
        await t()
          .db.select()
          .from(schema.customers)
          .where(and(eq(schema.customers.shopId, shopId), eq(schema.customers.sub, sub)))
      )[0]!
    const erasures = (sub: string) =>
      t()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.action, 'customer.erased-inactive'), eq(schema.staffAuditLog.subjectId, sub)))

    /** A customer who signed up and signed in now, by the app's clock (the record's own time too). */
    async function customerNow(): Promise<ShopCustomer> {
      const customer = await shopCustomer(t())
      await t()
        .db.update(schema.customers)
        .set({ createdAt: new Date(clock.now()) })
        .where(and(eq(schema.customers.shopId, t().shop.id), eq(schema.customers.sub, customer.sub)))
      return customer
    }

    let staff: StaffUser
    beforeAll(() => clock.set(START))

    it('the notice’s periods are the jobs’ own: every promise a job keeps is a job every process runs, and every job keeps a promise', () => {
      const periodic = new Set(t().app.jobs.periodic.map((job) => job.kind))
      const promised = RETENTION_NOTICE.flatMap((row) => row.keptBy.flatMap((keeper) => ('job' in keeper ? [keeper.job] : [])))
      for (const job of promised) expect([job, periodic.has(job), typeof handlers()[job]]).toEqual([job, true, 'function'])
      expect(new Set(promised)).toEqual(new Set(Object.values(RETENTION_JOBS)))
      // Every row says what keeps it; only the analytics provider and the hosting's log are kept outside this server.
      expect(RETENTION_NOTICE.filter((row) => row.keptBy.length === 0)).toEqual([])
      const outside = RETENTION_NOTICE.filter((row) => row.keptBy.some((keeper) => 'outside' in keeper)).map((row) => row.data)
      expect(outside).toEqual(['Analytics data (only if you accept analytics cookies)', 'Technical and security logs'])
      // The daily jobs run once a day, each once across every process.
      for (const kind of [RETENTION_JOBS.inactiveCustomers, RETENTION_JOBS.contactMessages, RETENTION_JOBS.offerLeads, RETENTION_JOBS.withdrawnConsents]) {
        expect(t().app.jobs.periodic.filter((job) => job.kind === kind)).toEqual([{ kind, everyMs: RETENTION_EVERY_MS }])
      }
    })

    it(`erases exactly the customer who has not booked, bought or signed in for ${RETENTION.inactiveCustomerMonths} months, and keeps the others`, async () => {
      clock.set(START)
      const [gone, signsIn, books, buys, hasMinutes] = [await customerNow(), await customerNow(), await customerNow(), await customerNow(), await customerNow()]
      await credit(t(), hasMinutes, 30, { expiresAt: new Date(after(START, RETENTION.inactiveCustomerMonths + 6)) })

      // Six months on: one signs in, one is booked at the desk, one buys a package at the counter (its minutes last 60 days).
      clock.set(after(START, 6))
      staff = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      await signIn(cognitoClient(t().app), signsIn.phone, signsIn.password)
      const booked = await t().api('staff/bookings', {
        body: { customer: { sub: books.sub }, bedId: BED, date: '2027-05-23', time: '12:00', minutes: 6, paidWith: 'in_salon', idCheck: PASSPORT },
        headers: staff.headers,
      })
      expect(booked.status, JSON.stringify(booked.json)).toBe(201)
      const sold = await t().api('staff/counter/sales', {
        body: { sub: buys.sub, packageId: 'starter-30', method: 'cash', idempotencyKey: randomUUID(), idCheck: PASSPORT },
        headers: staff.headers,
      })
      expect(sold.status, JSON.stringify(sold.json)).toBe(201)

      // A day short of the period: nobody goes.
      clock.set(after(START, RETENTION.inactiveCustomerMonths, -1))
      await worker().runDue()
      for (const customer of [gone, signsIn, books, buys, hasMinutes]) expect((await record(customer.sub)).erasedAt).toBeNull()

      // A day past it: the one with no activity is erased, as the salon's erasure erases (the account goes too).
      clock.set(after(START, RETENTION.inactiveCustomerMonths, 1))
      await worker().runDue()
      expect(await record(gone.sub)).toMatchObject({ erasedAt: new Date(clock.now()), phone: null, firstName: null, status: 'deleted' })
      expect(await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.sub, gone.sub))).toEqual([])
      for (const customer of [signsIn, books, buys, hasMinutes]) expect((await record(customer.sub)).erasedAt).toBeNull()

      // Audited by id, with nothing that names them.
      const [entry] = await erasures(gone.sub)
      expect(entry).toMatchObject({
        shopId: t().shop.id,
        actorSub: RETENTION_ACTOR.sub,
        actorRole: 'system',
        subjectType: 'customer',
        after: { erased: true, accountDeleted: true, noActivitySince: cutoffsAt(clock.now()).customers.toISOString() },
        reason: null,
        createdAt: new Date(clock.now()),
      })
      expect(JSON.stringify(entry)).not.toContain(gone.phone.slice(-6))
      const job = await t().app.jobs.queue.byKey(`${RETENTION_JOBS.inactiveCustomers}:${Math.floor(clock.now() / RETENTION_EVERY_MS)}`)
      expect(job).toMatchObject({ status: 'done', result: { erased: expect.any(Number), accountsDeleted: expect.any(Number) } })
    })

    it('erases a customer once when two server processes run the day’s jobs at the same moment, and when the job runs twice at once', async () => {
      const born = '2030-01-07T08:00:00Z'
      clock.set(born)
      const [first, second] = [await customerNow(), await customerNow()]

      clock.set(after(born, RETENTION.inactiveCustomerMonths, 1))
      const other = anotherProcess(t(), { now: clock.now, passwords: fastPasswords })
      const workers = [worker(), createWorker({ ...other.jobs, logger, now: clock.now })]
      await Promise.all(workers.map((w) => w.runDue()))
      await Promise.all(workers.map((w) => w.runDue()))
      expect(await erasures(first.sub)).toHaveLength(1)
      expect(await erasures(second.sub)).toHaveLength(1)
      const jobs = await t()
        .db.select()
        .from(schema.jobs)
        .where(
          sql`${schema.jobs.kind} = ${RETENTION_JOBS.inactiveCustomers} and ${schema.jobs.runAt} > ${new Date(clock.now() - DAY).toISOString()}::timestamptz`,
        )
      expect(jobs.map((job) => job.status)).toEqual(['done'])

      // The same job run twice at once (a lapsed lock): each record is erased by one of them.
      const third = '2031-03-03T08:00:00Z'
      clock.set(third)
      const late = await customerNow()
      clock.set(after(third, RETENTION.inactiveCustomerMonths, 1))
      const allErasures = () => t().db.$count(schema.staffAuditLog, eq(schema.staffAuditLog.action, 'customer.erased-inactive'))
      const before = await allErasures()
      const results = (await Promise.all([run(RETENTION_JOBS.inactiveCustomers), run(RETENTION_JOBS.inactiveCustomers)])) as { erased: number }[]
      expect(await erasures(late.sub)).toHaveLength(1)
      // Whatever either run erased, no record was erased by both.
      expect(results.reduce((sum, r) => sum + r.erased, 0)).toBe((await allErasures()) - before)
    })

    it(`deletes contact messages ${RETENTION.contactMessageMonths} months after they arrived or were last answered, and offer requests ${RETENTION.offerLeadMonths} months after they were left`, async () => {
      const now = Date.parse('2034-03-06T08:00:00Z')
      clock.set(now)
      const shopId = t().shop.id
      const messageCut = cutoffsAt(now).contactMessages.getTime()
      const leadCut = cutoffsAt(now).offerLeads.getTime()
      const message = (name: string, createdAt: number, handledAt: number | null) =>
        t()
          .db.insert(schema.contactMessages)
          .values({
            shopId,
            name,
            email: `${name.toLowerCase()}@example.com`,
            message: 'Do you sell goggles?',
            consentAt: new Date(createdAt),
            createdAt: new Date(createdAt),
            handledAt: handledAt === null ? null : new Date(handledAt),
            handledBy: handledAt === null ? null : staff.sub,
          })
      await message('Unanswered', messageCut - DAY, null)
      await message('Answered', messageCut - 200 * DAY, messageCut - DAY)
      await message('Recent', messageCut + DAY, null)
      await message('Lately', messageCut - 200 * DAY, messageCut + DAY)
      const lead = (firstName: string, createdAt: number) =>
        t()
          .db.insert(schema.popupLeads)
          .values({ shopId, firstName, phone: newPhone().e164, marketingConsent: true, consentText: 'Yes please', createdAt: new Date(createdAt) })
      await lead('Old', leadCut - DAY)
      await lead('New', leadCut + DAY)

      await worker().runDue()
      const names = (await t().db.select({ name: schema.contactMessages.name }).from(schema.contactMessages).where(eq(schema.contactMessages.shopId, shopId)))
        .map((row) => row.name)
        .sort()
      expect(names).toEqual(['Lately', 'Recent'])
      const leads = (await t().db.select({ firstName: schema.popupLeads.firstName }).from(schema.popupLeads).where(eq(schema.popupLeads.shopId, shopId))).map(
        (row) => row.firstName,
      )
      expect(leads).toEqual(['New'])
      const audit = await t()
        .db.select({ action: schema.staffAuditLog.action, after: schema.staffAuditLog.after, actorRole: schema.staffAuditLog.actorRole })
        .from(schema.staffAuditLog)
        .where(
          and(
            eq(schema.staffAuditLog.shopId, shopId),
            eq(schema.staffAuditLog.createdAt, new Date(now)),
            sql`${schema.staffAuditLog.action} like 'retention.%'`,
          ),
        )
        .orderBy(schema.staffAuditLog.action)
      expect(audit).toEqual([
        { action: 'retention.contact-messages-deleted', after: { count: 2 }, actorRole: 'system' },
        { action: 'retention.offer-leads-deleted', after: { count: 1 }, actorRole: 'system' },
      ])
    })

    it(`forgets when a consent was withdrawn ${RETENTION.withdrawnConsentMonths} months after, and deletes texted codes once used or a day after they ran out`, async () => {
      const now = Date.parse('2034-06-05T08:00:00Z')
      clock.set(now - DAY)
      const [withdrawnLongAgo, withdrawnLately, given] = [await customerNow(), await customerNow(), await customerNow()]
      const cut = cutoffsAt(now).withdrawnConsents.getTime()
      const consent = (sub: string, appMarketing: boolean, at: number) =>
        t()
          .db.update(schema.customers)
          .set({ appMarketing, appTimestamp: new Date(at), masterMarketing: false, masterTimestamp: new Date(at) })
          .where(and(eq(schema.customers.shopId, t().shop.id), eq(schema.customers.sub, sub)))
      await consent(withdrawnLongAgo.sub, false, cut - DAY)
      await consent(withdrawnLately.sub, false, cut + DAY)
      await consent(given.sub, true, cut - 400 * DAY)

      const codes = schema.identityCodes
      const code = (purpose: 'signup' | 'reset', expiresAt: number, usedAt: number | null) =>
        t()
          .db.insert(codes)
          .values({ sub: given.sub, purpose, codeHash: randomUUID(), expiresAt: new Date(expiresAt), usedAt: usedAt === null ? null : new Date(usedAt) })
          .returning({ id: codes.id })
      const [used] = await code('reset', now + 3600_000, now - 60_000)
      const [longExpired] = await code('signup', now - 25 * 3600_000, null)
      const [justExpired] = await code('signup', now - 23 * 3600_000, null)
      const [live] = await code('reset', now + 3600_000, null)

      clock.set(now)
      await worker().runDue()
      expect(await record(withdrawnLongAgo.sub)).toMatchObject({ appMarketing: false, appTimestamp: null, masterTimestamp: null, erasedAt: null })
      expect(await record(withdrawnLately.sub)).toMatchObject({ appMarketing: false, appTimestamp: new Date(cut + DAY) })
      // A consent still given keeps its time, however old; only the time of a withdrawn one goes.
      expect(await record(given.sub)).toMatchObject({ appMarketing: true, appTimestamp: new Date(cut - 400 * DAY), masterTimestamp: null })
      const left = (await t().db.select({ id: codes.id }).from(codes).where(eq(codes.sub, given.sub))).map((row) => row.id).sort()
      expect(left).toEqual([justExpired!.id, live!.id].sort())
      expect(left).not.toContain(used!.id)
      expect(left).not.toContain(longExpired!.id)
    })

    it('shows the owner what the next run will delete at their salon, and when it runs; then nothing is due until the next day', async () => {
      const now = Date.parse('2035-02-05T10:00:00Z')
      clock.set(now)
      // A salon of its own, so that only what this test made is counted.
      const shop = await createShop(t().db)
      const owner = await staffUser(t(), { role: 'owner', shopId: shop.id, passwords: fastPasswords })
      const memberOfStaff = await staffUser(t(), { role: 'staff', shopId: shop.id, passwords: fastPasswords })
      const cut = cutoffsAt(now)
      const sub = randomUUID()
      await t()
        .db.insert(schema.customers)
        .values({ shopId: shop.id, sub, firstName: 'Ida', lastName: 'Idle', phone: newPhone().e164, createdAt: new Date(cut.customers.getTime() - DAY) })
      await t()
        .db.insert(schema.customers)
        .values({ shopId: shop.id, sub: randomUUID(), firstName: 'Nina', lastName: 'New', createdAt: new Date(cut.customers.getTime() + DAY) })
      await t()
        .db.insert(schema.contactMessages)
        .values({
          shopId: shop.id,
          name: 'Old',
          phone: '07700 900123',
          message: 'Hello',
          consentAt: new Date(0),
          createdAt: new Date(cut.contactMessages.getTime() - DAY),
        })
      await t()
        .db.insert(schema.popupLeads)
        .values({
          shopId: shop.id,
          firstName: 'Old',
          phone: '07700 900123',
          marketingConsent: true,
          consentText: 'Yes',
          createdAt: new Date(cut.offerLeads.getTime() - DAY),
        })

      expect((await t().api('staff/retention', { headers: { ...shop.headers, ...memberOfStaff.headers } })).status).toBe(403)
      const due = await t().api('staff/retention', { headers: { ...shop.headers, ...owner.headers } })
      expect(due.status, JSON.stringify(due.json)).toBe(200)
      expect(due.headers.get('cache-control')).toBe('private, no-store')
      expect(due.json).toEqual({
        nextRunAt: '2035-02-05T10:00:00+00:00',
        customers: { count: 1, before: '2032-02-05T10:00:00+00:00' },
        contactMessages: { count: 1, before: '2034-02-05T10:00:00+00:00' },
        offerLeads: { count: 1, before: '2033-02-05T10:00:00+00:00' },
        withdrawnConsents: { count: 0, before: '2033-02-05T10:00:00+00:00' },
      })

      await worker().runDue()
      expect((await record(sub, shop.id)).erasedAt).toEqual(new Date(now))
      const later = await t().api('staff/retention', { headers: { ...shop.headers, ...owner.headers } })
      expect(later.json).toMatchObject({
        nextRunAt: '2035-02-06T00:00:00+00:00',
        customers: { count: 0 },
        contactMessages: { count: 0 },
        offerLeads: { count: 0 },
      })
    })
  },
  { shop: SHOP, deps: () => ({ now: clock.now, passwords: fastPasswords }) },
)
