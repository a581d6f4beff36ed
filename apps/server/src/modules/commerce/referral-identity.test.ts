import { describe, expect, it } from 'vitest'
import { mailboxOf, phoneFingerprint, sameMailbox } from './referral-identity.ts'

describe('one mailbox, however the address is written', () => {
  it.each([
    ['Jo.Bloggs@Gmail.com', 'jobloggs@gmail.com'],
    ['jo.bloggs+tanning@gmail.com', 'jobloggs@gmail.com'],
    ['jo.bloggs@googlemail.com.', 'jobloggs@gmail.com'],
    ['Sam.Lee+friend@Example.co.uk.', 'sam.lee@example.co.uk'],
    ['  sam@example.co.uk ', 'sam@example.co.uk'],
  ])('%s reaches %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox)
  })

  it('dots count outside Gmail, and a missing address matches nothing', () => {
    expect(sameMailbox('sam.lee@example.co.uk', 'samlee@example.co.uk')).toBe(false)
    expect(sameMailbox(null, 'sam@example.co.uk')).toBe(false)
    expect(sameMailbox('', '')).toBe(false)
    expect(sameMailbox('+tag@example.com', '+tag@example.com')).toBe(true)
  })
})

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
