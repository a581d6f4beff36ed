/** An answer in Cognito's own terms: HTTP 400 with {"__type": "<Name>Exception", "message": "..."}. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message)
  }
}

export const cognitoErrors = {
  userNotFound: () => new CognitoError('UserNotFoundException', 'User does not exist.'),
  /** What Cognito says to code and reset operations for a username it does not know. */
  usernameClientNotFound: () => new CognitoError('UserNotFoundException', 'Username/client id combination not found.'),
  notConfirmed: () => new CognitoError('UserNotConfirmedException', 'User is not confirmed.'),
  wrongPassword: () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.'),
  lockedOut: () => new CognitoError('NotAuthorizedException', 'Password attempts exceeded'),
  disabled: () => new CognitoError('NotAuthorizedException', 'User is disabled.'),
  exists: () => new CognitoError('UsernameExistsException', 'User already exists'),
  codeMismatch: () => new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.'),
  codeExpired: () => new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  limitExceeded: () => new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  resetRequired: () => new CognitoError('PasswordResetRequiredException', 'Password reset required for the user'),
  invalidParameter: (message: string) => new CognitoError('InvalidParameterException', message),
  notAuthorized: (message: string) => new CognitoError('NotAuthorizedException', message),
} as const
