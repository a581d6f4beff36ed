import { describe, expect, it } from 'vitest'
import { mailboxOf, sameMailbox } from './mailbox.ts'

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
