import { normalisePhone } from './phone.ts'

export type FormErrors<K extends string = string> = Partial<Record<K, string>>

/** SPEC §5: at least 8 characters, with lowercase and uppercase letters, numbers and symbols. */
export const PASSWORD_MIN_LENGTH = 8

/** The symbols the user pool counts (Amazon Cognito's list). */
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/

export const PASSWORD_RULES = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    short: `at least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'lower', label: 'A lowercase letter (a–z)', short: 'a lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'upper', label: 'An uppercase letter (A–Z)', short: 'an uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'number', label: 'A number (0–9)', short: 'a number', test: (p: string) => /\d/.test(p) },
  { id: 'symbol', label: 'A symbol, such as ! ? # or @', short: 'a symbol', test: (p: string) => SYMBOL.test(p) },
] as const

/** The missing rules in one sentence, or undefined when the password is good. */
export function passwordProblem(password: string): string | undefined {
  if (!password) return 'Enter a password.'
  const missing = PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.short)
  if (missing.length === 0) return undefined
  return `Your password needs ${listInWords(missing)}.`
}

function listInWords(items: string[]) {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

/** Today's date in the UK, written YYYY-MM-DD, for the age check. */
export function todayInUk(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

export function nameProblem(value: string, which: 'first' | 'last'): string | undefined {
  if (!value.trim()) return `Enter your ${which} name.`
  if (value.trim().length > 50) return `Your ${which} name can be up to 50 characters.`
  return undefined
}

export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return 'Enter your email address.'
  if (!EMAIL.test(email.trim())) return 'Enter an email address like name@example.com.'
  return undefined
}

export function skinTypeProblem(skinType: string): string | undefined {
  return /^[1-6]$/.test(skinType) ? undefined : 'Choose the skin type that describes you best.'
}

export function repeatProblem(password: string, repeat: string): string | undefined {
  if (!repeat) return 'Type your password again.'
  if (password !== repeat) return 'The passwords do not match.'
  return undefined
}

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

export function validateNewPassword(values: { code?: string; password: string; passwordRepeat: string }) {
  return withoutEmpty({
    code: values.code === undefined ? undefined : codeProblem(values.code),
    password: passwordProblem(values.password),
    passwordRepeat: repeatProblem(values.password, values.passwordRepeat),
  })
}

export function withoutEmpty<K extends string>(errors: Partial<Record<K, string | undefined>>): FormErrors<K> {
  const out: FormErrors<K> = {}
  for (const [key, message] of Object.entries(errors) as [K, string | undefined][]) if (message) out[key] = message
  return out
}
