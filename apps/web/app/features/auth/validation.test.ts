import { UNDER_18_MESSAGE } from '@salon/contracts/rules/date-of-birth'
import { describe, expect, it } from 'vitest'
import { GOOD_SIGN_UP } from './sign-up-values.test-data.ts'
import { dobProblem, keptSignUpValues, SIGN_UP_KEPT_FIELDS, validateSignUp } from './sign-up-validation.ts'
import { passwordProblem, validateNewPassword } from './password-validation.ts'
import { codeProblem, validateSignIn } from './validation.ts'

const good = GOOD_SIGN_UP
const today = '2025-06-15'

describe('sign-up form', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(good, today)).toEqual({})
  })

  it('names every empty field', () => {
    const empty = { phone: '', password: '', passwordRepeat: '', email: '', firstName: '', lastName: '', skinType: '', dob: '', marketing: false }
    expect(validateSignUp(empty, today)).toEqual({
      phone: 'Enter your mobile number.',
      password: 'Enter a password.',
      passwordRepeat: 'Type your password again.',
      email: 'Enter your email address.',
      firstName: 'Enter your first name.',
      lastName: 'Enter your last name.',
      skinType: 'Choose the skin type that describes you best.',
      dob: 'Enter your date of birth.',
    })
  })

  it('says when the passwords do not match', () => {
    expect(validateSignUp({ ...good, passwordRepeat: 'Sunny#2025' }, today)).toEqual({ passwordRepeat: 'The passwords do not match.' })
  })

  it('checks the email address', () => {
    expect(validateSignUp({ ...good, email: 'amy@example' }, today).email).toBe('Enter an email address like name@example.com.')
  })

  it('refuses anyone under 18 with the message of the law', () => {
    expect(validateSignUp({ ...good, dob: '2007-06-16' }, today).dob).toBe(UNDER_18_MESSAGE)
    expect(validateSignUp({ ...good, dob: '2007-06-15' }, today).dob).toBeUndefined()
  })

  it('refuses a date of birth in the future or too long ago', () => {
    expect(dobProblem('2030-01-01', today)).toBe('Your date of birth cannot be in the future.')
    expect(dobProblem('1899-12-31', today)).toBe('Check the year of your date of birth.')
    expect(dobProblem('1990-13-45', today)).toBe('Enter a real date of birth.')
  })
})

describe('password rules (docs/product.md §5)', () => {
  it('accepts 8 characters with lowercase, uppercase, a number and a symbol', () => {
    expect(passwordProblem('Sunny#24')).toBeUndefined()
  })

  it.each([
    ['Sun#24a', 'Your password needs at least 8 characters.'],
    ['SUNNY#2024', 'Your password needs a lowercase letter.'],
    ['sunny#2024', 'Your password needs an uppercase letter.'],
    ['Sunny#Days', 'Your password needs a number.'],
    ['Sunny2024', 'Your password needs a symbol.'],
    ['sunny', 'Your password needs at least 8 characters, an uppercase letter, a number and a symbol.'],
  ])('explains what %s is missing', (password, message) => {
    expect(passwordProblem(password)).toBe(message)
  })
})

describe('sign in, codes and new passwords', () => {
  it('needs a mobile number and a password', () => {
    expect(validateSignIn({ phone: '', password: '' })).toEqual({ phone: 'Enter your mobile number.', password: 'Enter your password.' })
    expect(validateSignIn({ phone: '07700900123', password: 'x' })).toEqual({})
  })

  it('wants the 6 digits of the text message', () => {
    expect(codeProblem('')).toBe('Enter the code from the text message.')
    expect(codeProblem('12345')).toBe('The code is the 6 digits in the text message.')
    expect(codeProblem('123 456')).toBeUndefined()
  })

  it('checks the code, the new password and its repeat together', () => {
    expect(validateNewPassword({ code: '', password: 'short', passwordRepeat: 'other' })).toEqual({
      code: 'Enter the code from the text message.',
      password: 'Your password needs at least 8 characters, an uppercase letter, a number and a symbol.',
      passwordRepeat: 'The passwords do not match.',
    })
    expect(validateNewPassword({ password: 'Sunny#2024', passwordRepeat: 'Sunny#2024' })).toEqual({})
  })
})

describe('sign-up fields sent back before the page was ready', () => {
  it('fills in everything but the passwords, with a ticked box as true', () => {
    const kept = { phone: '07700 900123', email: 'amy@example.com', firstName: 'Amy', lastName: 'Jones', dob: '1990-05-01', skinType: '3', marketing: 'on' }
    expect(keptSignUpValues(kept)).toEqual({ ...kept, password: '', passwordRepeat: '', marketing: true })
  })

  it('starts empty without them', () => {
    expect(keptSignUpValues()).toEqual({
      phone: '',
      password: '',
      passwordRepeat: '',
      email: '',
      firstName: '',
      lastName: '',
      skinType: '',
      dob: '',
      marketing: false,
    })
  })

  it('never asks for the passwords back', () => {
    expect(SIGN_UP_KEPT_FIELDS).not.toContain('password')
    expect(SIGN_UP_KEPT_FIELDS).not.toContain('passwordRepeat')
  })
})
