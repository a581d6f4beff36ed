import { checkPhone, type PhoneProblem } from '@salon/contracts/rules/phone'

/**
 * The username is the mobile number in E.164 (docs/product.md §5). Customers type it the way they know it
 * ("07700 900123", "+44 (0)7700 900123", "0044 7700 900123"); the shared rule tidies it, and says here why not.
 */
export type PhoneCheck = { ok: true; phone: string } | { ok: false; message: string }

export const PHONE_EXAMPLE = '07700 900123'

const MESSAGES: Record<PhoneProblem, string> = {
  empty: 'Enter your mobile number.',
  landline: 'This looks like a landline number. Enter a mobile number so we can text you a code.',
  'not-mobile': `Enter a mobile number, for example ${PHONE_EXAMPLE}.`,
  foreign: 'Enter a mobile number with its country code, for example +353 85 123 4567.',
}

export function normalisePhone(input: string): PhoneCheck {
  const check = checkPhone(input)
  return check.ok ? check : { ok: false, message: MESSAGES[check.problem] }
}
