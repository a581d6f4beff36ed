import { and, asc, eq, gt, isNull, lt, or, schema, type Db } from '@salon/db'

const { identityDevices: devices, identitySessions: sessions, identitySrpChallenges: challenges } = schema

export type DeviceRow = typeof devices.$inferSelect
export type SrpChallengeRow = typeof challenges.$inferSelect

/** The only code that reads or writes remembered devices and the SRP challenges awaiting an answer. */
export function createDevicesRepository(db: Db) {
  return {
    async saveChallenge(row: typeof challenges.$inferInsert) {
      await db.insert(challenges).values(row)
    },

    async findChallenge(secretHash: string): Promise<SrpChallengeRow | undefined> {
      const [row] = await db.select().from(challenges).where(eq(challenges.secretHash, secretHash))
      return row
    },

    /** Single use: of two answers sent together, only one takes the challenge. */
    async takeChallenge(secretHash: string): Promise<SrpChallengeRow | undefined> {
      const [row] = await db.delete(challenges).where(eq(challenges.secretHash, secretHash)).returning()
      return row
    },

    async deleteExpiredChallenges(before: Date): Promise<number> {
      const deleted = await db.delete(challenges).where(lt(challenges.expiresAt, before)).returning({ secretHash: challenges.secretHash })
      return deleted.length
    },

    /** False when the key was confirmed already. */
    async confirmDevice(row: typeof devices.$inferInsert): Promise<boolean> {
      const inserted = await db.insert(devices).values(row).onConflictDoNothing().returning({ deviceKey: devices.deviceKey })
      return inserted.length === 1
    },

    /** The user's device with this key; another user's is as absent as one that never was. */
    async findDevice(sub: string, deviceKey: string): Promise<DeviceRow | undefined> {
      const [row] = await db
        .select()
        .from(devices)
        .where(and(eq(devices.sub, sub), eq(devices.deviceKey, deviceKey)))
      return row
    },

    /** A page of the user's devices, oldest first, after the device `after` names. */
    async listDevices(sub: string, limit: number, after?: { createdAt: Date; deviceKey: string }): Promise<DeviceRow[]> {
      return db
        .select()
        .from(devices)
        .where(
          and(
            eq(devices.sub, sub),
            after ? or(gt(devices.createdAt, after.createdAt), and(eq(devices.createdAt, after.createdAt), gt(devices.deviceKey, after.deviceKey))) : undefined,
          ),
        )
        .orderBy(asc(devices.createdAt), asc(devices.deviceKey))
        .limit(limit)
    },

    async setRemembered(sub: string, deviceKey: string, remembered: boolean, at: Date): Promise<boolean> {
      const updated = await db
        .update(devices)
        .set({ remembered, updatedAt: at })
        .where(and(eq(devices.sub, sub), eq(devices.deviceKey, deviceKey)))
        .returning({ deviceKey: devices.deviceKey })
      return updated.length === 1
    },

    async touchDevice(deviceKey: string, at: Date) {
      await db.update(devices).set({ lastAuthenticatedAt: at }).where(eq(devices.deviceKey, deviceKey))
    },

    /**
     * Forgets the user's device and, in the same transaction, revokes every session made on it, so its refresh
     * tokens and its access and identity tokens stop working at once. False when the user has no such device.
     */
    async forgetDevice(sub: string, deviceKey: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(devices)
          .where(and(eq(devices.sub, sub), eq(devices.deviceKey, deviceKey)))
          .returning({ deviceKey: devices.deviceKey })
        if (deleted.length === 0) return false
        await tx
          .update(sessions)
          .set({ revokedAt: new Date(), revokedReason: 'device-forgotten' })
          .where(and(eq(sessions.sub, sub), eq(sessions.deviceKey, deviceKey), isNull(sessions.revokedAt)))
        return true
      })
    },
  }
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>
