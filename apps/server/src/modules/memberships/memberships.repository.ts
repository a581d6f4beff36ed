import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull, ne, schema, sql, type Db } from '@salon/db'

const { membershipPlans: plans, memberships, membershipPayments: payments, membershipUses: uses, bookings, bedTypes, customers, shops } = schema

export type PlanRow = typeof plans.$inferSelect
export type MembershipRow = typeof memberships.$inferSelect
export type MembershipPaymentRow = typeof payments.$inferSelect
export type PlanValues = Omit<typeof plans.$inferInsert, 'id' | 'shopId' | 'createdAt'>

/** The memberships module's tables: plans, memberships and their payments (docs/decisions/043-memberships.md). */
export function createMembershipsRepository(db: Db) {
  return {
    async plans(shopId: string, onlyActive: boolean) {
      return db
        .select()
        .from(plans)
        .where(and(eq(plans.shopId, shopId), onlyActive ? eq(plans.active, true) : undefined))
        .orderBy(asc(plans.pricePence), asc(plans.name))
    },

    async plan(shopId: string, id: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(plans)
        .where(and(eq(plans.shopId, shopId), eq(plans.id, id)))
      return row
    },

    async insertPlan(shopId: string, values: PlanValues) {
      const [row] = await db
        .insert(plans)
        .values({ ...values, id: randomUUID(), shopId })
        .returning()
      return row!
    },

    async updatePlan(shopId: string, id: string, values: Partial<PlanValues>) {
      const [row] = await db
        .update(plans)
        .set(values)
        .where(and(eq(plans.shopId, shopId), eq(plans.id, id)))
        .returning()
      return row
    },

    /** Which of these bed types the salon has. */
    async bedTypesOf(shopId: string, codes: string[]) {
      const rows = await db
        .select({ code: bedTypes.code })
        .from(bedTypes)
        .where(and(eq(bedTypes.shopId, shopId), inArray(bedTypes.code, codes)))
      return rows.map((r) => r.code)
    },

    /** The customer's membership that is not cancelled, if any; with `lock`, its row is locked until the transaction ends. */
    async live(shopId: string, sub: string, executor: Db = db, lock = false) {
      const query = executor
        .select()
        .from(memberships)
        .where(and(eq(memberships.shopId, shopId), eq(memberships.sub, sub), ne(memberships.status, 'cancelled')))
      const [row] = lock ? await query.for('update') : await query
      return row
    },

    /** The customer's latest membership, cancelled or not. */
    async latest(shopId: string, sub: string) {
      const [row] = await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.shopId, shopId), eq(memberships.sub, sub)))
        .orderBy(desc(memberships.createdAt))
        .limit(1)
      return row
    },

    async byId(id: string) {
      const [row] = await db.select().from(memberships).where(eq(memberships.id, id))
      return row
    },

    /** A membership's row, locked until the transaction ends: every change of a membership takes this lock first. */
    async lock(id: string, executor: Db) {
      const [row] = await executor.select().from(memberships).where(eq(memberships.id, id)).for('update')
      return row
    },

    async insert(values: Omit<typeof memberships.$inferInsert, 'id'>, executor: Db) {
      const [row] = await executor
        .insert(memberships)
        .values({ ...values, id: randomUUID() })
        .returning()
      return row!
    },

    async update(id: string, changes: Partial<MembershipRow>, executor: Db) {
      const [row] = await executor.update(memberships).set(changes).where(eq(memberships.id, id)).returning()
      return row!
    },

    /** A payment try; undefined when this try exists already (another process made it). */
    async insertPayment(values: Omit<typeof payments.$inferInsert, 'id'>, executor: Db) {
      const [row] = await executor
        .insert(payments)
        .values({ ...values, id: randomUUID() })
        .onConflictDoNothing({ target: [payments.membershipId, payments.period, payments.attempt] })
        .returning()
      return row
    },

    async paymentTry(membershipId: string, period: number, attempt: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(payments)
        .where(and(eq(payments.membershipId, membershipId), eq(payments.period, period), eq(payments.attempt, attempt)))
      return row
    },

    async payment(id: string, executor: Db = db) {
      const [row] = await executor.select().from(payments).where(eq(payments.id, id))
      return row
    },

    async paymentByRef(ref: string) {
      const [row] = await db.select().from(payments).where(eq(payments.providerRef, ref))
      return row
    },

    /** The membership a provider's subscription charges. */
    async bySubscription(subscriptionRef: string) {
      const [row] = await db.select().from(memberships).where(eq(memberships.subscriptionRef, subscriptionRef))
      return row
    },

    /** A payment recorded from the provider's word (an invoice's), whatever month it paid: one per try of the invoice. */
    async paymentByAttempt(membershipId: string, attempt: string, executor: Db) {
      const [row] = await executor
        .select()
        .from(payments)
        .where(and(eq(payments.membershipId, membershipId), eq(payments.attempt, attempt)))
      return row
    },

    async setPaymentRef(id: string, providerRef: string, clientSecret: string | null) {
      await db.update(payments).set({ providerRef, clientSecret }).where(eq(payments.id, id))
    },

    /** Settles a pending payment; undefined when it was settled already (by another process or a webhook). */
    async settlePayment(id: string, outcome: { status: 'succeeded' | 'failed'; error: string | null; providerRef?: string; at: Date }, executor: Db) {
      const [row] = await executor
        .update(payments)
        .set({ status: outcome.status, error: outcome.error, settledAt: outcome.at, ...(outcome.providerRef ? { providerRef: outcome.providerRef } : {}) })
        .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
        .returning()
      return row
    },

    /** Whether the month is paid already (by any try or a changed card). */
    async periodPaid(membershipId: string, period: number, executor: Db = db) {
      const [row] = await executor
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.membershipId, membershipId), eq(payments.period, period), eq(payments.status, 'succeeded')))
      return row !== undefined
    },

    async paymentsOf(membershipId: string) {
      return db.select().from(payments).where(eq(payments.membershipId, membershipId)).orderBy(desc(payments.createdAt))
    },

    async timeZoneOf(shopId: string, executor: Db = db) {
      const [row] = await executor.select({ timeZone: shops.timeZone }).from(shops).where(eq(shops.id, shopId))
      return row?.timeZone ?? 'Europe/London'
    },

    /** One month of the owner's report, between two instants: members at its end, joins, cancellations and money taken. */
    async monthFigures(shopId: string, fromAt: Date, toAt: Date) {
      const from = sql`${fromAt.toISOString()}::timestamptz`
      const to = sql`${toAt.toISOString()}::timestamptz`
      const started = and(eq(memberships.shopId, shopId), sql`${memberships.joinedAt} is not null`)
      const [members] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(memberships)
        .where(and(started, sql`${memberships.joinedAt} < ${to}`, sql`(${memberships.cancelledAt} is null or ${memberships.cancelledAt} >= ${to})`))
      const [joins] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(memberships)
        .where(and(started, sql`${memberships.joinedAt} >= ${from} and ${memberships.joinedAt} < ${to}`))
      const [cancellations] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(memberships)
        .where(and(started, sql`${memberships.cancelledAt} >= ${from} and ${memberships.cancelledAt} < ${to}`))
      const [revenue] = await db
        .select({ pence: sql<number>`coalesce(sum(${payments.amountPence}), 0)::int` })
        .from(payments)
        .where(and(eq(payments.shopId, shopId), eq(payments.status, 'succeeded'), sql`${payments.settledAt} >= ${from} and ${payments.settledAt} < ${to}`))
      return { members: members!.n, joins: joins!.n, cancellations: cancellations!.n, revenuePence: revenue!.pence }
    },

    /** What sessions not cancelled have taken of a month: their number and minutes. */
    async usedIn(membershipId: string, period: number, executor: Db = db) {
      const [row] = await executor
        .select({ sessions: sql<number>`count(*)::int`, minutes: sql<number>`coalesce(sum(${uses.minutes}), 0)::int` })
        .from(uses)
        .innerJoin(bookings, eq(bookings.id, uses.bookingId))
        .where(and(eq(uses.membershipId, membershipId), eq(uses.period, period), ne(bookings.status, 'cancelled')))
      return row!
    },

    async insertUse(values: typeof uses.$inferInsert, executor: Db) {
      await executor.insert(uses).values(values)
    },

    /** Whether the customer was erased (their membership is then never charged again). */
    async customerErased(shopId: string, sub: string, executor: Db = db) {
      const [row] = await executor
        .select({ erased: sql<boolean>`${customers.erasedAt} is not null` })
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub), isNull(customers.erasedAt)))
      return row === undefined
    },
  }
}
export type MembershipsRepository = ReturnType<typeof createMembershipsRepository>
