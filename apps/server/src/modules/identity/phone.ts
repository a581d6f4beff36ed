/**
 * A phone number in E.164, the pool's username attribute. UK numbers typed the British way (07700 900123)
 * become +447700900123; anything else must already start with + and a country code.
 */
export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '')
  let e164: string
  if (/^\+\d+$/.test(compact)) e164 = compact
  else if (/^00\d+$/.test(compact)) e164 = `+${compact.slice(2)}`
  else if (/^0\d{9,10}$/.test(compact)) e164 = `+44${compact.slice(1)}`
  else return null
  if (e164.startsWith('+440')) e164 = `+44${e164.slice(4)}`
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : null
}

/** "+*******0123": how Cognito names where a code went without giving the number away. */
export function maskPhone(phone: string): string {
  return `+${'*'.repeat(Math.max(phone.length - 5, 0))}${phone.slice(-4)}`
}
