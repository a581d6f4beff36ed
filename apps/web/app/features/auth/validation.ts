import { normalisePhone } from './phone.ts'

/** What every auth form shares: its errors by field, the sign-in check and the texted code. */
export type FormErrors<K extends string = string> = Partial<Record<K, string>>

export function validateSignIn(values: { phone: string; password: string }): FormErrors<'phone' | 'password'> {
  const phone = normalisePhone(values.phone)
  return withoutEmpty({ phone: phone.ok ? undefined : phone.message, password: values.password ? undefined : 'Enter your password.' })
}

export function codeProblem(code: string): string | undefined {
  const digits = code.replace(/\s/g, '')
  if (!digits) return 'Enter the code from the text message.'
  if (!/^\d{6}$/.test(digits)) return 'The code is the 6 digits in the text message.'
  return undefined
}

export function withoutEmpty<K extends string>(errors: Partial<Record<K, string | undefined>>): FormErrors<K> {
  const out: FormErrors<K> = {}
  for (const [key, message] of Object.entries(errors) as [K, string | undefined][]) if (message) out[key] = message
  return out
}
