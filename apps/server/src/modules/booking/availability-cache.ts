import { gzipSync } from 'node:zlib'

/**
 * Availability answers (p_preload_times, p_sessions) kept in memory per shop and query, exactly right
 * (docs/decisions/015-availability-cache.md). An answer is dropped:
 * - at once, in this process, when a booking of the shop is made, cancelled or changes status (the booking
 *   service calls `invalidate`);
 * - when the database says the shop changed: a trigger on every table availability reads (bookings, beds, opening
 *   hours, closures, booking rules, shops) sends NOTIFY on AVAILABILITY_CHANNEL with the shop's id, which reaches
 *   every server process, and a salon's own edits in SQL too;
 * - when time makes it wrong: the answer says when (a slot's start minus the lead time, a hold running out, the
 *   shop's midnight), and no answer is kept longer than `maxAgeMs`.
 * While this process is not listening to the database (before LISTEN is in place, or after its connection is lost)
 * nothing is kept. An answer worked out while an invalidation happened is handed to its callers but not kept.
 */

/** The NOTIFY channel of the availability triggers (migration 0004); the payload is a shop id, or * for every shop. */
export const AVAILABILITY_CHANNEL = 'salon_availability'

/** An answer, serialized once; its gzip form is made on first use and kept with it. */
export interface CachedAnswer {
  readonly json: string
  gzip(): Uint8Array<ArrayBuffer>
  /** Whether the cache still holds this answer as right: it may be given again while so (lib/replay.ts). */
  stillKept(): boolean
}

/** What working out an answer gives: the answer, and the first instant at which it may no longer be right. */
export interface ComputedAnswer {
  json: string
  expiresAt: number
}

export interface AvailabilityCacheOptions {
  now: () => number
  /** The longest any answer is kept (60 s by default); 0 keeps none. */
  maxAgeMs?: number
  /** How many answers are kept at most, the least recently used going first (1,000 by default). */
  maxEntries?: number
}

/** What availability needs of the database: its notifications (Database.listen of @salon/db). */
export interface NotificationSource {
  listen(channel: string, onNotify: (payload: string) => void, onListening?: (listening: boolean) => void): Promise<unknown>
}

interface Entry extends CachedAnswer {
  id: string
  shopId: string
  computedAt: number
  expiresAt: number
}

interface Flight {
  shopId: string
  generation: number
  epoch: number
  at: number
  promise: Promise<Entry>
}

const DEFAULT_MAX_AGE_MS = 60_000
const DEFAULT_MAX_ENTRIES = 1_000

function entryOf(id: string, shopId: string, computed: ComputedAnswer, computedAt: number, maxAge: number, stillKept: (entry: Entry) => boolean): Entry {
  let gzipped: Uint8Array<ArrayBuffer> | undefined
  const entry: Entry = {
    id,
    shopId,
    json: computed.json,
    // gzipSync gives a Buffer over an ordinary ArrayBuffer.
    gzip: () => (gzipped ??= gzipSync(computed.json) as Uint8Array<ArrayBuffer>),
    computedAt,
    expiresAt: Math.min(computed.expiresAt, computedAt + maxAge),
    stillKept: () => stillKept(entry),
  }
  return entry
}

/** Whether an entry is right at `at`: made no later (a test clock may go back) and not yet expired. */
const holdsAt = (entry: Entry, at: number) => entry.computedAt <= at && at < entry.expiresAt

export function createAvailabilityCache(options: AvailabilityCacheOptions) {
  const { now } = options
  const maxAge = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES
  /** In order of use, least recent first. */
  const entries = new Map<string, Entry>()
  /** Answers being worked out, so requests arriving together share one. */
  const flights = new Map<string, Flight>()
  /** Raised by every invalidation of a shop: an answer begun under an older generation is not kept. */
  const generations = new Map<string, number>()
  /** Raised when everything is dropped (the database connection was lost, or a notification names every shop). */
  let epoch = 0
  let listening = false

  const generationOf = (shopId: string) => generations.get(shopId) ?? 0
  /** Kept, and still right now: every drop (a booking, a notification, time) makes this false at once. */
  const stillKept = (entry: Entry) => listening && entries.get(entry.id) === entry && holdsAt(entry, now())

  function keep(id: string, entry: Entry) {
    entries.delete(id)
    entries.set(id, entry)
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
  }

  function compute(shopId: string, id: string, work: (at: number) => Promise<ComputedAnswer>, at: number): Promise<Entry> {
    const generation = generationOf(shopId)
    const begun = epoch
    const promise = work(at).then((computed) => {
      const entry = entryOf(id, shopId, computed, at, maxAge, stillKept)
      if (listening && maxAge > 0 && epoch === begun && generationOf(shopId) === generation && holdsAt(entry, at)) keep(id, entry)
      return entry
    })
    if (!listening || maxAge <= 0) return promise
    const flight: Flight = { shopId, generation, epoch: begun, at, promise }
    flights.set(id, flight)
    const landed = () => {
      if (flights.get(id) === flight) flights.delete(id)
    }
    promise.then(landed, landed)
    return promise
  }

  /** The shop's bookings, beds, hours, closures or rules changed: its answers go, and none begun before is kept. */
  function invalidate(shopId: string) {
    generations.set(shopId, generationOf(shopId) + 1)
    for (const [id, entry] of entries) if (entry.shopId === shopId) entries.delete(id)
    for (const [id, flight] of flights) if (flight.shopId === shopId) flights.delete(id)
  }

  function invalidateAll() {
    epoch++
    entries.clear()
    flights.clear()
  }

  return {
    invalidate,
    invalidateAll,

    /**
     * The answer to `key` (a query of the shop, the same text for the same question), kept or worked out by `work`
     * at the instant it is given. Answers that depend on who asks must never come through here.
     */
    async answer(shopId: string, key: string, work: (at: number) => Promise<ComputedAnswer>): Promise<CachedAnswer> {
      const at = now()
      const id = `${shopId}\n${key}`
      const kept = entries.get(id)
      if (kept) {
        if (holdsAt(kept, at)) {
          keep(id, kept)
          return kept
        }
        entries.delete(id)
      }
      const flight = flights.get(id)
      if (flight && flight.at <= at && flight.epoch === epoch && flight.generation === generationOf(shopId)) {
        const shared = await flight.promise
        if (holdsAt(shared, at)) return shared
      }
      return compute(shopId, id, work, at)
    },

    /**
     * Follows the database's notifications, so changes made by other processes or directly in the database
     * reach this one; answers are kept only while it listens. Never fails: without notifications nothing is kept.
     */
    async follow(database: NotificationSource, onError: (error: unknown) => void = () => {}) {
      try {
        await database.listen(
          AVAILABILITY_CHANNEL,
          (payload) => (payload === '*' ? invalidateAll() : invalidate(payload)),
          (on) => {
            invalidateAll()
            listening = on
          },
        )
      } catch (error) {
        onError(error)
      }
    },

    /** How many answers are kept (for tests). */
    get size() {
      return entries.size
    },

    get listening() {
      return listening
    },
  }
}
export type AvailabilityCache = ReturnType<typeof createAvailabilityCache>
