import { CognitoError } from './cognito-error.ts'

/** SPEC §5 and §9: at least 8 characters with lowercase, uppercase, numbers and symbols. */
export const PASSWORD_MIN_LENGTH = 8

/** Cognito's list of symbols that count as special characters. */
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/

const RULES: [test: (p: string) => boolean, problem: string][] = [
  [(p) => p.length >= PASSWORD_MIN_LENGTH, 'Password not long enough'],
  [(p) => /[A-Z]/.test(p), 'Password must have uppercase characters'],
  [(p) => /[a-z]/.test(p), 'Password must have lowercase characters'],
  [(p) => /[0-9]/.test(p), 'Password must have numeric characters'],
  [(p) => SYMBOLS.test(p), 'Password must have symbol characters'],
]

/** The first rule a password breaks, in Cognito's words, or null when it conforms. */
export function passwordProblem(password: string): string | null {
  const broken = RULES.find(([test]) => !test(password))
  return broken ? `Password did not conform with policy: ${broken[1]}` : null
}

export function assertPasswordConforms(password: string) {
  if (password.length > 256) throw new CognitoError('InvalidParameterException', 'Password must be at most 256 characters long.')
  const problem = passwordProblem(password)
  if (problem) throw new CognitoError('InvalidPasswordException', problem)
}
