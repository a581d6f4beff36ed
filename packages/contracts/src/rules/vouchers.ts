/**
 * Gift vouchers' rules, shared by the server and the web app (docs/decisions/042-gift-vouchers.md): the settings a
 * fresh salon sells at, the code's alphabet and shape, and reading a code as a person types it.
 */

/** What a salon that has not set its voucher settings sells at. */
export const VOUCHER_DEFAULTS = { amountsPence: [1000, 2000, 2500, 5000], packagesAsGifts: true, expiryMonths: 12 } as const

/** A voucher lasts at least this many months (and at most VOUCHER_MAX_EXPIRY_MONTHS). */
export const VOUCHER_MIN_EXPIRY_MONTHS = 12
export const VOUCHER_MAX_EXPIRY_MONTHS = 60
/** A voucher's amount is a whole number of pounds from £1 to £1,000; a salon offers at most 12 amounts. */
export const VOUCHER_MIN_POUNDS = 1
export const VOUCHER_MAX_POUNDS = 1000
export const VOUCHER_MAX_AMOUNTS = 12

/**
 * The code's alphabet: Crockford's base 32 (no I, L, O or U), so nothing reads as another character. 16 characters
 * are 80 bits of randomness, written in four groups of four.
 */
export const VOUCHER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const VOUCHER_CODE_LENGTH = 16

/** The code grouped for reading and typing: ABCD-EFGH-JKMN-PQRS. */
export function formatVoucherCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code
}

/**
 * The code in what a person typed: any case, spaces and dashes anywhere, and the letters people mistake for digits
 * (O for 0, I and L for 1) read as Crockford's base 32 reads them. Null when it cannot be a code.
 */
export function voucherCodeFrom(typed: string | null | undefined): string | null {
  const code = (typed ?? '').toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  if (code.length !== VOUCHER_CODE_LENGTH) return null
  return [...code].every((c) => VOUCHER_ALPHABET.includes(c)) ? code : null
}

/**
 * The last day a voucher issued on `issuedOn` may be used on: the same day of the month `months` later (the month's
 * last day when it has no such day), so a voucher bought on 31 January 2027 for 12 months lasts to 31 January 2028.
 */
export function voucherLastDay(issuedOn: string, months: number): string {
  const [y, m, d] = issuedOn.split('-').map(Number) as [number, number, number]
  const total = m - 1 + months
  const year = y + Math.floor(total / 12)
  const month = (total % 12) + 1
  const lastOfMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastOfMonth)).padStart(2, '0')}`
}
