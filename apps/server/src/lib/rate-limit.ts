import { sql, type Db } from '@salon/db'
import { HttpError } from './errors.ts'

export interface RateLimitRule {
  /** What is limited, for example 'contact' */
  name: string
  limit: number
  windowSeconds: number
  message: string
}

/**
 * Fixed-window counters kept in the database, so that every server process shares them.
 * One statement counts and reads, so concurrent requests cannot both slip under the limit.
 */
export function createRateLimiter(db: Db) {
  /** Counts one attempt; false when it goes over the limit. */
  async function allow(rule: Omit<RateLimitRule, 'message'>, subject: string): Promise<boolean> {
    const key = `${rule.name}:${subject}`
    const result = (await db.execute(sql`
        insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) then now() else rate_limits.window_start end
        returning count`)) as unknown as { rows: { count: number | string }[] }
    return Number(result.rows[0]?.count ?? 0) <= rule.limit
  }

  return {
    allow,
    async hit(rule: RateLimitRule, subject: string): Promise<void> {
      if (!(await allow(rule, subject))) throw new HttpError(429, rule.message)
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>
