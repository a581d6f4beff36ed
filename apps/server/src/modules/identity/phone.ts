import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

/**
 * Ofcom keeps 07700 900000 to 900999 for drama, and the rest of 07700 9xxxxx is allocated to no network:
 * never a real customer's phone, so demos and tests use them.
 */
const UK_FICTIONAL_MOBILES = /^\+4477009\d{5}$/

/**
 * A mobile number in E.164, the pool's username attribute, or null when the input is not one.
 * Numbers are read with libphonenumber's rules for the UK (07700 900123, +44 (0)7700 900123, 0044 7700 900123
 * and +44 7700 900123 are one number), so each real number has exactly one account. Texts carry the codes,
 * so UK landlines and numbers with an extension are refused.
 */
export function normalisePhone(input: string): string | null {
  if (input.length > 40) return null
  const parsed = parsePhoneNumberFromString(input.trim(), { defaultCountry: 'GB', extract: false })
  if (!parsed || parsed.ext) return null
  const phone = parsed.number
  if (UK_FICTIONAL_MOBILES.test(phone)) return phone
  if (!parsed.isValid()) return null
  const type = parsed.getType()
  if (parsed.country === 'GB') return type === 'MOBILE' ? phone : null
  return type === 'FIXED_LINE' ? null : phone
}
