import { describe, expect, it } from 'vitest'
import { OFFER_RETURN, offerWaitingPath, rememberOffer } from './offer-return.ts'
import { memoryStorage } from '../../lib/memory-storage.ts'

const AT = Date.parse('2026-11-23T10:00:00Z')

describe('the waitlist offer a visitor signs in to book', () => {
  it('is brought back once after sign-in, as its own address', () => {
    const storage = memoryStorage()
    rememberOffer('abc_DEF-123', AT, storage)
    expect(offerWaitingPath(AT + 4 * 60_000, storage)).toBe('/waitlist-offer/abc_DEF-123/')
    expect(offerWaitingPath(AT + 5 * 60_000, storage)).toBeNull()
  })

  it('is forgotten when older than a sign-in takes, or when what is kept is not an offer of this site', () => {
    const storage = memoryStorage()
    rememberOffer('abc', AT, storage)
    expect(offerWaitingPath(AT + 31 * 60_000, storage)).toBeNull()
    expect(storage.getItem(OFFER_RETURN)).toBeNull()
    for (const path of ['https://elsewhere.example/', '//elsewhere.example/waitlist-offer/abc/', '/waitlist-offer/../account/', '/account/']) {
      storage.setItem(OFFER_RETURN, JSON.stringify({ path, at: AT }))
      expect(offerWaitingPath(AT, storage)).toBeNull()
    }
  })
})
