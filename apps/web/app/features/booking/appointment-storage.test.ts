import { describe, expect, it } from 'vitest'
import {
  APPOINTMENT_REQUEST,
  APPOINTMENT_KEPT_MS,
  asStoredAppointment,
  bookRequestOf,
  clearAppointment,
  loadAppointment,
  saveAppointment,
  type StoredAppointment,
} from './appointment-storage.ts'
import { memoryStorage } from '../../lib/memory-storage.ts'

const request: StoredAppointment = { date: '2026-11-23', time: '10:15', minutes: 6, bedId: 'bed-1', bedType: 'lay-down' }

describe('the appointment request in local storage (docs/product.md §3)', () => {
  it('is kept under the key APPOINTMENT_REQUEST as JSON, with when it was chosen', () => {
    const storage = memoryStorage()
    saveAppointment(request, storage, 1_700_000_000_000)
    expect(APPOINTMENT_REQUEST).toBe('APPOINTMENT_REQUEST')
    expect(JSON.parse(storage.items.get('APPOINTMENT_REQUEST')!)).toEqual({ ...request, at: 1_700_000_000_000 })
  })

  it('is kept for two hours, as a chosen package is, then dropped', () => {
    const chosen = 1_700_000_000_000
    expect(APPOINTMENT_KEPT_MS).toBe(2 * 60 * 60 * 1000)
    const storage = memoryStorage()
    saveAppointment(request, storage, chosen)
    expect(loadAppointment(storage, chosen + APPOINTMENT_KEPT_MS)).toEqual(request)
    expect(loadAppointment(storage, chosen + APPOINTMENT_KEPT_MS + 1)).toBeNull()
    expect(storage.items.has(APPOINTMENT_REQUEST)).toBe(false)
  })

  it('drops a booking saved without its time, or dated ahead of the clock', () => {
    const now = 1_700_000_000_000
    const withoutTime = memoryStorage({ APPOINTMENT_REQUEST: JSON.stringify(request) })
    expect(loadAppointment(withoutTime, now)).toBeNull()
    expect(withoutTime.items.has(APPOINTMENT_REQUEST)).toBe(false)
    const ahead = memoryStorage({ APPOINTMENT_REQUEST: JSON.stringify({ ...request, at: now + 10 * 60 * 1000 }) })
    expect(loadAppointment(ahead, now)).toBeNull()
  })

  it('reads back what was saved, and is gone once cleared', () => {
    const storage = memoryStorage()
    saveAppointment(request, storage)
    expect(loadAppointment(storage)).toEqual(request)
    clearAppointment(storage)
    expect(loadAppointment(storage)).toBeNull()
  })

  it('ignores what cannot be a booking: broken JSON, missing or malformed fields', () => {
    expect(loadAppointment(memoryStorage({ APPOINTMENT_REQUEST: '{not json' }))).toBeNull()
    expect(loadAppointment(memoryStorage({ APPOINTMENT_REQUEST: JSON.stringify({ date: '2026-11-23', minutes: 6 }) }))).toBeNull()
    expect(asStoredAppointment({ ...request, time: '25:00' })).toBeNull()
    expect(asStoredAppointment({ ...request, minutes: 6.5 })).toBeNull()
    expect(asStoredAppointment({ ...request, minutes: 0 })).toBeNull()
    expect(asStoredAppointment({ ...request, bedId: '' })).toBeNull()
    expect(asStoredAppointment('2026-11-23')).toBeNull()
    expect(asStoredAppointment(null)).toBeNull()
  })

  it('drops fields it does not know', () => {
    expect(asStoredAppointment({ ...request, price: 1 })).toEqual(request)
  })

  it('works, quietly, without storage or when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('full')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    expect(() => saveAppointment(request, refusing)).not.toThrow()
    expect(loadAppointment(refusing)).toBeNull()
    expect(() => clearAppointment(refusing)).not.toThrow()
    expect(loadAppointment(null)).toBeNull()
  })

  it('gives the p_book payload without the bed type', () => {
    expect(bookRequestOf(request)).toEqual({ date: '2026-11-23', time: '10:15', minutes: 6, bedId: 'bed-1' })
  })

  it('keeps paying with the membership across signing in and the health questions, and sends it to p_book', () => {
    const storage = memoryStorage()
    saveAppointment({ ...request, payWith: 'membership' }, storage)
    const stored = loadAppointment(storage)
    expect(stored).toEqual({ ...request, payWith: 'membership' })
    expect(bookRequestOf(stored!)).toEqual({ date: '2026-11-23', time: '10:15', minutes: 6, bedId: 'bed-1', payWith: 'membership' })
    expect(asStoredAppointment({ ...request, payWith: 'card' })).toEqual(request)
  })
})
