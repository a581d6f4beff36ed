/**
 * The username is a mobile number in E.164 (docs/product.md §5), and the code to confirm it is texted, so only numbers that
 * can receive a text are taken. One rule for the web app's forms and the identity service, small enough for the
 * browser (docs/decisions/010-one-source-for-rules.md):
 *
 * - UK numbers are judged by Ofcom's National Telephone Numbering Plan: mobiles are 07 then nine digits in the
 *   ranges 071–075 and 077–079, plus 07624 (Isle of Man). 070 (personal numbering) and 076 (pagers) are not mobiles.
 *   Ofcom's drama numbers 07700 900xxx and the unallocated rest of 07700 9xxxxx fall in 077, so demos and tests use them.
 *   07700 900123, +44 (0)7700 900123, 0044 7700 900123 and +44 7700 900123 are one number: +447700900123.
 * - Numbers of other countries are taken in E.164 shape: + (or 00), a country code that does not start with 0,
 *   8 to 15 digits in all. Whether such a number is a mobile is left to the text message.
 */
export type PhoneProblem = 'empty' | 'landline' | 'not-mobile' | 'foreign'
export type PhoneCheck = { ok: true; phone: string } | { ok: false; problem: PhoneProblem }

/** Longer input is refused without reading it: no one types a phone number this long. */
const MAX_INPUT_LENGTH = 40

/** UK national significant numbers (after +44 or the leading 0). */
const UK_MOBILE = /^7(?:[1-57-9]\d{8}|624\d{6})$/
/** Geographic (01, 02) and landline-rate (03) numbers. */
const UK_LANDLINE = /^(?:[12]\d{8,9}|3\d{9})$/

function ukNumber(national: string): PhoneCheck {
  if (UK_MOBILE.test(national)) return { ok: true, phone: `+44${national}` }
  if (UK_LANDLINE.test(national)) return { ok: false, problem: 'landline' }
  return { ok: false, problem: 'not-mobile' }
}

/** A number as typed → its E.164 form, or why it cannot be a customer's username. */
export function checkPhone(input: string): PhoneCheck {
  if (input.length > MAX_INPUT_LENGTH) return { ok: false, problem: 'not-mobile' }
  const compact = input
    .trim()
    .replace(/\(0\)/g, '')
    .replace(/[\s\-().]/g, '')
  if (!compact) return { ok: false, problem: 'empty' }
  // +44, 0044 and 44 followed by a whole UK number; one national 0 after the country code is forgiven.
  const uk = /^(?:\+44|0044|44(?=\d{10}$))0?(\d*)$/.exec(compact) ?? /^0([1-9]\d*)$/.exec(compact)
  if (uk) return ukNumber(uk[1]!)
  const international = /^(?:\+|00)(\d+)$/.exec(compact)
  if (international) return /^[1-9]\d{7,14}$/.test(international[1]!) ? { ok: true, phone: `+${international[1]}` } : { ok: false, problem: 'foreign' }
  return { ok: false, problem: 'not-mobile' }
}

/** "+447700900123" → "07700 900123"; other countries keep their international form. */
export function formatPhone(phone: string): string {
  const uk = /^\+447(\d{3})(\d{6})$/.exec(phone)
  return uk ? `07${uk[1]} ${uk[2]}` : phone
}
