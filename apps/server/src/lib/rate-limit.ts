import { HttpError } from './errors.ts'
import type { RateLimitRepository } from './rate-limit.repository.ts'

export interface RateLimitRule {
  /** What is limited, for example 'contact' */
  name: string
  limit: number
  windowSeconds: number
  message: string
}

/**
 * The longest window a rule may count in. Counters whose window started longer ago than this have run out
 * under every rule, and are removed (removeExpiredWindows).
 */
export const MAX_WINDOW_SECONDS = 24 * 3600

/** Fixed-window counters kept in the database, so that every server process shares them. */
export function createRateLimiter(repository: RateLimitRepository, now: () => number = Date.now) {
  /** Counts one attempt; false when it goes over the limit. */
  async function allow(rule: Omit<RateLimitRule, 'message'>, subject: string): Promise<boolean> {
    if (rule.windowSeconds > MAX_WINDOW_SECONDS) throw new Error(`Rate limit ${rule.name}: a window is at most ${MAX_WINDOW_SECONDS} seconds long.`)
    return (await repository.count(`${rule.name}:${subject}`, rule.windowSeconds, new Date(now()))) <= rule.limit
  }

  return {
    allow,
    async hit(rule: RateLimitRule, subject: string): Promise<void> {
      if (!(await allow(rule, subject))) throw new HttpError(429, rule.message)
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>

/** Removes the counters of windows that have run out under every rule; how many went. */
export function removeExpiredWindows(repository: RateLimitRepository, now: number = Date.now()): Promise<number> {
  return repository.deleteWindowsStartedBefore(new Date(now - MAX_WINDOW_SECONDS * 1000))
}
