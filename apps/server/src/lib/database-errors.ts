import type { HttpError } from './errors.ts'

/** A PostgreSQL error's SQLSTATE and constraint, from node-postgres or PGlite, however deeply drizzle wraps it. */
export function databaseError(error: unknown): { code: string; constraint?: string } | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined }
    }
  }
  return null
}

/**
 * Runs `work`, a transaction, again when it loses to another (a deadlock or a serialization failure: SQLSTATE 40P01,
 * 40001), up to `attempts` tries in all; any other error, or the last try's, is the caller's.
 */
export async function retryingLostRaces<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      const code = databaseError(error)?.code
      if ((code === '40P01' || code === '40001') && attempt < attempts) continue
      throw error
    }
  }
}

/**
 * Runs `work`; deadlocks and serialization failures (two inserts racing for one bed) are tried again, the loser then
 * seeing the bed taken, and a database refusal becomes the caller's HttpError.
 */
export async function withRetries<T>(work: () => Promise<T>, onConflict: (constraint: string | undefined, code: string) => HttpError | undefined): Promise<T> {
  try {
    return await retryingLostRaces(work)
  } catch (error) {
    const db = databaseError(error)
    throw (db && onConflict(db.constraint, db.code)) ?? error
  }
}
