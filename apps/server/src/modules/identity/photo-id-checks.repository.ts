import { and, eq, isNull, schema, type Db } from '@salon/db'

const { photoIdChecks: checks } = schema

export type PhotoIdCheckRow = typeof checks.$inferSelect

/** The only code that reads or writes the photo-ID checks (photo-id-checks.service.ts). */
export function createPhotoIdChecksRepository(db: Db) {
  return {
    async find(shopId: string, sub: string): Promise<PhotoIdCheckRow | undefined> {
      const [row] = await db
        .select()
        .from(checks)
        .where(and(eq(checks.shopId, shopId), eq(checks.sub, sub)))
      return row
    },

    /**
     * Records the check unless one is already recorded (by another desk a moment ago too: the primary key settles it);
     * answers the check kept and whether it is this one.
     */
    async record(row: Omit<PhotoIdCheckRow, 'erasedAt'>): Promise<{ recorded: boolean; check: PhotoIdCheckRow }> {
      const [made] = await db.insert(checks).values(row).onConflictDoNothing().returning()
      if (made) return { recorded: true, check: made }
      const [kept] = await db
        .select()
        .from(checks)
        .where(and(eq(checks.shopId, row.shopId), eq(checks.sub, row.sub)))
      return { recorded: false, check: kept! }
    },

    /** Erasure (erasure.service.ts): the kind of document goes, the fact that age was checked, when and by whom stays. */
    async anonymise(sub: string, shopIds: string[], at: Date) {
      for (const shopId of shopIds) {
        await db
          .update(checks)
          .set({ document: null, erasedAt: at })
          .where(and(eq(checks.shopId, shopId), eq(checks.sub, sub), isNull(checks.erasedAt)))
      }
    },
  }
}
