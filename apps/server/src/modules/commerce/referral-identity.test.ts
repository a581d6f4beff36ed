import { describe, expect, it } from 'vitest'
import { phoneFingerprint } from './referral-identity.ts'

describe('the fingerprint of a phone number', () => {
  it('is the same for one number however written, differs by shop, and does not contain the number', async () => {
    const a = await phoneFingerprint('+447700900123', 'salt-a')
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(await phoneFingerprint('07700 900123', 'salt-a')).toBe(a)
    expect(await phoneFingerprint('+447700900123', 'salt-b')).not.toBe(a)
    expect(await phoneFingerprint('+447700900124', 'salt-a')).not.toBe(a)
    expect(a).not.toContain('7700900123')
  })
})
