/**
 * The username is the mobile number in E.164 (SPEC §5). Customers type it the way they know it
 * ("07700 900123", "+44 (0)7700 900123", "0044 7700 900123"), so we tidy it before it reaches the user pool.
 */
export type PhoneCheck = { ok: true; phone: string } | { ok: false; message: string }

export const PHONE_EXAMPLE = '07700 900123'

export function normalisePhone(input: string): PhoneCheck {
  const compact = input
    .trim()
    .replace(/\(0\)/g, '')
    .replace(/[\s\-().]/g, '')
  if (!compact) return { ok: false, message: 'Enter your mobile number.' }
  let phone: string
  if (/^07\d{9}$/.test(compact)) phone = `+44${compact.slice(1)}`
  else if (/^00[1-9]\d+$/.test(compact)) phone = `+${compact.slice(2)}`
  else if (/^447\d{9}$/.test(compact)) phone = `+${compact}`
  else if (/^\+[1-9]\d+$/.test(compact)) phone = compact
  else if (/^0[1-9]\d{8,9}$/.test(compact)) return { ok: false, message: 'This looks like a landline number. Enter a mobile number so we can text you a code.' }
  else return { ok: false, message: `Enter a mobile number, for example ${PHONE_EXAMPLE}.` }

  if (phone.startsWith('+44')) {
    if (/^\+440/.test(phone)) phone = `+44${phone.slice(4)}`
    if (!/^\+447\d{9}$/.test(phone)) {
      return /^\+44[1-9]\d{8,9}$/.test(phone)
        ? { ok: false, message: 'This looks like a landline number. Enter a mobile number so we can text you a code.' }
        : { ok: false, message: `Enter a mobile number, for example ${PHONE_EXAMPLE}.` }
    }
  } else if (!/^\+[1-9]\d{7,14}$/.test(phone)) {
    return { ok: false, message: 'Enter a mobile number with its country code, for example +353 85 123 4567.' }
  }
  return { ok: true, phone }
}

/** "+447700900123" → "07700 900123"; other countries keep their international form. */
export function formatPhone(phone: string): string {
  const uk = /^\+447(\d{3})(\d{6})$/.exec(phone)
  return uk ? `07${uk[1]} ${uk[2]}` : phone
}
