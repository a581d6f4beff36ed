/**
 * Why a NotAuthorizedException was raised, for code that answers in its own words (the salon API):
 * Cognito gives several causes one type, and the message is for people, not for code to match.
 */
export type NotAuthorizedReason = 'disabled' | 'revoked' | 'token-expired' | 'token-invalid'

/** An answer in Cognito's own terms: HTTP 400 with {"__type": "<Name>Exception", "message": "..."}. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly reason?: NotAuthorizedReason,
  ) {
    super(message)
  }
}

type TokenKind = 'Access' | 'Id' | 'Refresh'

export const cognitoErrors = {
  userNotFound: () => new CognitoError('UserNotFoundException', 'User does not exist.'),
  /** What Cognito says to code and reset operations for a username it does not know. */
  usernameClientNotFound: () => new CognitoError('UserNotFoundException', 'Username/client id combination not found.'),
  notConfirmed: () => new CognitoError('UserNotConfirmedException', 'User is not confirmed.'),
  wrongPassword: () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.'),
  lockedOut: () => new CognitoError('NotAuthorizedException', 'Password attempts exceeded'),
  disabled: () => new CognitoError('NotAuthorizedException', 'User is disabled.', 'disabled'),
  revoked: (kind: TokenKind) => new CognitoError('NotAuthorizedException', `${kind} Token has been revoked`, 'revoked'),
  tokenExpired: (kind: TokenKind) => new CognitoError('NotAuthorizedException', `${kind} Token has expired`, 'token-expired'),
  tokenInvalid: (kind: TokenKind) => new CognitoError('NotAuthorizedException', `Invalid ${kind} Token`, 'token-invalid'),
  exists: () => new CognitoError('UsernameExistsException', 'User already exists'),
  codeMismatch: () => new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.'),
  codeExpired: () => new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  limitExceeded: () => new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  resetRequired: () => new CognitoError('PasswordResetRequiredException', 'Password reset required for the user'),
  invalidParameter: (message: string) => new CognitoError('InvalidParameterException', message),
  notAuthorized: (message: string, reason?: NotAuthorizedReason) => new CognitoError('NotAuthorizedException', message, reason),
} as const
