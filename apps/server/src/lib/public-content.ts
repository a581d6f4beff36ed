import { memoize, type Memoized } from './memoize.ts'
import type { StillRight } from './replay.ts'

/** The database's notifications of a change to a shop's public content (migration 0008): the shop's id, or '*'. */
export const CONTENT_CHANNEL = 'salon_content'

/** What public content needs of the database: its notifications (Database.listen of @salon/db). */
export interface ContentNotifications {
  listen(channel: string, onNotify: (payload: string) => void, onListening?: (listening: boolean) => void): Promise<unknown>
}

/**
 * A salon's public content (its details, beds and prices, packages, posts, reviews), kept in memory for a short while
 * and dropped at once, in every process, when any of it changes: the database notifies each change on
 * CONTENT_CHANNEL when its transaction commits, whoever made it (docs/decisions/024-shared-answers-by-http-caching.md).
 * While notifications may have been missed (before LISTEN, after a lost connection) nothing kept before is trusted.
 */
export function createPublicContent(options: { ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now
  const memos = new Set<Memoized<unknown>>()
  const generations = new Map<string, number>()
  let epoch = 0
  let listening = false
  const generationOf = (shopId: string) => generations.get(shopId) ?? 0

  function changed(shopId: string) {
    if (shopId === '*') {
      epoch++
      generations.clear()
      for (const memo of memos) memo.clear()
      return
    }
    generations.set(shopId, generationOf(shopId) + 1)
    for (const memo of memos) memo.forget(shopId)
  }

  return {
    /** `read` (per shop), kept for the content's time and dropped when the shop's content changes. */
    kept<T>(read: (shopId: string) => PromiseLike<T>): (shopId: string) => Promise<T> {
      // Kept only while the changes can be heard: otherwise every call reads.
      const memo = memoize(read, options.ttlMs, now)
      memos.add(memo as Memoized<unknown>)
      return (shopId) => (listening ? memo(shopId) : Promise.resolve().then(() => read(shopId)))
    },

    /** Whether nothing of the shop's public content has changed since this call: what an answer made now was made from still holds. */
    unchangedSince(shopId: string): StillRight {
      const [begun, generation] = [epoch, generationOf(shopId)]
      return () => listening && epoch === begun && generationOf(shopId) === generation
    },

    changed,

    /** Follows the database's notifications. Never fails: without them nothing is kept. */
    async follow(database: ContentNotifications, onError: (error: unknown) => void = () => {}) {
      try {
        await database.listen(CONTENT_CHANNEL, changed, (on) => {
          changed('*')
          listening = on
        })
      } catch (error) {
        onError(error)
      }
    },

    get listening() {
      return listening
    },
  }
}
export type PublicContent = ReturnType<typeof createPublicContent>

/** Whether a shop's public content is unchanged since the call: what a route passes as `keptWhile` to sharedAnswer. */
export type ContentUnchanged = (shopId: string) => StillRight
