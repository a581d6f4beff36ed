/**
 * A refusal in OAuth 2.0's shape: `{ "error": "invalid_request", "error_description": "..." }` (RFC 6749 §5.2),
 * with the status it is answered with where it is not sent back to the client's redirect address.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: 400 | 401 | 403 | 404 | 429 = 400,
  ) {
    super(description)
  }
}

export const oauthErrors = {
  invalidRequest: (description: string) => new OAuthError('invalid_request', description),
  invalidClient: (description = 'The client_id is not a client of this user pool.') => new OAuthError('invalid_client', description, 401),
  invalidGrant: (description: string) => new OAuthError('invalid_grant', description),
  invalidToken: (description: string) => new OAuthError('invalid_token', description, 401),
  unsupportedGrantType: (grantType: string) =>
    new OAuthError('unsupported_grant_type', `The grant_type ${grantType.slice(0, 40)} is not supported: use authorization_code or refresh_token.`),
  /** The sign-in this step belongs to is unknown, over, or was started in another browser. */
  expired: () => new OAuthError('invalid_request', 'This sign-in has expired or was started in another browser. Please start again.', 404),
  slowDown: () => new OAuthError('slow_down', 'Too many attempts. Please try again later.', 429),
}
