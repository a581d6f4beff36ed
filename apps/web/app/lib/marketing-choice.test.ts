import { describe, expect, it } from 'vitest'
import { marketingChoiceKnown, rememberMarketingChoice } from './marketing-choice.ts'

const memory = () => {
  const items = new Map<string, string>()
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) }
}

describe('the marketing choice this browser knows', () => {
  it('is unknown until remembered, and the offer popup’s old key counts', () => {
    const storage = memory()
    expect(marketingChoiceKnown(storage)).toBe(false)
    rememberMarketingChoice(storage, new Date('2026-05-01T10:00:00Z'))
    expect(marketingChoiceKnown(storage)).toBe(true)
    expect(storage.getItem('offer-popup-seen')).toBe('2026-05-01T10:00:00.000Z')
  })

  it('is unknown where storage is switched off, and remembering it there does no harm', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(marketingChoiceKnown(refusing)).toBe(false)
    expect(() => rememberMarketingChoice(refusing)).not.toThrow()
    expect(marketingChoiceKnown(null)).toBe(false)
  })
})
