import { errorMessageOf, isNetworkError, NETWORK, plainErrorMessage, type AuthErrorLike } from './common-messages.ts'
export { ACCOUNT_UPDATED, PASSWORD_CHANGED } from './common-messages.ts'

/** docs/product.md §8, word for word: these are the sentences customers see. */
export const CODE_SENT = 'A code has been sent to your phone. Please input below.'
export const NOT_VERIFIED = 'Your phone is not verified. A code has been sent to your phone for verification. Please input below.'
export const NO_ONLINE_ACCOUNT = 'No online account registered to this number. If you signed up in shop you still need to sign up online to link your accounts'
export const ACCOUNT_EXISTS = 'An account already exists with this mobile number. Please follow reset password steps to activate.'
export const FORGOT_PASSWORD_HINT = 'You can reset your password by clicking on the "forgot password" link.'

/** What the user pool says in these cases (Amazon Cognito's own messages). */
export const USER_NOT_CONFIRMED = 'User is not confirmed.'
export const USER_DOES_NOT_EXIST = 'User does not exist.'
export const UNVERIFIED_RESET = 'Cannot reset password for the user as there is no registered/verified email or phone_number'

/** The generic error alert: the message followed by the forgot-password hint. */
export const withForgotPasswordHint = (message: string) => `${message} ${FORGOT_PASSWORD_HINT}`

export type { AuthErrorLike } from './common-messages.ts'

/** What the page does after a failed step: show an alert, or resend the sign-up code and go to the confirm page. */
export type ErrorOutcome = { kind: 'alert'; message: string; forgotPasswordButton?: boolean } | { kind: 'confirm-phone'; message: string }

export { errorMessageOf }

const nameOf = (error: unknown) => (error as AuthErrorLike | null)?.name ?? ''

/** docs/product.md §8 login catalogue. */
export function signInErrorOutcome(error: unknown): ErrorOutcome {
  const message = errorMessageOf(error)
  if (message === USER_NOT_CONFIRMED || nameOf(error) === 'UserNotConfirmedException') return { kind: 'confirm-phone', message: NOT_VERIFIED }
  if (message === USER_DOES_NOT_EXIST) return { kind: 'alert', message: NO_ONLINE_ACCOUNT }
  if (isNetworkError(error)) return { kind: 'alert', message: NETWORK }
  return { kind: 'alert', message: withForgotPasswordHint(message) }
}

/** docs/product.md §8 sign-up catalogue: an existing number points to the reset-password steps. */
export function signUpErrorOutcome(error: unknown): ErrorOutcome {
  if (nameOf(error) === 'UsernameExistsException') return { kind: 'alert', message: ACCOUNT_EXISTS, forgotPasswordButton: true }
  if (isNetworkError(error)) return { kind: 'alert', message: NETWORK }
  return { kind: 'alert', message: errorMessageOf(error) }
}

/** docs/product.md §8 forgot-password catalogue. */
export function forgotPasswordErrorOutcome(error: unknown): ErrorOutcome {
  const message = errorMessageOf(error)
  if (message.startsWith('Username/client')) return { kind: 'alert', message: NO_ONLINE_ACCOUNT }
  if (message === UNVERIFIED_RESET) return { kind: 'confirm-phone', message: NOT_VERIFIED }
  if (isNetworkError(error)) return { kind: 'alert', message: NETWORK }
  return { kind: 'alert', message }
}

export { plainErrorMessage }

/** An unconfirmed number whose new code could not be sent: why, instead of asking for a code that never comes. */
export const codeNotSentMessage = (error: unknown) =>
  `Your phone number is not confirmed yet, and we could not text you a new code. ${plainErrorMessage(error)}`
