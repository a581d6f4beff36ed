/**
 * The sentences every page's session and the account page need: an error's own message, or a plain one offline, and
 * the account's two confirmations (docs/product.md §8). The rest, in auth-messages.ts, only the auth pages load.
 */
export const PASSWORD_CHANGED = 'Successfully changed your password.'
export const ACCOUNT_UPDATED = 'Account was updated!'

export interface AuthErrorLike {
  name?: string
  message?: string
}

export const errorMessageOf = (error: unknown) => {
  const message = (error as AuthErrorLike | null)?.message
  return typeof message === 'string' && message ? message : 'Something went wrong. Please try again.'
}

const nameOf = (error: unknown) => (error as AuthErrorLike | null)?.name ?? ''

export const isNetworkError = (error: unknown) => nameOf(error) === 'NetworkError' || /network error|failed to fetch/i.test(errorMessageOf(error))
export const NETWORK = 'We could not reach the salon. Please check your connection and try again.'

/** Any other step (confirm code, resend code, change password): the user pool's message, or a plain one offline. */
export function plainErrorMessage(error: unknown): string {
  return isNetworkError(error) ? NETWORK : errorMessageOf(error)
}
