import { DATE_OF_BIRTH_CASES, DATE_OF_BIRTH_CASES_TODAY } from '@salon/contracts/rules/date-of-birth.cases'
import { EMAIL_CASES } from '@salon/contracts/rules/email.cases'
import { NAME_CASES } from '@salon/contracts/rules/name.cases'
import { PASSWORD_CASES } from '@salon/contracts/rules/password.cases'
import { PHONE_CASES } from '@salon/contracts/rules/phone.cases'
import { describe, expect, it } from 'vitest'
import { GOOD_SIGN_UP } from './sign-up-values.test-data.ts'
import { validateSignUp, type SignUpValues } from './sign-up-validation.ts'
import { validateNewPassword } from './password-validation.ts'
import { validateSignIn } from './validation.ts'

/**
 * The forms run the shared case tables of packages/contracts/src/rules; the identity service runs the same tables
 * (apps/server/src/modules/identity/shared-rules.api.test.ts), so what a form takes the server takes.
 */
const good = GOOD_SIGN_UP
const signUpErrors = (values: Partial<SignUpValues>) => validateSignUp({ ...good, ...values }, DATE_OF_BIRTH_CASES_TODAY)

describe('the forms take what the shared rules take', () => {
  it.each(PASSWORD_CASES)('password on sign-up, reset and change: $why', ({ password, accepted }) => {
    expect(signUpErrors({ password, passwordRepeat: password }).password === undefined).toBe(accepted)
    expect(validateNewPassword({ password, passwordRepeat: password }).password === undefined).toBe(accepted)
  })

  it.each(EMAIL_CASES)('email on sign-up: $why', ({ email, accepted }) => {
    expect(signUpErrors({ email }).email === undefined).toBe(accepted)
  })

  it.each(NAME_CASES)('first and last name on sign-up: $why', ({ name, accepted }) => {
    const errors = signUpErrors({ firstName: name, lastName: name })
    expect([errors.firstName === undefined, errors.lastName === undefined]).toEqual([accepted, accepted])
  })

  it.each(DATE_OF_BIRTH_CASES)('date of birth on sign-up: $why', ({ dob, accepted }) => {
    expect(signUpErrors({ dob }).dob === undefined).toBe(accepted)
  })

  it.each(PHONE_CASES)('mobile number $input on sign-up and sign-in: $why', (c) => {
    const accepted = 'phone' in c
    expect(signUpErrors({ phone: c.input }).phone === undefined).toBe(accepted)
    expect(validateSignIn({ phone: c.input, password: 'x' }).phone === undefined).toBe(accepted)
  })
})
