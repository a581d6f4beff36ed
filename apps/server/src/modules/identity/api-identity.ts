import { createRoute, type RouteConfig } from '@hono/zod-openapi'
import { ErrorResponse } from '@salon/contracts/errors'
import { SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import { createMiddleware } from 'hono/factory'
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose'
import { HttpError } from '../../lib/errors.ts'
import { json } from '../../lib/openapi.ts'
import type { ShopVariables } from '../shop/public.ts'
import { CognitoError } from './cognito-error.ts'
import type { IdentityService } from './identity.service.ts'

/** Who a request's identity token belongs to, and the profile the pool holds for them. */
export interface Identity {
  sub: string
  profile: {
    firstName: string | null
    lastName: string | null
    email: string | null
    phone: string | null
    dob: string | null
    skinType: number | null
  }
}
export type IdentityVariables = { identity: Identity }

/** What an API router behind shopAccess may read; identity is set on the signed-in routes (signedInRoute, docs/product.md §7). */
export type ApiEnv = { Variables: ShopVariables & IdentityVariables }
/** On calls where signing in is optional: the identity of a token sent, or null when none was sent. */
export type OptionalIdentityVariables = { optionalIdentity: Identity | null }

export interface IdentityVerifier {
  /** Throws HttpError 401 with a message a person can act on. */
  verify(token: string): Promise<Identity>
}

/** The built-in pool: signature, expiry, and whether the session still stands (revocation takes effect at once). */
export function localVerifier(identity: IdentityService): IdentityVerifier {
  return {
    async verify(token) {
      try {
        const { sub, user } = await identity.verifyForApi(token)
        return { sub, profile: identity.profileOf(user) }
      } catch (error) {
        if (!(error instanceof CognitoError)) throw error
        throw new HttpError(401, apiMessage(error))
      }
    },
  }
}

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.'
const TOKEN_NOT_VALID = 'The identity token is not valid. Please sign in again.'

/** What the API says when the pool turns a token down: chosen by the refusal's type and reason, never by its wording. */
export function apiMessage(error: CognitoError): string {
  if (error.type === 'UserNotFoundException') return 'This account no longer exists. Please sign up again.'
  if (error.type === 'PasswordResetRequiredException') return 'Your password must be reset before you sign in again.'
  switch (error.reason) {
    case 'disabled':
      return 'This account is disabled. Please contact the salon.'
    case 'revoked':
      return 'You have been signed out. Please sign in again.'
    case 'token-expired':
      return SESSION_EXPIRED
    default:
      return TOKEN_NOT_VALID
  }
}

/**
 * A real Amazon Cognito user pool: tokens checked against its published keys, issuer, client and expiry.
 * Cognito keeps revocation to itself, so a revoked token stands here until it expires (at most an hour).
 */
export function cognitoVerifier(options: { region: string; userPoolId: string; clientId: string; jwksUrl?: string }): IdentityVerifier {
  const issuer = `https://cognito-idp.${options.region}.amazonaws.com/${options.userPoolId}`
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl ?? `${issuer}/.well-known/jwks.json`))
  return {
    async verify(token) {
      let claims: JWTPayload & Record<string, unknown>
      try {
        claims = (await jwtVerify(token, jwks, { issuer, algorithms: ['RS256'] })).payload
      } catch (error) {
        throw new HttpError(401, error instanceof errors.JOSEError && error.code === errors.JWTExpired.code ? SESSION_EXPIRED : TOKEN_NOT_VALID)
      }
      const client = claims.token_use === 'id' ? claims.aud : claims.client_id
      if (client !== options.clientId || typeof claims.sub !== 'string') throw new HttpError(401, TOKEN_NOT_VALID)
      const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : null)
      const skin = text(SKIN_TYPE_ATTRIBUTE)
      return {
        sub: claims.sub,
        profile: {
          firstName: text('given_name'),
          lastName: text('family_name'),
          email: text('email'),
          phone: text('phone_number'),
          dob: text('birthdate'),
          skinType: skin ? Number(skin) : null,
        },
      }
    },
  }
}

/** The customer's identity token, with the shop's headers: what a signed-in call declares in the OpenAPI document. */
const SIGNED_IN_SECURITY = [{ shopId: [], apiKey: [], identityToken: [] }]

/**
 * A route for a signed-in customer (docs/product.md §7), declared at the route as staff routes are (staffRoute): the
 * identity check runs in front of it (a missing, expired or revoked token: 401 with a message), and the OpenAPI
 * document says so (security, x-signed-in, the 401 answer), which a test holds to the web app's token rule.
 */
export function signedInRoute<const R extends Omit<RouteConfig, 'security' | 'middleware'>>(verifier: IdentityVerifier, config: R) {
  return createRoute({
    ...config,
    security: SIGNED_IN_SECURITY,
    'x-signed-in': true,
    middleware: [signedInOnly(verifier)] as const,
    responses: {
      401: json(ErrorResponse, 'The shop headers or the Authorization header (identity token) are missing, wrong, expired or revoked'),
      ...config.responses,
    },
  })
}

/** A call where signing in is optional: no Authorization header is fine, but a token sent must be good (else 401). */
export function optionalIdentity(verifier: IdentityVerifier) {
  return createMiddleware<{ Variables: OptionalIdentityVariables }>(async (c, next) => {
    const header = c.req.header('authorization')?.trim()
    c.set('optionalIdentity', header ? await verifier.verify(tokenOf(header)) : null)
    await next()
  })
}

const tokenOf = (header: string) => header.replace(/^Bearer\s+/i, '')

/** The identity check of a signed-in route: the token is checked, and sets `identity`. */
function signedInOnly(verifier: IdentityVerifier) {
  return createMiddleware<{ Variables: IdentityVariables }>(async (c, next) => {
    const header = c.req.header('authorization')?.trim()
    if (!header) throw new HttpError(401, 'The Authorization header is missing: please sign in to do this.')
    c.set('identity', await verifier.verify(tokenOf(header)))
    await next()
  })
}
