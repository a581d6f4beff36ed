import { describe, expect, it } from 'vitest'
import { SESSION_HINT, SESSION_HINT_SCRIPT } from './session-hint.ts'

/** Runs the inline script against a page with these cookies; returns whether it marked <html>. */
function marks(cookie: string): boolean {
  const attributes = new Map<string, string>()
  const document = { cookie, documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } }
  new Function('document', SESSION_HINT_SCRIPT)(document)
  return attributes.has(SESSION_HINT)
}

describe('the mark of a signed-in browser, set before the first paint', () => {
  it('is set when Amplify’s cookies name the last customer of any client of the pool', () => {
    expect(marks('CognitoIdentityServiceProvider.5k1n7an5a1on0c1ien7id0demo.LastAuthUser=%2B447700900123')).toBe(true)
    expect(marks('_ga=GA1.1.1; CognitoIdentityServiceProvider.abc.LastAuthUser=+447700900123; analytics-consent=granted')).toBe(true)
  })

  it('is not set for a visitor without them, with other cookies, or with an emptied one', () => {
    expect(marks('')).toBe(false)
    expect(marks('_ga=GA1.1.1; analytics-consent=granted')).toBe(false)
    expect(marks('CognitoIdentityServiceProvider.abc.LastAuthUser=')).toBe(false)
    expect(marks('CognitoIdentityServiceProvider.abc.LastAuthUser=; _ga=1')).toBe(false)
    expect(marks('xCognitoIdentityServiceProvider.abc.LastAuthUser=1')).toBe(false)
  })
})
