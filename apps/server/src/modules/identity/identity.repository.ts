import { and, desc, eq, isNull, lt, lte, ne, or, schema, sql, type Db } from '@salon/db'
import { createDevicesRepository } from './devices.repository.ts'

const { identityUsers: users, identityCodes: codes, identitySessions: sessions, identityRefreshTokens: refreshTokens } = schema

export type UserRow = typeof users.$inferSelect
export type CodePurpose = 'signup' | 'reset'

/** The only code that reads or writes the identity tables. */
export function createIdentityRepository(db: Db) {
  return {
    ...createDevicesRepository(db),

    async findUserByPhone(poolId: string, phone: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.poolId, poolId), eq(users.phone, phone)))
      return row
    },

    async findUser(sub: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.sub, sub))
      return row
    },

    /** False when the phone number is taken, even by a sign-up that raced this one. */
    async createUser(user: typeof users.$inferInsert): Promise<boolean> {
      const inserted = await db.insert(users).values(user).onConflictDoNothing().returning({ sub: users.sub })
      return inserted.length === 1
    },

    async updateUser(
      sub: string,
      changes: Partial<
        Pick<UserRow, 'phone' | 'email' | 'passwordHash' | 'srpSalt' | 'srpVerifier' | 'status' | 'enabled' | 'attributes' | 'failedSignIns' | 'lockedUntil'>
      >,
    ) {
      await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.sub, sub))
    },

    /**
     * Takes one password check for the account before the password is looked at: counts it as a failure
     * up front and, from the fifth on, locks the account for 2^(n-5) seconds (15 minutes at most), in one
     * statement. However many guesses arrive together, the row lock lets them through one at a time and
     * at most five find the account unlocked. Null when it is locked at `at`.
     */
    async claimPasswordCheck(sub: string, at: Date, freeFailures: number, maxLockSeconds: number): Promise<number | null> {
      const when = sql`${at.toISOString()}::timestamptz`
      const [row] = await db
        .update(users)
        .set({
          failedSignIns: sql`${users.failedSignIns} + 1`,
          lockedUntil: sql`case when ${users.failedSignIns} + 1 >= ${freeFailures}
            then ${when} + make_interval(secs => least(power(2, ${users.failedSignIns} + 1 - ${freeFailures}), ${maxLockSeconds}))
            else ${users.lockedUntil} end`,
        })
        .where(and(eq(users.sub, sub), or(isNull(users.lockedUntil), lte(users.lockedUntil, when))))
        .returning({ failures: users.failedSignIns })
      return row ? row.failures : null
    },

    /** The password was right: the checks taken for it are forgiven. */
    async clearFailedSignIns(sub: string) {
      await db.update(users).set({ failedSignIns: 0, lockedUntil: null }).where(eq(users.sub, sub))
    },

    /** Removes a sign-up that was never confirmed; false when the account is gone or was confirmed meanwhile. */
    async deleteUnconfirmedUser(sub: string): Promise<boolean> {
      const deleted = await db
        .delete(users)
        .where(and(eq(users.sub, sub), eq(users.status, 'UNCONFIRMED')))
        .returning({ sub: users.sub })
      return deleted.length === 1
    },

    /** Removes every sign-up left unconfirmed since before `cutoff`; the subs of those removed. */
    async deleteUnconfirmedBefore(cutoff: Date): Promise<string[]> {
      const deleted = await db
        .delete(users)
        .where(and(eq(users.status, 'UNCONFIRMED'), lt(users.createdAt, cutoff)))
        .returning({ sub: users.sub })
      return deleted.map((row) => row.sub)
    },

    async deleteUser(sub: string) {
      await db.delete(users).where(eq(users.sub, sub))
    },

    /** A new code replaces any earlier one of the same purpose. */
    async replaceCode(sub: string, purpose: CodePurpose, codeHash: string, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(codes)
          .set({ usedAt: new Date() })
          .where(and(eq(codes.sub, sub), eq(codes.purpose, purpose), isNull(codes.usedAt)))
        await tx.insert(codes).values({ sub, purpose, codeHash, expiresAt })
      })
    },

    async latestCode(sub: string, purpose: CodePurpose) {
      const [row] = await db
        .select()
        .from(codes)
        .where(and(eq(codes.sub, sub), eq(codes.purpose, purpose), isNull(codes.usedAt)))
        .orderBy(desc(codes.id))
        .limit(1)
      return row
    },

    /** Single use: only one of two simultaneous confirmations can spend the code. */
    async spendCode(id: number): Promise<boolean> {
      const spent = await db
        .update(codes)
        .set({ usedAt: new Date() })
        .where(and(eq(codes.id, id), isNull(codes.usedAt)))
        .returning({ id: codes.id })
      return spent.length === 1
    },

    /** A sign-in (by password, SRP or the hosted page): its session, and the account's last sign-in, which keeps it active (retention.service.ts). */
    async createSession(session: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(session)
      await db.update(users).set({ lastSignInAt: session.authTime }).where(eq(users.sub, session.sub))
    },

    /** The session a token came from, with its user's standing; undefined when either is gone. */
    async sessionState(sessionId: string) {
      const [row] = await db
        .select({
          id: sessions.id,
          sub: sessions.sub,
          clientId: sessions.clientId,
          authTime: sessions.authTime,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          deviceKey: sessions.deviceKey,
          user: users,
        })
        .from(sessions)
        .innerJoin(users, eq(users.sub, sessions.sub))
        .where(eq(sessions.id, sessionId))
      return row
    },

    async revokeSession(sessionId: string, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    },

    async revokeUserSessions(sub: string, reason: string, keepSessionId?: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.sub, sub), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined))
    },

    async addRefreshToken(tokenHash: string, sessionId: string) {
      await db.insert(refreshTokens).values({ tokenHash, sessionId })
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash))
      return row
    },

    /** Marks a refresh token as exchanged at `at` (the service's clock); false when another request exchanged it first. */
    async rotateRefreshToken(tokenHash: string, at: Date): Promise<boolean> {
      const rotated = await db
        .update(refreshTokens)
        .set({ rotatedAt: at })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
        .returning({ tokenHash: refreshTokens.tokenHash })
      return rotated.length === 1
    },
  }
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>
