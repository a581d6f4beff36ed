import { describe, expect, it } from 'vitest'
import { assertPasswordConforms, passwordProblem } from './password-policy.ts'

describe('password policy', () => {
  it.each([
    ['Sh0rt!', 'Password not long enough'],
    ['lowercase1!', 'Password must have uppercase characters'],
    ['UPPERCASE1!', 'Password must have lowercase characters'],
    ['NoNumbers!!', 'Password must have numeric characters'],
    ['NoSymbols12', 'Password must have symbol characters'],
  ])('refuses %s: %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(`Password did not conform with policy: ${problem}`)
    expect(() => assertPasswordConforms(password)).toThrow(expect.objectContaining({ type: 'InvalidPasswordException' }))
  })
  it('accepts a password with every kind of character', () => {
    expect(passwordProblem('Tanning-2026')).toBeNull()
    expect(passwordProblem('Glow 4 Ever')).toBeNull()
  })
})
