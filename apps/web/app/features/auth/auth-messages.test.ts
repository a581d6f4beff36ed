import { describe, expect, it } from 'vitest'
import { forgotPasswordErrorOutcome, plainErrorMessage, signInErrorOutcome, signUpErrorOutcome } from './auth-messages.ts'

const err = (name: string, message: string) => Object.assign(new Error(message), { name })

describe('docs/product.md §8 login catalogue', () => {
  it('sends an unconfirmed customer to confirm their phone', () => {
    expect(signInErrorOutcome(err('UserNotConfirmedException', 'User is not confirmed.'))).toEqual({
      kind: 'confirm-phone',
      message: 'Your phone is not verified. A code has been sent to your phone for verification. Please input below.',
    })
  })

  it('tells an unknown number that there is no online account', () => {
    expect(signInErrorOutcome(err('UserNotFoundException', 'User does not exist.'))).toEqual({
      kind: 'alert',
      message: 'No online account registered to this number. If you signed up in shop you still need to sign up online to link your accounts',
    })
  })

  it('follows any other message with the forgot-password hint', () => {
    expect(signInErrorOutcome(err('NotAuthorizedException', 'Incorrect username or password.'))).toEqual({
      kind: 'alert',
      message: 'Incorrect username or password. You can reset your password by clicking on the "forgot password" link.',
    })
  })

  it('says plainly when the network is down', () => {
    expect(signInErrorOutcome(err('NetworkError', 'A network error has occurred.')).message).toMatch(/could not reach the salon/)
    expect(plainErrorMessage(new TypeError('Failed to fetch'))).toMatch(/could not reach the salon/)
  })
})

describe('docs/product.md §8 sign-up catalogue', () => {
  it('points an existing number to the reset-password steps', () => {
    expect(signUpErrorOutcome(err('UsernameExistsException', 'User already exists'))).toEqual({
      kind: 'alert',
      message: 'An account already exists with this mobile number. Please follow reset password steps to activate.',
      forgotPasswordButton: true,
    })
  })

  it('shows other messages as they are', () => {
    expect(signUpErrorOutcome(err('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'))).toEqual({
      kind: 'alert',
      message: 'Password did not conform with policy: Password not long enough',
    })
  })
})

describe('docs/product.md §8 forgot-password catalogue', () => {
  it('treats "Username/client…" as no online account', () => {
    expect(forgotPasswordErrorOutcome(err('UserNotFoundException', 'Username/client id combination not found.')).message).toBe(
      'No online account registered to this number. If you signed up in shop you still need to sign up online to link your accounts',
    )
  })

  it('sends a customer whose phone is not verified to confirm it', () => {
    const outcome = forgotPasswordErrorOutcome(
      err('InvalidParameterException', 'Cannot reset password for the user as there is no registered/verified email or phone_number'),
    )
    expect(outcome.kind).toBe('confirm-phone')
  })

  it('shows other messages as they are', () => {
    expect(forgotPasswordErrorOutcome(err('LimitExceededException', 'Attempt limit exceeded, please try after some time.'))).toEqual({
      kind: 'alert',
      message: 'Attempt limit exceeded, please try after some time.',
    })
  })
})
