import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import type { Logger } from '../../lib/logger.ts'
import {
  CognitoError,
  hashToken,
  type IdentityRepository,
  type IdentityService,
  newRefreshToken,
  REFRESH_TOKEN_DAYS,
  type SigningKeys,
  type TokenIssuer,
} from '../identity/public.ts'
import type { HostedSignInRepository, SignInRequestRow } from './hosted-sign-in.repository.ts'
import { OAuthError, oauthErrors as E } from './oauth-error.ts'
import type { SocialProviderSettings } from './social-providers.ts'

/** Cognito's names for the providers, as Amplify sends them in identity_provider. */
export type ProviderName = 'Google' | 'SignInWithApple'
export const PROVIDER_NAMES: readonly ProviderName[] = ['Google', 'SignInWithApple']
export const PROVIDER_LABEL: Record<ProviderName, string> = { Google: 'Google', SignInWithApple: 'Apple' }

export interface HostedSignInOptions {
  /** The hosted domain's address (https://…, no trailing slash): the issuer of the discovery document and of the pool's tokens. */
  issuer: string
  /** Where /oauth2/authorize may send a code: exact addresses, from settings (never from the request). */
  redirectUris: string[]
  /** Where /logout may send the browser afterwards. */
  signOutUris: string[]
  /** Google and Apple, for those with settings; none by default. */
  providers?: SocialProviderSettings[]
}

/** What a social provider's round trip needs from the rest of the module (social-sign-in.service.ts). */
export interface SocialProviders {
  enabled: ProviderName[]
  /** The provider's authorization address for a request, with the state, nonce and PKCE challenge the request keeps. */
  authorizationUrl(provider: ProviderName, checks: { state: string; nonce: string; verifier: string }): Promise<URL>
}

export interface HostedSignInDeps {
  options: HostedSignInOptions
  poolId: string
  clientId: string
  repository: HostedSignInRepository
  identityRepository: IdentityRepository
  identity: IdentityService
  tokens: TokenIssuer
  keys: () => Promise<SigningKeys>
  social?: SocialProviders
  logger: Logger
  now?: () => number
}

const MINUTE = 60_000
/** A started sign-in may take this long: long enough to give a profile and type a texted code. */
export const REQUEST_LIFETIME_MS = 30 * MINUTE
/** Cognito's authorization codes last five minutes. */
export const CODE_LIFETIME_MS = 5 * MINUTE
const SCOPES = ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin']
const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/
const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/
/** Printable ASCII, as RFC 6749 allows for state and nonce, and not so long that it bloats the table. */
const OPAQUE = /^[\x20-\x7e]{1,1024}$/
/** The ids and secrets this module makes: 32 random bytes in base64url. */
export const SECRET = /^[A-Za-z0-9_-]{43}$/

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')
export const newSecret = () => randomBytes(32).toString('base64url')

export type Query = Record<string, string | undefined>

/** The rules of the hosted sign-in: who may ask for a code, where it goes, and what it is exchanged for. */
export function createHostedSignInService(deps: HostedSignInDeps) {
  const { repository: repo, options } = deps
  const now = deps.now ?? Date.now
  const enabledProviders = deps.social?.enabled ?? []

  function checkClient(clientId: string | undefined) {
    if (!clientId) throw E.invalidRequest('client_id is missing.')
    if (clientId !== deps.clientId) throw E.invalidClient()
  }

  /** The client's address with its parameters added (the code, or an error), keeping any it already has. */
  function back(redirectUri: string, params: Record<string, string | null | undefined>): string {
    const url = new URL(redirectUri)
    for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value)
    return url.href
  }

  /** Returns a refusal to the client, as RFC 6749 §4.1.2.1 asks once the client and its address are known. */
  const refusal = (request: Pick<SignInRequestRow, 'redirectUri' | 'state'>, error: string, description: string) =>
    back(request.redirectUri, { error, error_description: description, state: request.state })

  async function issueCode(request: SignInRequestRow, sub: string): Promise<{ location: string; sessionId: string }> {
    const code = newSecret()
    const sessionId = randomUUID()
    const finished = await repo.finish(request.id, { sub, sessionId, codeHash: sha256(code), codeExpiresAt: new Date(now() + CODE_LIFETIME_MS) })
    if (!finished) throw E.expired()
    return { location: back(request.redirectUri, { code, state: request.state }), sessionId }
  }

  /** The id token the pool issued, signed again with the client's nonce added (OpenID Connect Core §3.1.3.7). */
  async function withNonce(idToken: string, nonce: string) {
    const keys = await deps.keys()
    const { kid } = decodeProtectedHeader(idToken)
    if (kid !== keys.kid) throw new Error('the id token was not signed with the current key')
    return new SignJWT({ ...decodeJwt(idToken), nonce }).setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' }).sign(keys.privateKey)
  }

  /**
   * Why a code was not spent. Whoever shows a code without its client, address and verifier is refused and changes
   * nothing: the code stays for the client that has them. A code used again with all three has leaked along with its
   * verifier, so the tokens it was exchanged for stop at once (RFC 6749 §4.1.2).
   */
  async function refusedExchange(proof: { codeHash: string; clientId: string; redirectUri: string; codeChallenge: string }) {
    const issued = await repo.requestOfCode(proof.codeHash)
    if (!issued) return E.invalidGrant('The authorization code is not valid or has expired.')
    if (issued.clientId !== proof.clientId) return E.invalidGrant('The authorization code was issued to another client.')
    if (issued.redirectUri !== proof.redirectUri) return E.invalidGrant('redirect_uri is not the address the authorization code was sent to.')
    if (issued.codeChallenge !== proof.codeChallenge) return E.invalidGrant('code_verifier does not match the code_challenge of the authorization.')
    if (!issued.codeUsedAt) return E.invalidGrant('The authorization code is not valid or has expired.')
    if (issued.sessionId) await deps.identityRepository.revokeSession(issued.sessionId, 'authorization-code-reuse')
    deps.logger.warn({ sub: issued.sub }, 'an authorization code was used again; its session is revoked')
    return E.invalidGrant('The authorization code has been used already.')
  }

  async function exchangeCode(form: Query, clientId: string) {
    const { code, redirect_uri: redirectUri, code_verifier: verifier } = form
    if (!code) throw E.invalidRequest('code is missing.')
    if (!redirectUri) throw E.invalidRequest('redirect_uri is missing.')
    if (!verifier) throw E.invalidRequest('code_verifier is missing: this pool needs PKCE.')
    if (!PKCE_VERIFIER.test(verifier)) throw E.invalidRequest('code_verifier must be 43 to 128 letters, digits, "-", ".", "_" or "~".')
    const proof = { codeHash: sha256(code), clientId, redirectUri, codeChallenge: sha256(verifier) }
    const request = await repo.spendCode(proof, new Date(now()))
    if (!request) throw await refusedExchange(proof)
    const user = await deps.identityRepository.findUser(request.sub!)
    if (!user || !user.enabled) throw E.invalidGrant('This account can no longer sign in.')
    const session = { id: request.sessionId!, authTime: new Date(now()) }
    await deps.identityRepository.createSession({
      ...session,
      sub: user.sub,
      clientId,
      expiresAt: new Date(now() + REFRESH_TOKEN_DAYS * 24 * 60 * MINUTE),
    })
    const refreshToken = newRefreshToken()
    await deps.identityRepository.addRefreshToken(hashToken(refreshToken), session.id)
    const tokens = await deps.tokens.issue(user, session, refreshToken)
    return {
      id_token: request.nonce ? await withNonce(tokens.IdToken, request.nonce) : tokens.IdToken,
      access_token: tokens.AccessToken,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: tokens.ExpiresIn,
    }
  }

  async function refresh(form: Query, clientId: string) {
    if (!form.refresh_token) throw E.invalidRequest('refresh_token is missing.')
    try {
      const { AuthenticationResult: tokens } = await deps.identity.getTokensFromRefreshToken({ ClientId: clientId, RefreshToken: form.refresh_token })
      return {
        id_token: tokens.IdToken,
        access_token: tokens.AccessToken,
        refresh_token: tokens.RefreshToken,
        token_type: 'Bearer',
        expires_in: tokens.ExpiresIn,
      }
    } catch (error) {
      if (error instanceof CognitoError) throw E.invalidGrant(error.message)
      throw error
    }
  }

  /** The customer an access token stands for, after every revocation check; id tokens are not accepted. */
  async function userOfAccessToken(token: string | undefined) {
    if (!token) throw E.invalidToken('The access token is missing: send it as "Authorization: Bearer <token>".')
    let use: unknown
    try {
      use = decodeJwt(token).token_use
    } catch {
      throw E.invalidToken('The access token is not valid.')
    }
    if (use !== 'access') throw E.invalidToken('Send the access token, not the id token.')
    try {
      return await deps.identity.verifyForApi(token)
    } catch (error) {
      if (error instanceof CognitoError) throw E.invalidToken(error.message)
      throw error
    }
  }

  /** The open request this browser started; anything else is one refusal, so nobody can tell other people's apart. */
  async function requestOf(id: string | undefined, browser: string | undefined): Promise<SignInRequestRow> {
    if (!id || !browser || !SECRET.test(id)) throw E.expired()
    const request = await repo.openRequest(id, new Date(now()))
    if (!request || request.browserHash !== sha256(browser)) throw E.expired()
    return request
  }

  return {
    issuer: options.issuer,
    providers: enabledProviders,
    /** Clients may fetch the token and user-info endpoints from the origins of their redirect addresses. */
    corsOrigins: [...new Set([...options.redirectUris, ...options.signOutUris].map((uri) => new URL(uri).origin))],

    discovery() {
      const at = (path: string) => `${options.issuer}${path}`
      return {
        issuer: options.issuer,
        authorization_endpoint: at('/oauth2/authorize'),
        token_endpoint: at('/oauth2/token'),
        userinfo_endpoint: at('/oauth2/userInfo'),
        end_session_endpoint: at('/logout'),
        revocation_endpoint: at('/oauth2/revoke'),
        jwks_uri: at('/.well-known/jwks.json'),
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['none'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: SCOPES,
        claims_supported: ['sub', 'email', 'email_verified', 'phone_number', 'phone_number_verified', 'given_name', 'family_name', 'birthdate'],
      }
    },

    /**
     * GET /oauth2/authorize. A client or address that is not on the list is refused here, never redirected to;
     * every other refusal goes back to the client's address. `browser` is the secret of the browser's binding cookie.
     */
    async authorize(query: Query, browser: string): Promise<string> {
      checkClient(query.client_id)
      const redirectUri = query.redirect_uri
      if (!redirectUri) throw E.invalidRequest('redirect_uri is missing.')
      if (!options.redirectUris.includes(redirectUri)) throw E.invalidRequest('redirect_uri is not an address registered for this client.')
      const state = query.state
      const fail = (error: string, description: string) => back(redirectUri, { error, error_description: description, state })
      if (state !== undefined && !OPAQUE.test(state)) return fail('invalid_request', 'state must be 1 to 1,024 printable characters.')
      if (query.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code.')
      if (query.code_challenge_method !== 'S256') return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method S256.')
      if (!query.code_challenge || !PKCE_CHALLENGE.test(query.code_challenge)) {
        return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters).')
      }
      if (query.nonce !== undefined && !OPAQUE.test(query.nonce)) return fail('invalid_request', 'nonce must be 1 to 1,024 printable characters.')
      const scopes = (query.scope ?? 'openid').split(' ').filter(Boolean)
      const unknown = scopes.find((scope) => !SCOPES.includes(scope))
      if (unknown) return fail('invalid_scope', `The scope ${unknown.slice(0, 60)} is not offered: use ${SCOPES.join(', ')}.`)
      const named = query.identity_provider
      const provider = named === undefined || named === 'COGNITO' ? null : (PROVIDER_NAMES.find((p) => p === named) ?? undefined)
      if (provider === undefined) return fail('invalid_request', `The identity provider ${String(named).slice(0, 40)} is not offered here.`)
      if (provider && !enabledProviders.includes(provider)) {
        return fail('invalid_request', `Sign-in with ${PROVIDER_LABEL[provider]} is not switched on at this salon.`)
      }
      const id = newSecret()
      const providerChecks = provider ? { state: newSecret(), nonce: newSecret(), verifier: newSecret() + newSecret().slice(0, 11) } : undefined
      // The provider's address is made before anything is stored: a provider that does not answer stores nothing.
      let providerUrl: URL | undefined
      if (provider && providerChecks) {
        try {
          providerUrl = await deps.social!.authorizationUrl(provider, providerChecks)
        } catch (error) {
          deps.logger.warn({ err: error, provider }, 'the social provider could not be reached')
          return fail('temporarily_unavailable', `Sign-in with ${PROVIDER_LABEL[provider]} is not available right now. Please try again in a moment.`)
        }
      }
      await repo.addRequest({
        id,
        browserHash: sha256(browser),
        clientId: deps.clientId,
        redirectUri,
        state: state ?? null,
        codeChallenge: query.code_challenge,
        nonce: query.nonce ?? null,
        scope: scopes.join(' '),
        provider,
        providerState: providerChecks?.state ?? null,
        providerNonce: providerChecks?.nonce ?? null,
        providerVerifier: providerChecks?.verifier ?? null,
        expiresAt: new Date(now() + REQUEST_LIFETIME_MS),
      })
      return providerUrl ? providerUrl.href : `/sign-in/?authorization=${encodeURIComponent(id)}`
    },

    /**
     * The salon's own sign-in page comes back here with the access token of the sign-in it just made: the request is
     * finished with a code for a session of its own. Answers where the browser goes next.
     */
    async finishOwnSignIn(requestId: string | undefined, browser: string | undefined, accessToken: string | undefined) {
      const request = await requestOf(requestId, browser)
      if (request.provider) throw E.invalidRequest(`This sign-in is with ${PROVIDER_LABEL[request.provider as ProviderName]}, not a password.`)
      const { sub } = await userOfAccessToken(accessToken)
      return issueCode(request, sub)
    },

    /** The browser gives up on the salon's own page: back to the client with access_denied. */
    async cancel(requestId: string | undefined, browser: string | undefined) {
      const request = await requestOf(requestId, browser)
      return refusal(request, 'access_denied', 'The sign-in was cancelled.')
    },

    /** POST /oauth2/token. `basicClientId` is the client named by HTTP Basic authentication, if any. */
    async token(form: Query, basicClientId?: string) {
      if (basicClientId !== undefined && form.client_id !== undefined && basicClientId !== form.client_id) {
        throw E.invalidRequest('The client is named twice, differently.')
      }
      const clientId = basicClientId ?? form.client_id
      checkClient(clientId)
      const grantType = form.grant_type
      if (!grantType) throw E.invalidRequest('grant_type is missing.')
      if (grantType === 'authorization_code') return exchangeCode(form, clientId!)
      if (grantType === 'refresh_token') return refresh(form, clientId!)
      throw E.unsupportedGrantType(grantType)
    },

    /** GET /oauth2/userInfo: the signed-in customer's claims, as Cognito answers them. */
    async userInfo(accessToken: string | undefined) {
      const { user } = await userOfAccessToken(accessToken)
      const { given_name, family_name, birthdate } = user.attributes
      return {
        sub: user.sub,
        username: user.sub,
        phone_number: user.phone,
        phone_number_verified: String(user.status !== 'UNCONFIRMED'),
        email: user.email,
        email_verified: 'false',
        ...(given_name ? { given_name } : {}),
        ...(family_name ? { family_name } : {}),
        ...(birthdate ? { birthdate } : {}),
      }
    },

    /** GET /logout: ends the hosted domain's session (when the browser has one) and goes to a registered sign-out address. */
    async logout(query: Query, sessionId: string | undefined) {
      checkClient(query.client_id)
      const logoutUri = query.logout_uri
      if (!logoutUri) throw E.invalidRequest('logout_uri is missing.')
      if (!options.signOutUris.includes(logoutUri)) throw E.invalidRequest('logout_uri is not a sign-out address registered for this client.')
      if (sessionId && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId))
        await deps.identityRepository.revokeSession(sessionId, 'sign-out')
      return logoutUri
    },

    /** POST /oauth2/revoke (RFC 7009): a refresh token ends its session; an unknown one is not an error. */
    async revoke(form: Query, basicClientId?: string) {
      const clientId = basicClientId ?? form.client_id
      checkClient(clientId)
      if (!form.token) throw E.invalidRequest('token is missing.')
      await deps.identity.revokeToken({ ClientId: clientId!, Token: form.token })
      return {}
    },

    requestOf,
    issueCode,
    refusal,
  }
}
export type HostedSignInService = ReturnType<typeof createHostedSignInService>
export { OAuthError }
