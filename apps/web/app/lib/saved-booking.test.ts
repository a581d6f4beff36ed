import { describe, expect, it, vi } from 'vitest'
import { APPOINTMENT_REQUEST, forgetSavedBooking } from './saved-booking.ts'
import { memoryStorage } from './memory-storage.ts'

describe('the booking saved before signing in, when a session ends', () => {
  it('is forgotten, and nothing else this browser keeps', () => {
    const storage = memoryStorage({ [APPOINTMENT_REQUEST]: '{"date":"2026-11-23"}', 'analytics-consent': 'granted' })
    forgetSavedBooking(storage)
    expect(storage.items.has(APPOINTMENT_REQUEST)).toBe(false)
    expect(storage.items.get('analytics-consent')).toBe('granted')
  })

  it('is forgotten quietly where storage is switched off', () => {
    const refusing = {
      removeItem: vi.fn(() => {
        throw new Error('denied')
      }),
    }
    expect(() => forgetSavedBooking(refusing)).not.toThrow()
    expect(() => forgetSavedBooking(null)).not.toThrow()
  })
})
