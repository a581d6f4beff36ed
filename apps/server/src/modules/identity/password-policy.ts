import { isPasswordTooLong, missingPasswordRequirements, PASSWORD_MAX_LENGTH, type PasswordRequirement } from '@salon/contracts/rules/password'
import { CognitoError } from './cognito-error.ts'

/** Cognito's words for each requirement, in the order Cognito checks them. */
const PROBLEMS: [PasswordRequirement, string][] = [
  ['length', 'Password not long enough'],
  ['upper', 'Password must have uppercase characters'],
  ['lower', 'Password must have lowercase characters'],
  ['number', 'Password must have numeric characters'],
  ['symbol', 'Password must have symbol characters'],
]
const ORDER = PROBLEMS.map(([requirement]) => requirement)
const WORDS = new Map(PROBLEMS)

/** The first rule a password breaks (the shared policy), in Cognito's words, or null when it conforms. */
export function passwordProblem(password: string): string | null {
  const [broken] = missingPasswordRequirements(password, ORDER)
  return broken ? `Password did not conform with policy: ${WORDS.get(broken)}` : null
}

export function assertPasswordConforms(password: string) {
  if (isPasswordTooLong(password)) throw new CognitoError('InvalidParameterException', `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`)
  const problem = passwordProblem(password)
  if (problem) throw new CognitoError('InvalidPasswordException', problem)
}
