/**
 * The user pool's password policy (docs/product.md §5 and §9), as Amazon Cognito applies it. Plain functions without Zod,
 * so the web app's forms and the identity service judge a password by the same rule.
 */
export const PASSWORD_MIN_LENGTH = 8
/** Cognito refuses longer passwords outright (InvalidParameterException), before the policy is checked. */
export const PASSWORD_MAX_LENGTH = 256

/** Cognito's list of symbols that count as special characters; a space counts too. */
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/

export type PasswordRequirement = 'length' | 'lower' | 'upper' | 'number' | 'symbol'

export const PASSWORD_REQUIREMENTS: Record<PasswordRequirement, (password: string) => boolean> = {
  length: (p) => p.length >= PASSWORD_MIN_LENGTH,
  lower: (p) => /[a-z]/.test(p),
  upper: (p) => /[A-Z]/.test(p),
  number: (p) => /[0-9]/.test(p),
  symbol: (p) => SYMBOL.test(p),
}

/** The requirements a password misses, in the order given (each side words and orders them its own way). */
export function missingPasswordRequirements(password: string, order: readonly PasswordRequirement[]): PasswordRequirement[] {
  return order.filter((requirement) => !PASSWORD_REQUIREMENTS[requirement](password))
}

export const isPasswordTooLong = (password: string) => password.length > PASSWORD_MAX_LENGTH
