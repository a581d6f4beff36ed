import { isPasswordTooLong, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_REQUIREMENTS } from '@salon/contracts/rules/password'
import { codeProblem, withoutEmpty } from './validation.ts'

/** docs/product.md §5, by the shared rule: at least 8 characters, with lowercase and uppercase letters, numbers and symbols. */
export const PASSWORD_RULES = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    short: `at least ${PASSWORD_MIN_LENGTH} characters`,
    test: PASSWORD_REQUIREMENTS.length,
  },
  { id: 'lower', label: 'A lowercase letter (a–z)', short: 'a lowercase letter', test: PASSWORD_REQUIREMENTS.lower },
  { id: 'upper', label: 'An uppercase letter (A–Z)', short: 'an uppercase letter', test: PASSWORD_REQUIREMENTS.upper },
  { id: 'number', label: 'A number (0–9)', short: 'a number', test: PASSWORD_REQUIREMENTS.number },
  { id: 'symbol', label: 'A symbol, such as ! ? # or @', short: 'a symbol', test: PASSWORD_REQUIREMENTS.symbol },
] as const

/** The missing rules in one sentence, or undefined when the password is good. */
export function passwordProblem(password: string): string | undefined {
  if (!password) return 'Enter a password.'
  if (isPasswordTooLong(password)) return `Your password can be up to ${PASSWORD_MAX_LENGTH} characters.`
  const missing = PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.short)
  if (missing.length === 0) return undefined
  return `Your password needs ${listInWords(missing)}.`
}

function listInWords(items: string[]) {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

export function repeatProblem(password: string, repeat: string): string | undefined {
  if (!repeat) return 'Type your password again.'
  if (password !== repeat) return 'The passwords do not match.'
  return undefined
}

export function validateNewPassword(values: { code?: string; password: string; passwordRepeat: string }) {
  return withoutEmpty({
    code: values.code === undefined ? undefined : codeProblem(values.code),
    password: passwordProblem(values.password),
    passwordRepeat: repeatProblem(values.password, values.passwordRepeat),
  })
}
