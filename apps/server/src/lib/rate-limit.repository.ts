import { lte, schema, sql, type Db } from '@salon/db'

const { rateLimits } = schema

/** The only code that reads or writes the rate-limit counters. */
export function createRateLimitRepository(db: Db) {
  return {
    /**
     * Counts one attempt under `key` in a fixed window of `windowSeconds` (a window that has run out starts afresh),
     * and answers the count. One statement counts and reads, so concurrent requests cannot both slip under a limit.
     * `at` is the app's clock, the one the clean-up's cut-off comes from too.
     */
    async count(key: string, windowSeconds: number, at: Date): Promise<number> {
      const expired = sql`${rateLimits.windowStart} <= ${at.toISOString()}::timestamptz - make_interval(secs => ${windowSeconds})`
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: at, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then ${at.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count })
      return Number(row?.count ?? 0)
    },

    /** Removes the counters of windows that started at or before `cutoff`; how many went. */
    async deleteWindowsStartedBefore(cutoff: Date): Promise<number> {
      const deleted = await db.delete(rateLimits).where(lte(rateLimits.windowStart, cutoff)).returning({ key: rateLimits.key })
      return deleted.length
    },
  }
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>
