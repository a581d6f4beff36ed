import { randomUUID } from 'node:crypto'
import { ACCOUNT_ON_HOLD_MESSAGE } from '@salon/contracts/staff-customers'
import { and, eq, inArray, isNull, schema, sql, type Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { normalisePhone } from './phone.ts'

const { customers } = schema

export type CustomerRow = typeof customers.$inferSelect
export type CustomerProfile = Pick<CustomerRow, 'firstName' | 'lastName' | 'email' | 'phone' | 'dob' | 'skinType'>
/** What an import brings besides the profile of a customer signed up at the salon: consent, the salon's note, when. */
type Imported = Partial<Pick<CustomerRow, 'appMarketing' | 'appTimestamp' | 'note' | 'createdAt' | 'updatedAt'>>
/** A customer signed up at the salon: the profile, with the number in E.164. */
export type InSalonProfile = CustomerProfile & { phone: string } & Imported

/** The sign-up source of a customer the salon signed up at its desk, who has no online account until they make one. */
export const IN_SALON = 'in_salon'

/** The only code that reads or writes the customers table. */
export function createCustomersRepository(db: Db) {
  /**
   * Many customers signed up at the salon at once (an import from its previous system, docs/product.md §10.5), by
   * the desk's one rule: each number locked at the shop (in one order, so two callers cannot deadlock), a number
   * already held by one of the shop's customers answering that customer, the others made in one insert. Answers
   * one outcome per profile, in order. Locks are held to the end of the caller's transaction: a caller passes a
   * few hundred profiles at a time, not a whole file.
   */
  async function addInSalonMany(shopId: string, profiles: InSalonProfile[]): Promise<{ created: boolean; customer: CustomerRow }[]> {
    if (profiles.length === 0) return []
    const phones = [...new Set(profiles.map((p) => p.phone))]
    const keys = phones.map((phone) => `customer-phone:${shopId}:${phone}`).sort()
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(${sql.param(keys)}::text[]) as k`)
    const found = await db
      .select()
      .from(customers)
      .where(and(eq(customers.shopId, shopId), inArray(customers.phone, phones), isNull(customers.erasedAt)))
      .orderBy(customers.createdAt)
    const held = new Map<string, CustomerRow>()
    for (const row of found) if (!held.has(row.phone!)) held.set(row.phone!, row)
    const fresh = new Map<string, InSalonProfile>()
    for (const profile of profiles) if (!held.has(profile.phone) && !fresh.has(profile.phone)) fresh.set(profile.phone, profile)
    const made = new Map<string, CustomerRow>()
    if (fresh.size) {
      const rows = await db
        .insert(customers)
        .values([...fresh.values()].map((profile) => ({ shopId, sub: randomUUID(), ...profile, signupSource: IN_SALON, status: 'active' })))
        .returning()
      for (const row of rows) made.set(row.phone!, row)
    }
    const claimed = new Set<string>()
    return profiles.map((profile) => {
      const mine = made.get(profile.phone)
      if (mine && !claimed.has(profile.phone)) {
        claimed.add(profile.phone)
        return { created: true, customer: mine }
      }
      return { created: false, customer: held.get(profile.phone) ?? mine! }
    })
  }

  return {
    async find(shopId: string, sub: string): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub), isNull(customers.erasedAt)))
      return row
    },

    /** The customer's record at a shop, made from the pool's profile the first time they use that shop. */
    async ensure(
      shopId: string,
      sub: string,
      profile: CustomerProfile & Partial<Pick<CustomerRow, 'signupSource' | 'status' | 'appMarketing' | 'appTimestamp'>>,
    ) {
      await db
        .insert(customers)
        .values({ shopId, sub, ...profile })
        .onConflictDoNothing()
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub)))
      return row!
    },

    async updateConsents(
      shopId: string,
      sub: string,
      changes: Partial<Pick<CustomerRow, 'appMarketing' | 'appTimestamp' | 'masterMarketing' | 'masterTimestamp' | 'bookingTexts' | 'bookingTextsChangedAt'>>,
    ) {
      const [row] = await db
        .update(customers)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub), isNull(customers.erasedAt)))
        .returning()
      return row
    },

    /** Keeps every shop's copy of the profile in step with the pool's attributes. */
    async updateProfile(sub: string, profile: Partial<CustomerProfile>) {
      await db
        .update(customers)
        .set({ ...profile, updatedAt: new Date() })
        .where(and(eq(customers.sub, sub), isNull(customers.erasedAt)))
    },

    /** The customer whose referral code this is at the shop. */
    async referrerByCode(shopId: string, code: string) {
      const [row] = await db
        .select({ sub: customers.sub, email: customers.email, phone: customers.phone })
        .from(schema.referralCodes)
        .innerJoin(customers, and(eq(customers.shopId, schema.referralCodes.shopId), eq(customers.sub, schema.referralCodes.sub)))
        .where(and(eq(schema.referralCodes.shopId, shopId), eq(schema.referralCodes.code, code), isNull(customers.erasedAt)))
      return row
    },

    /** A friend who signed up with a customer's code: referred once. */
    async recordReferral(shopId: string, friendSub: string, referrerSub: string) {
      await db.insert(schema.referrals).values({ shopId, friendSub, referrerSub }).onConflictDoNothing()
    },

    /**
     * Forgets the salon records of sign-ups that were never confirmed (they could not sign in, so they hold nothing
     * else). A customer signed up at the salon keeps their record: an abandoned sign-up that would have linked to it
     * took nothing from it but its sub.
     */
    async removeNeverConfirmed(subs: string[]) {
      if (subs.length === 0) return
      await db.delete(schema.referrals).where(inArray(schema.referrals.friendSub, subs))
      await db
        .delete(customers)
        .where(and(inArray(customers.sub, subs), isNull(customers.erasedAt), sql`${customers.signupSource} is distinct from ${IN_SALON}`))
    },

    /**
     * A customer the salon signs up at its desk (docs/product.md §10.2): a record with a new sub and no pool user.
     * Under a lock on the number at the shop, so two members of staff cannot make the same person twice; a number
     * already held by one of the shop's customers answers that customer instead of making another.
     */
    async addInSalon(shopId: string, profile: InSalonProfile): Promise<{ created: boolean; customer: CustomerRow }> {
      return (await addInSalonMany(shopId, [profile]))[0]!
    },

    addInSalonMany,

    /**
     * The sub a sign-up with this number at this shop takes over (docs/product.md §10.2): that of a customer the salon
     * signed up at its desk whom no confirmed account holds yet. The new account is then that customer, with their
     * sessions, minutes and history, which are all kept by sub.
     */
    async inSalonToLink(shopId: string, phone: string): Promise<string | undefined> {
      const [row] = await db
        .select({ sub: customers.sub })
        .from(customers)
        .where(
          and(
            eq(customers.shopId, shopId),
            eq(customers.phone, phone),
            eq(customers.signupSource, IN_SALON),
            isNull(customers.erasedAt),
            sql`not exists (select 1 from identity_users u where u.sub = ${customers.sub} and u.status <> 'UNCONFIRMED')`,
          ),
        )
        .orderBy(customers.createdAt)
        .limit(1)
      return row?.sub
    },

    /** Whether any other shop still holds a record of the customer that is not erased (their pool account is theirs too). */
    async heldElsewhere(shopId: string, sub: string) {
      const [row] = await db
        .select({ shopId: customers.shopId })
        .from(customers)
        .where(and(eq(customers.sub, sub), sql`${customers.shopId} <> ${shopId}`, isNull(customers.erasedAt)))
        .limit(1)
      return row !== undefined
    },

    /**
     * Refuses a customer the salon has put on hold (docs/product.md §10.5): the one check booking and buying online
     * both make. Read through `executor`, so a caller holding the customer's lock reads the block as it stands.
     */
    async refuseBlocked(shopId: string, sub: string, executor: Db = db) {
      const [row] = await executor
        .select({ blockedAt: customers.blockedAt })
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub)))
      if (row?.blockedAt) throw new HttpError(403, ACCOUNT_ON_HOLD_MESSAGE)
    },

    /** Puts a customer on hold, or changes the reason; answers the record as it was, locked, and as it is now. */
    async block(shopId: string, sub: string, reason: string, at: Date) {
      const [before] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub), isNull(customers.erasedAt)))
        .for('update')
      if (!before) return undefined
      const [after] = await db
        .update(customers)
        .set({ blockedAt: before.blockedAt ?? at, blockedReason: reason, updatedAt: at })
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub)))
        .returning()
      return { before, after: after! }
    },

    async unblock(shopId: string, sub: string, at: Date) {
      const [before] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub), isNull(customers.erasedAt)))
        .for('update')
      if (!before) return undefined
      const [after] = await db
        .update(customers)
        .set({ blockedAt: null, blockedReason: null, updatedAt: at })
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub)))
        .returning()
      return { before, after: after! }
    },

    /**
     * The shop's customers a member of staff is looking for (docs/product.md §10.5): by mobile number however it is
     * written (in full, or a run of its digits), by part of a first or last name or of the whole name, or by part of
     * the email address, any case; never an erased one. Each says whether they have an online account (a confirmed
     * pool user) or were signed up at the salon only.
     */
    async search(shopId: string, query: string, limit: number) {
      const text = query.trim().toLowerCase()
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const phone = normalisePhone(query)
      const digits = /^[\d\s()+-]+$/.test(query.trim()) ? query.replace(/\D/g, '').replace(/^0/, '') : ''
      const matches = [
        sql`lower(${customers.firstName}) like ${like}`,
        sql`lower(${customers.lastName}) like ${like}`,
        sql`lower(concat_ws(' ', ${customers.firstName}, ${customers.lastName})) like ${like}`,
        sql`lower(${customers.email}) like ${like}`,
        ...(phone ? [eq(customers.phone, phone)] : []),
        ...(digits.length >= 3 ? [sql`${customers.phone} like ${`%${digits}%`}`] : []),
      ]
      return db
        .select({
          sub: customers.sub,
          firstName: customers.firstName,
          lastName: customers.lastName,
          email: customers.email,
          phone: customers.phone,
          skinType: customers.skinType,
          blockedAt: customers.blockedAt,
          online: hasOnlineAccount,
        })
        .from(customers)
        .where(and(eq(customers.shopId, shopId), isNull(customers.erasedAt), sql`(${sql.join(matches, sql` or `)})`))
        .orderBy(sql`lower(${customers.lastName}) nulls last`, sql`lower(${customers.firstName}) nulls last`, customers.createdAt)
        .limit(limit)
    },

    /**
     * Takes the desk's lock on a number at the shop (addInSalonMany's), to the end of the caller's transaction: one
     * customer signed up or corrected with a number at a time, so two desks cannot give two customers one number.
     */
    async lockPhone(shopId: string, phone: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`customer-phone:${shopId}:${phone}`}, 0))`)
    },

    /** Whether another of the shop's customers (not erased) has this number. */
    async phoneHeldByAnother(shopId: string, phone: string, sub: string) {
      const [row] = await db
        .select({ sub: customers.sub })
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.phone, phone), sql`${customers.sub} <> ${sub}`, isNull(customers.erasedAt)))
        .limit(1)
      return row !== undefined
    },

    /** forStaff's answer with the customer's row locked to the end of the caller's transaction. */
    async lockedForStaff(shopId: string, sub: string) {
      const [row] = await db
        .select({ customer: customers, online: hasOnlineAccount })
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub), isNull(customers.erasedAt)))
        .for('update', { of: customers })
      return row
    },

    /**
     * A correction of the customer's details at a shop's desk (docs/product.md §10.5): the shop's record, or with
     * `everyShop` every shop's copy, as the pool's profile of an online account is one for all of them.
     */
    async correctDetails(shopId: string, sub: string, changes: Partial<CustomerProfile>, at: Date, everyShop: boolean) {
      const [row] = await db
        .update(customers)
        .set({ ...changes, updatedAt: at })
        .where(and(everyShop ? undefined : eq(customers.shopId, shopId), eq(customers.sub, sub), isNull(customers.erasedAt)))
        .returning()
      if (!everyShop) return row!
      return (
        await db
          .select()
          .from(customers)
          .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub)))
      )[0]!
    },

    /** One of the shop's customers as staff see them, with whether they have an online account. */
    async forStaff(shopId: string, sub: string) {
      const [row] = await db
        .select({ customer: customers, online: hasOnlineAccount })
        .from(customers)
        .where(and(eq(customers.shopId, shopId), eq(customers.sub, sub), isNull(customers.erasedAt)))
      return row
    },
  }
}

/** A customer has an online account when a confirmed pool user holds their sub; one signed up at the salon has none. */
const hasOnlineAccount = sql<boolean>`exists (select 1 from identity_users u where u.sub = "customers"."sub" and u.status <> 'UNCONFIRMED')`
export type CustomersRepository = ReturnType<typeof createCustomersRepository>
