import { and, eq, inArray, isNull, schema, type Db } from '@salon/db'

const { customers } = schema

export type CustomerRow = typeof customers.$inferSelect
export type CustomerProfile = Pick<CustomerRow, 'firstName' | 'lastName' | 'email' | 'phone' | 'dob' | 'skinType'>

/** The only code that reads or writes the customers table. */
export function createCustomersRepository(db: Db) {
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
      changes: Partial<Pick<CustomerRow, 'appMarketing' | 'appTimestamp' | 'masterMarketing' | 'masterTimestamp'>>,
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

    /** Forgets the salon records of sign-ups that were never confirmed (they could not sign in, so they hold nothing else). */
    async removeNeverConfirmed(subs: string[]) {
      if (subs.length === 0) return
      await db.delete(schema.referrals).where(inArray(schema.referrals.friendSub, subs))
      await db.delete(customers).where(and(inArray(customers.sub, subs), isNull(customers.erasedAt)))
    },

    /** UK GDPR erasure: personal fields go, the row stays so the salon's booking records still add up. */
    async erase(sub: string) {
      await db
        .update(customers)
        .set({
          firstName: null,
          lastName: null,
          email: null,
          phone: null,
          dob: null,
          skinType: null,
          status: 'deleted',
          appMarketing: false,
          masterMarketing: false,
          appTimestamp: null,
          masterTimestamp: null,
          erasedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(customers.sub, sub))
    },
  }
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>
