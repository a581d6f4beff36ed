import { ageOn, MINIMUM_AGE, UNDER_18_MESSAGE } from '@salon/contracts/account'
import { normalisePhone } from './phone.ts'
import { emailProblem, nameProblem, passwordProblem, repeatProblem, skinTypeProblem, withoutEmpty, type FormErrors } from './validation.ts'

export interface SignUpValues {
  phone: string
  password: string
  passwordRepeat: string
  email: string
  firstName: string
  lastName: string
  skinType: string
  dob: string
  marketing: boolean
}

export type SignUpField = keyof SignUpValues

/** The sign-up fields a form sent back from the server may fill in again: everything but the passwords. */
export const SIGN_UP_KEPT_FIELDS = ['phone', 'email', 'firstName', 'lastName', 'dob', 'skinType', 'marketing'] as const

/** Sign-up values from fields a form sent back (a ticked box posts "on"); the passwords always start empty. */
export function keptSignUpValues(kept: Record<string, string> = {}): SignUpValues {
  const text = (name: (typeof SIGN_UP_KEPT_FIELDS)[number]) => kept[name] ?? ''
  return {
    phone: text('phone'),
    password: '',
    passwordRepeat: '',
    email: text('email'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    skinType: text('skinType'),
    dob: text('dob'),
    marketing: kept.marketing === 'on',
  }
}

export function dobProblem(dob: string, today: string): string | undefined {
  if (!dob) return 'Enter your date of birth.'
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dob) || Number.isNaN(Date.parse(`${dob}T00:00:00Z`))) return 'Enter a real date of birth.'
  if (dob > today) return 'Your date of birth cannot be in the future.'
  const age = ageOn(dob, today)
  if (age < MINIMUM_AGE) return UNDER_18_MESSAGE
  if (age > 120) return 'Check the year of your date of birth.'
  return undefined
}

/** Every field of the sign-up form (SPEC §5), checked before anything is sent. */
export function validateSignUp(values: SignUpValues, today: string): FormErrors<SignUpField> {
  const phone = normalisePhone(values.phone)
  const errors: FormErrors<SignUpField> = {
    phone: phone.ok ? undefined : phone.message,
    password: passwordProblem(values.password),
    passwordRepeat: repeatProblem(values.password, values.passwordRepeat),
    email: emailProblem(values.email),
    firstName: nameProblem(values.firstName, 'first'),
    lastName: nameProblem(values.lastName, 'last'),
    skinType: skinTypeProblem(values.skinType),
    dob: dobProblem(values.dob, today),
  }
  return withoutEmpty(errors)
}
