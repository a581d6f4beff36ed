import type { BookRequest } from '@salon/contracts/booking'

/** SPEC §3: the appointment request is kept in the browser's local storage under this key. */
export const APPOINTMENT_REQUEST = 'APPOINTMENT_REQUEST'

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const browserStorage = (): StorageLike | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    // Storage can be switched off (private modes, strict settings).
    return null
  }
}

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
  return stored
}

export function saveAppointment(request: StoredAppointment, storage = browserStorage()): void {
  try {
    storage?.setItem(APPOINTMENT_REQUEST, JSON.stringify(request))
  } catch {
    // Full or switched off: the booking still goes ahead for a signed-in customer.
  }
}

/** The appointment waiting in storage, or null when there is none or it cannot be read. */
export function loadAppointment(storage = browserStorage()): StoredAppointment | null {
  try {
    const text = storage?.getItem(APPOINTMENT_REQUEST)
    return text ? asStoredAppointment(JSON.parse(text)) : null
  } catch {
    return null
  }
}

export function clearAppointment(storage = browserStorage()): void {
  try {
    storage?.removeItem(APPOINTMENT_REQUEST)
  } catch {
    // Nothing to clear.
  }
}

/** The p_book payload of a stored appointment. */
export const bookRequestOf = ({ date, time, minutes, bedId }: StoredAppointment): BookRequest => ({ date, time, minutes, bedId })
