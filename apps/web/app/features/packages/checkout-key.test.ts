import { describe, expect, it } from 'vitest'
import { CHECKOUT_KEY, checkoutKeys, checkoutSubject } from './checkout-key.ts'
import { memoryStorage } from '../../lib/memory-storage.ts'

function counter() {
  let n = 0
  return () => `key-${String(++n).padStart(16, '0')}`
}

describe('the Idempotency-Key of a checkout', () => {
  it('is the same for a retry of the same checkout', () => {
    const keys = checkoutKeys(memoryStorage(), counter())
    const subject = checkoutSubject({ packageId: 'glow-60', promoCode: 'SUN10' })
    expect(keys.keyFor(subject)).toBe(keys.keyFor(subject))
    expect(checkoutSubject({ packageId: 'glow-60', promoCode: 'sun10' })).toBe(subject)
  })

  it('is new when the package, the code or the use of credit changes', () => {
    const keys = checkoutKeys(memoryStorage(), counter())
    const first = keys.keyFor(checkoutSubject({ packageId: 'glow-60' }))
    const withCode = keys.keyFor(checkoutSubject({ packageId: 'glow-60', promoCode: 'SUN10' }))
    const other = keys.keyFor(checkoutSubject({ packageId: 'tan-120', promoCode: 'SUN10' }))
    const withCredit = keys.keyFor(checkoutSubject({ packageId: 'tan-120', promoCode: 'SUN10', useCredit: true }))
    expect(new Set([first, withCode, other, withCredit]).size).toBe(4)
    // Going back to the first package is a new checkout too.
    expect(keys.keyFor(checkoutSubject({ packageId: 'glow-60' }))).not.toBe(first)
  })

  it('survives a reload of the page, in the same tab', () => {
    const storage = memoryStorage()
    const subject = checkoutSubject({ bookingId: 'b-1' })
    const key = checkoutKeys(storage, counter()).keyFor(subject)
    expect(JSON.parse(storage.items.get(CHECKOUT_KEY)!)).toEqual({ subject, key })
    expect(checkoutKeys(storage, () => 'another-key-0000000').keyFor(subject)).toBe(key)
  })

  it('is forgotten once the payment has gone through', () => {
    const storage = memoryStorage()
    const keys = checkoutKeys(storage, counter())
    const subject = checkoutSubject({ packageId: 'glow-60' })
    const key = keys.keyFor(subject)
    keys.forget()
    expect(storage.items.has(CHECKOUT_KEY)).toBe(false)
    expect(keys.keyFor(subject)).not.toBe(key)
  })

  it('is a UUID by default, which the contract accepts, and works without storage', () => {
    const key = checkoutKeys(null).keyFor('package:glow-60:')
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,100}$/)
  })
})
