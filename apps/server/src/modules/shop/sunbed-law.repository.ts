import type { SunbedSettingsRequest } from '@salon/contracts/sunbed-safety'
import { eq, schema, sql, type Db } from '@salon/db'

/** The shop's nation and sunbed settings; `db` may be a transaction (the booking's, holding the customer's lock). */
export async function sunbedSettingsRow(db: Db, shopId: string) {
  const [row] = await db
    .select({
      nation: schema.shops.nation,
      reactionPauseDays: schema.shops.reactionPauseDays,
      yearlySessionLimit: schema.shops.yearlySessionLimit,
      revision: schema.shops.healthQuestionsRevision,
    })
    .from(schema.shops)
    .where(eq(schema.shops.id, shopId))
  return row ?? null
}

/** Writes the owner's choice; asking the health questions again moves their revision on by one. */
export async function updateSunbedSettings(tx: Db, shopId: string, request: SunbedSettingsRequest) {
  await tx
    .update(schema.shops)
    .set({
      nation: request.nation,
      reactionPauseDays: request.reactionPauseDays,
      yearlySessionLimit: request.yearlySessionLimit,
      ...(request.askHealthQuestionsAgain ? { healthQuestionsRevision: sql`${schema.shops.healthQuestionsRevision} + 1` } : {}),
    })
    .where(eq(schema.shops.id, shopId))
}
