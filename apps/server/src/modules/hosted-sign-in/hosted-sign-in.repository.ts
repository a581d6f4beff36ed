import { and, eq, gt, isNull, lt, lte, schema, sql, type Db } from '@salon/db'

const { hostedSignInRequests: requests, identitySocialLinks: links, identityUsers: users } = schema

export type SignInRequestRow = typeof requests.$inferSelect
export type NewSignInRequest = typeof requests.$inferInsert

/** The only code that reads or writes hosted sign-in requests and social links. */
export function createHostedSignInRepository(db: Db) {
  return {
    async addRequest(request: NewSignInRequest) {
      await db.insert(requests).values(request)
    },

    /** A request still open at `at`: not expired and not yet finished with a code. */
    async openRequest(id: string, at: Date): Promise<SignInRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(requests)
        .where(and(eq(requests.id, id), gt(requests.expiresAt, at), isNull(requests.codeHash)))
      return row
    },

    /**
     * Takes the request the provider's answer names by its state, once: the state is cleared in the same statement,
     * so an answer replayed, or two arriving together, find nothing.
     */
    async takeByProviderState(providerState: string, at: Date): Promise<SignInRequestRow | undefined> {
      const [row] = await db
        .update(requests)
        .set({ providerState: null })
        .where(and(eq(requests.providerState, providerState), gt(requests.expiresAt, at), isNull(requests.codeHash)))
        .returning()
      return row
    },

    async setSocial(id: string, social: NonNullable<SignInRequestRow['social']>) {
      await db.update(requests).set({ social }).where(eq(requests.id, id))
    },

    /** A new phone code replaces any earlier one, and its attempts start again. */
    async setPhoneCode(id: string, pending: Record<string, string>, codeHash: string, expiresAt: Date) {
      await db.update(requests).set({ pending, phoneCodeHash: codeHash, phoneCodeExpiresAt: expiresAt, phoneCodeAttempts: 0 }).where(eq(requests.id, id))
    },

    /**
     * Counts one try at the phone code before it is compared, in one statement, so a burst of guesses gets no more
     * tries than guesses made one by one. The row as it stands after counting, or undefined when no tries are left.
     */
    async claimPhoneCodeAttempt(id: string, maxAttempts: number): Promise<SignInRequestRow | undefined> {
      const [row] = await db
        .update(requests)
        .set({ phoneCodeAttempts: sql`${requests.phoneCodeAttempts} + 1` })
        .where(and(eq(requests.id, id), lt(requests.phoneCodeAttempts, maxAttempts), isNull(requests.codeHash)))
        .returning()
      return row
    },

    /** Ends the request with its one-time code; false when it was finished already (by a request that raced this one). */
    async finish(id: string, values: { sub: string; sessionId: string; codeHash: string; codeExpiresAt: Date }): Promise<boolean> {
      const done = await db
        .update(requests)
        // Kept an hour past the code's expiry, so a code used again is known for what it is.
        .set({ ...values, phoneCodeHash: null, pending: null, expiresAt: new Date(values.codeExpiresAt.getTime() + 3600_000) })
        .where(and(eq(requests.id, id), isNull(requests.codeHash)))
        .returning({ id: requests.id })
      return done.length === 1
    },

    /**
     * Spends a one-time code for the exchange that proves it. One statement matches the code with its client, its
     * redirect address and the PKCE challenge of the verifier shown, so a wrong proof leaves the code for the client
     * that has the right one, and of exchanges at once only one takes it. The request, or undefined when nothing matched.
     */
    async spendCode(
      proof: { codeHash: string; clientId: string; redirectUri: string; codeChallenge: string },
      at: Date,
    ): Promise<SignInRequestRow | undefined> {
      const [spent] = await db
        .update(requests)
        .set({ codeUsedAt: at })
        .where(
          and(
            eq(requests.codeHash, proof.codeHash),
            eq(requests.clientId, proof.clientId),
            eq(requests.redirectUri, proof.redirectUri),
            eq(requests.codeChallenge, proof.codeChallenge),
            isNull(requests.codeUsedAt),
            gt(requests.codeExpiresAt, at),
          ),
        )
        .returning()
      return spent
    },

    /** The request a code was issued with, spent or not: to say why an exchange was refused. */
    async requestOfCode(codeHash: string): Promise<SignInRequestRow | undefined> {
      const [row] = await db.select().from(requests).where(eq(requests.codeHash, codeHash))
      return row
    },

    /** Requests past their time, with the codes they carry; how many went. */
    async removeExpired(before: Date): Promise<number> {
      const removed = await db.delete(requests).where(lte(requests.expiresAt, before)).returning({ id: requests.id })
      return removed.length
    },

    async linkedUser(provider: string, subject: string): Promise<string | undefined> {
      const [row] = await db
        .select({ sub: links.sub })
        .from(links)
        .where(and(eq(links.provider, provider), eq(links.subject, subject)))
      return row?.sub
    },

    /** Links a provider's account to a user; false when that account, or the user's account at that provider, is linked already. */
    async link(provider: string, subject: string, sub: string): Promise<boolean> {
      const added = await db.insert(links).values({ provider, subject, sub }).onConflictDoNothing().returning({ sub: links.sub })
      return added.length === 1
    },

    /** Confirmed, enabled accounts of the pool with this email address (compared without case). */
    async accountsWithEmail(poolId: string, email: string): Promise<{ sub: string; phone: string }[]> {
      return db
        .select({ sub: users.sub, phone: users.phone })
        .from(users)
        .where(and(eq(users.poolId, poolId), eq(users.status, 'CONFIRMED'), eq(users.enabled, true), sql`lower(${users.email}) = lower(${email})`))
        .limit(2)
    },
  }
}
export type HostedSignInRepository = ReturnType<typeof createHostedSignInRepository>
