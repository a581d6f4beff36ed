import { describe, expect, it } from 'vitest'
import { forgetWaitlistDay, rememberWaitlistDay, WAITLIST_RETURN, waitlistDayWaiting } from './waitlist-return.ts'
import { memoryStorage } from '../../lib/memory-storage.ts'

const AT = Date.parse('2026-11-23T10:00:00Z')

describe('the full day a visitor signs in to wait for', () => {
  it('is brought back once after sign-in, with its length and bed type', () => {
    const storage = memoryStorage()
    rememberWaitlistDay({ date: '2026-11-28', minutes: 9, bedType: 'stand-up' }, AT, storage)
    expect(waitlistDayWaiting(AT + 5 * 60_000, storage)).toEqual({ date: '2026-11-28', minutes: 9, bedType: 'stand-up', at: AT })
    forgetWaitlistDay(storage)
    expect(waitlistDayWaiting(AT + 5 * 60_000, storage)).toBeNull()
  })

  it('is forgotten when older than a sign-in takes, or when what is kept is not a day', () => {
    const storage = memoryStorage()
    rememberWaitlistDay({ date: '2026-11-28', minutes: 6 }, AT, storage)
    expect(waitlistDayWaiting(AT + 31 * 60_000, storage)).toBeNull()
    expect(storage.getItem(WAITLIST_RETURN)).toBeNull()
    for (const bad of ['{not json', `{"date":"28/11/2026","minutes":6,"at":${AT}}`, `{"date":"2026-11-28","minutes":"6","at":${AT}}`]) {
      storage.setItem(WAITLIST_RETURN, bad)
      expect(waitlistDayWaiting(AT, storage)).toBeNull()
    }
  })

  it('without storage (switched off), nothing is kept and nothing breaks', () => {
    rememberWaitlistDay({ date: '2026-11-28', minutes: 6 }, AT, null)
    expect(waitlistDayWaiting(AT, null)).toBeNull()
  })
})
