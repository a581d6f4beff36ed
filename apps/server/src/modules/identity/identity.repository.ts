import { and, desc, eq, isNull, ne, schema, sql, type Db } from '@salon/db'

const { identityUsers: users, identityCodes: codes, identitySessions: sessions, identityRefreshTokens: refreshTokens } = schema

export type UserRow = typeof users.$inferSelect
export type CodePurpose = 'signup' | 'reset'

/** The only code that reads or writes the identity tables. */
export function createIdentityRepository(db: Db) {
  return {
    async findUserByPhone(poolId: string, phone: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(and(eq(users.poolId, poolId), eq(users.phone, phone)))
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

    async updateUser(sub: string, changes: Partial<Pick<UserRow, 'email' | 'passwordHash' | 'status' | 'enabled' | 'attributes' | 'failedSignIns' | 'lockedUntil'>>) {
      await db.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.sub, sub))
    },

    /** Counts a failed sign-in and sets the lockout that follows from the new count. */
    async recordFailedSignIn(sub: string, lockUntil: (failures: number) => Date | null): Promise<number> {
      const [row] = await db
        .update(users)
        .set({ failedSignIns: sql`${users.failedSignIns} + 1` })
        .where(eq(users.sub, sub))
        .returning({ failures: users.failedSignIns })
      const failures = row?.failures ?? 0
      const until = lockUntil(failures)
      if (until) await db.update(users).set({ lockedUntil: until }).where(eq(users.sub, sub))
      return failures
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
      const spent = await db.update(codes).set({ usedAt: new Date() }).where(and(eq(codes.id, id), isNull(codes.usedAt))).returning({ id: codes.id })
      return spent.length === 1
    },

    async createSession(session: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(session)
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
