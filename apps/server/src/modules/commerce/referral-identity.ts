import { scrypt, type ScryptOptions } from 'node:crypto'
import { normalisePhone } from '../identity/phone.ts'

/**
 * How one person is recognised across accounts for refer-and-earn: by the mailbox an address reaches, and by the
 * phone number, kept only as a one-way fingerprint once it has earned a reward (docs/decisions/021).
 */

/** Domains whose mailboxes ignore dots in the local part, and name one mailbox under either name. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * The mailbox an address reaches, for telling whether two addresses are one person's: lower case, without a
 * trailing dot on the domain or a `+tag`, and for Gmail without the dots in the local part (and googlemail.com
 * is gmail.com). Only for comparing: the address kept and written to stays as the customer typed it.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 0) return address
  let local = address.slice(0, at)
  let domain = address.slice(at + 1).replace(/\.+$/, '')
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '')
    domain = 'gmail.com'
  }
  return `${local}@${domain}`
}

export const sameMailbox = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && mailboxOf(a) === mailboxOf(b))

/**
 * scrypt's cost: about 16 MB and tens of milliseconds a number. There are only about a billion UK mobile
 * numbers, so a fast hash of one could be reversed by trying them all; at this cost, trying them all for one
 * shop takes years of a processor. It runs once per rewarded purchase.
 */
const COST: ScryptOptions = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }

/** The one-way fingerprint of a phone number (in E.164, however written) at a shop, from the shop's salt: 64 hex digits. */
export function phoneFingerprint(phone: string, salt: string): Promise<string> {
  const number = normalisePhone(phone) ?? phone.replace(/\s+/g, '')
  return new Promise((resolve, reject) =>
    scrypt(number, `salon-referral-phone:${salt}`, 32, COST, (error, key) => (error ? reject(error) : resolve(key.toString('hex')))),
  )
}
