import type { BookRequest } from '@salon/contracts/booking'
import { APPOINTMENT_REQUEST } from '../../lib/saved-booking.ts'
import { browserStorage, storedJson } from '../../lib/stored-json.ts'

/** docs/product.md §3: the appointment request is kept in the browser's local storage under this key (forgotten at every sign-out). */
export { APPOINTMENT_REQUEST }

/** A booking chosen longer ago than this is dropped, as a chosen package is: whoever chose it has gone. */
export const APPOINTMENT_KEPT_MS = 2 * 60 * 60 * 1000

const local = () => browserStorage('local')

/** What a booking waiting in storage must hold: the p_book payload, and the bed type the customer chose, if any. */
export type StoredAppointment = BookRequest & { bedType?: string }

const isText = (value: unknown, pattern: RegExp) => typeof value === 'string' && pattern.test(value)

/** Checked by hand rather than with the contracts' schema, so the sign-in pages that read it stay small. */
export function asStoredAppointment(value: unknown): StoredAppointment | null {
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  if (!isText(v.date, /^\d{4}-\d{2}-\d{2}$/) || !isText(v.time, /^([01]\d|2[0-3]):[0-5]\d$/)) return null
  if (typeof v.minutes !== 'number' || !Number.isInteger(v.minutes) || v.minutes < 1 || v.minutes > 60) return null
  if (typeof v.bedId !== 'string' || !v.bedId) return null
  const stored: StoredAppointment = { date: v.date as string, time: v.time as string, minutes: v.minutes, bedId: v.bedId }
  if (typeof v.bedType === 'string' && v.bedType) stored.bedType = v.bedType
  if (v.payWith === 'membership' || v.payWith === 'credit') stored.payWith = v.payWith
  return stored
}

/** What storage holds: the appointment and when it was chosen (ms since the epoch). */
type SavedAppointment = StoredAppointment & { at: number }

const isFresh = (at: unknown, now: number) => typeof at === 'number' && now - at <= APPOINTMENT_KEPT_MS && at <= now + 60_000

const appointmentStore = (now: number) =>
  storedJson<StoredAppointment | SavedAppointment>(APPOINTMENT_REQUEST, (value) =>
    isFresh((value as { at?: unknown } | null)?.at, now) ? asStoredAppointment(value) : null,
  )

/** When storage refuses it (full, switched off), the booking still goes ahead for a signed-in customer. */
export const saveAppointment = (request: StoredAppointment, storage = local(), now = Date.now()): void =>
  appointmentStore(now).write({ ...request, at: now }, storage)

/**
 * The appointment waiting in storage, or null when there is none. One that cannot be read, or was chosen more than
 * APPOINTMENT_KEPT_MS ago (or saved without its time), is dropped.
 */
export function loadAppointment(storage = local(), now = Date.now()): StoredAppointment | null {
  const store = appointmentStore(now)
  const stored = store.read(storage)
  if (!stored) store.clear(storage)
  return stored
}

export const clearAppointment = (storage = local()): void => appointmentStore(Date.now()).clear(storage)

/** The p_book payload of a stored appointment. */
export const bookRequestOf = ({ date, time, minutes, bedId, payWith }: StoredAppointment): BookRequest => ({
  date,
  time,
  minutes,
  bedId,
  ...(payWith ? { payWith } : {}),
})
