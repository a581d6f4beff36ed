import type { BookRequest } from '@salon/contracts/booking'
import { browserStorage, storedJson } from '../../lib/stored-json.ts'

/** SPEC §3: the appointment request is kept in the browser's local storage under this key. */
export const APPOINTMENT_REQUEST = 'APPOINTMENT_REQUEST'

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
  return stored
}

const appointmentStore = storedJson(APPOINTMENT_REQUEST, asStoredAppointment)

/** When storage refuses it (full, switched off), the booking still goes ahead for a signed-in customer. */
export const saveAppointment = (request: StoredAppointment, storage = local()): void => appointmentStore.write(request, storage)

/** The appointment waiting in storage, or null when there is none or it cannot be read. */
export const loadAppointment = (storage = local()): StoredAppointment | null => appointmentStore.read(storage)

export const clearAppointment = (storage = local()): void => appointmentStore.clear(storage)

/** The p_book payload of a stored appointment. */
export const bookRequestOf = ({ date, time, minutes, bedId }: StoredAppointment): BookRequest => ({ date, time, minutes, bedId })
