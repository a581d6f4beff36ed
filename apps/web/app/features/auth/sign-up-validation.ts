import { dateOfBirthRule, UNDER_18_MESSAGE, type DateOfBirthProblem } from '@salon/contracts/rules/date-of-birth'
import { isEmailAddress } from '@salon/contracts/rules/email'
import { isNameWithinLimit, NAME_MAX_LENGTH } from '@salon/contracts/rules/name'
import { isSkinType } from '@salon/contracts/rules/skin-type'
import { passwordProblem, repeatProblem } from './password-validation.ts'
import { normalisePhone } from './phone.ts'
import { withoutEmpty, type FormErrors } from './validation.ts'

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

export function nameProblem(value: string, which: 'first' | 'last'): string | undefined {
  if (!value.trim()) return `Enter your ${which} name.`
  if (!isNameWithinLimit(value.trim())) return `Your ${which} name can be up to ${NAME_MAX_LENGTH} characters.`
  return undefined
}

export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return 'Enter your email address.'
  if (!isEmailAddress(email.trim())) return 'Enter an email address like name@example.com.'
  return undefined
}

export function skinTypeProblem(skinType: string): string | undefined {
  return isSkinType(skinType) ? undefined : 'Choose the skin type that describes you best.'
}

const DOB_MESSAGES: Record<DateOfBirthProblem, string> = {
  'not-a-date': 'Enter a real date of birth.',
  future: 'Your date of birth cannot be in the future.',
  'too-early': 'Check the year of your date of birth.',
  'under-age': UNDER_18_MESSAGE,
}

export function dobProblem(dob: string, today: string): string | undefined {
  if (!dob) return 'Enter your date of birth.'
  const problem = dateOfBirthRule(dob, today)
  return problem ? DOB_MESSAGES[problem] : undefined
}

/** Every field of the sign-up form (docs/product.md §5), checked before anything is sent. */
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
