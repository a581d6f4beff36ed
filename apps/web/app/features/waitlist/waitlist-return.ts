import { browserStorage, storedJson, type StorageLike } from '../../lib/stored-json.ts'

/**
 * A visitor who finds a day full and signs in to join its waitlist comes back to that day on /book/, where the
 * waitlist form now shows (docs/product.md "Waitlist"): the day, length and bed type are kept in this tab until then.
 */
export const WAITLIST_RETURN = 'salon.waitlist-return'

export interface WaitlistDay {
  date: string
  minutes: number
  bedType?: string
  /** When it was kept (ms): a choice left for longer than a sign-in takes is not brought back. */
  at: number
}

/** Long enough to sign up, confirm a texted code and sign in; a choice older than this is forgotten. */
const KEPT_FOR_MS = 30 * 60_000

const stored = storedJson<WaitlistDay>(WAITLIST_RETURN, (value) => {
  const v = value as Partial<WaitlistDay> | null
  if (!v || typeof v.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v.date)) return null
  if (typeof v.minutes !== 'number' || !Number.isInteger(v.minutes) || v.minutes < 1) return null
  if (typeof v.at !== 'number' || (v.bedType !== undefined && typeof v.bedType !== 'string')) return null
  return { date: v.date, minutes: v.minutes, at: v.at, ...(v.bedType ? { bedType: v.bedType } : {}) }
})

export function rememberWaitlistDay(day: Omit<WaitlistDay, 'at'>, now = Date.now(), storage: StorageLike | null = browserStorage('session')) {
  stored.write({ ...day, at: now }, storage)
}

/** The day a visitor asked to wait for before signing in, while it is fresh; stale or unreadable ones are cleared. */
export function waitlistDayWaiting(now = Date.now(), storage: StorageLike | null = browserStorage('session')): WaitlistDay | null {
  const day = stored.read(storage)
  if (day && now - day.at >= 0 && now - day.at < KEPT_FOR_MS) return day
  stored.clear(storage)
  return null
}

/** Once /book/ has opened on the day, it is not brought back again. */
export function forgetWaitlistDay(storage: StorageLike | null = browserStorage('session')) {
  stored.clear(storage)
}
