import type { Package } from '@salon/contracts/content'
import { describe, expect, it } from 'vitest'
import {
  asPackage,
  clearSelectedPackage,
  loadSelectedPackage,
  packageWaitingPath,
  PAYMENT_PATH,
  saveSelectedPackage,
  SELECTED_PACKAGE,
  SELECTION_KEPT_MS,
} from './selected-package.ts'
import { memoryStorage } from '../../lib/memory-storage.ts'

const glow: Package = {
  id: 'glow-60',
  name: 'Glow 60',
  description: 'Sixty minutes on any lay-down bed.',
  minutes: 60,
  pricePence: 3000,
  validityDays: 90,
  bedTypes: ['lay-down'],
  highlight: true,
}

describe('the selected package (docs/product.md §4: selecting a package stores it)', () => {
  it('is kept in session storage under SELECTED_PACKAGE with when it was chosen', () => {
    const storage = memoryStorage()
    saveSelectedPackage(glow, storage, 1_000)
    expect(SELECTED_PACKAGE).toBe('SELECTED_PACKAGE')
    expect(JSON.parse(storage.items.get(SELECTED_PACKAGE)!)).toEqual({ package: glow, at: 1_000 })
    expect(loadSelectedPackage(storage)).toEqual({ package: glow, at: 1_000 })
  })

  it('is gone once cleared', () => {
    const storage = memoryStorage()
    saveSelectedPackage(glow, storage)
    clearSelectedPackage(storage)
    expect(loadSelectedPackage(storage)).toBeNull()
  })

  it('ignores what cannot be a package', () => {
    expect(loadSelectedPackage(memoryStorage({ [SELECTED_PACKAGE]: '{not json' }))).toBeNull()
    expect(loadSelectedPackage(memoryStorage({ [SELECTED_PACKAGE]: JSON.stringify({ package: { id: 'x' }, at: 1 }) }))).toBeNull()
    expect(loadSelectedPackage(memoryStorage({ [SELECTED_PACKAGE]: JSON.stringify({ package: glow }) }))).toBeNull()
    expect(asPackage({ ...glow, minutes: 0 })).toBeNull()
    expect(asPackage({ ...glow, pricePence: 12.5 })).toBeNull()
    expect(asPackage({ ...glow, bedTypes: 'lay-down' })).toBeNull()
    expect(asPackage(null)).toBeNull()
    expect(asPackage({ ...glow, extra: true })).toEqual(glow)
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
    expect(() => saveSelectedPackage(glow, refusing)).not.toThrow()
    expect(loadSelectedPackage(refusing)).toBeNull()
    expect(packageWaitingPath(refusing)).toBeNull()
    expect(loadSelectedPackage(null)).toBeNull()
  })
})

describe('after signing in with a package chosen', () => {
  it('goes on to /payment/ while the choice is recent', () => {
    const storage = memoryStorage()
    saveSelectedPackage(glow, storage, 10_000)
    expect(packageWaitingPath(storage, 10_000 + SELECTION_KEPT_MS)).toBe(PAYMENT_PATH)
    expect(PAYMENT_PATH).toBe('/payment/')
  })

  it('drops an old or unreadable choice and says nothing waits', () => {
    const storage = memoryStorage()
    saveSelectedPackage(glow, storage, 10_000)
    expect(packageWaitingPath(storage, 10_001 + SELECTION_KEPT_MS)).toBeNull()
    expect(storage.items.has(SELECTED_PACKAGE)).toBe(false)
    const broken = memoryStorage({ [SELECTED_PACKAGE]: '{"package":{}}' })
    expect(packageWaitingPath(broken)).toBeNull()
    expect(broken.items.has(SELECTED_PACKAGE)).toBe(false)
    expect(packageWaitingPath(memoryStorage())).toBeNull()
  })
})
