import { describe, expect, it } from 'vitest'
import { lockoutSeconds } from './identity.service.ts'

describe('sign-in lockout', () => {
  it('lets the first four failures through without a lockout', () => {
    expect([1, 2, 3, 4].map(lockoutSeconds)).toEqual([0, 0, 0, 0])
  })
  it('doubles from one second at the fifth failure', () => {
    expect([5, 6, 7, 8, 14].map(lockoutSeconds)).toEqual([1, 2, 4, 8, 512])
  })
  it('never locks for more than 15 minutes', () => {
    expect(lockoutSeconds(15)).toBe(900)
    expect(lockoutSeconds(40)).toBe(900)
  })
})
