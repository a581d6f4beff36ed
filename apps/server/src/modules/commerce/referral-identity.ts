import { scrypt, type ScryptOptions } from 'node:crypto'
import { normalisePhone } from '../identity/public.ts'

/**
 * How one person is recognised across accounts for refer-and-earn: by the phone number, kept only as a one-way
 * fingerprint once it has earned a reward (docs/decisions/021); and by the mailbox an address reaches (identity's
 * `sameMailbox`).
 */

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
