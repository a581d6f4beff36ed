import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import type { SigningKeys } from './signing-keys.service.ts'

export const ACCESS_TOKEN_SECONDS = 3600
export const REFRESH_TOKEN_DAYS = 30

export interface PoolUser {
  sub: string
  phone: string
  email: string
  attributes: Record<string, string>
  status: string
}

export interface IssuedTokens {
  AccessToken: string
  IdToken: string
  ExpiresIn: number
  TokenType: 'Bearer'
  RefreshToken?: string
}

export interface TokenClaims extends JWTPayload {
  sub: string
  token_use: 'id' | 'access'
  origin_jti: string
  client_id?: string
  aud?: string
  device_key?: string
}

/** What a token check can find wrong, so each caller can say it in its own terms. */
export type TokenProblem = 'invalid' | 'expired'
export class TokenError extends Error {
  constructor(readonly problem: TokenProblem) {
    super(problem)
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')
export const newRefreshToken = () => randomBytes(48).toString('base64url')

/** Cognito's token claims (docs/product.md §7): the id token describes the user, the access token authorises calls. */
export function createTokenIssuer(options: {
  keys: () => Promise<SigningKeys>
  issuer: string
  clientId: string
  now?: () => number
  /** The Cognito groups a user is in (owner, staff), carried as cognito:groups in both tokens when there are any. */
  groupsOf?: (sub: string) => Promise<string[]>
}) {
  const now = options.now ?? Date.now
  const groupsOf = options.groupsOf ?? (async () => [])
  const sign = async (claims: JWTPayload) => {
    const keys = await options.keys()
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
      .setIssuer(options.issuer)
      .setIssuedAt(Math.floor(now() / 1000))
      .setExpirationTime(Math.floor(now() / 1000) + ACCESS_TOKEN_SECONDS)
      .setJti(randomUUID())
      .sign(keys.privateKey)
  }

  return {
    issuer: options.issuer,
    /** A session made on a device puts its key in the access token as Cognito does (device_key), so a client knows which device it is. */
    async issue(user: PoolUser, session: { id: string; authTime: Date; deviceKey?: string | null }, refreshToken?: string): Promise<IssuedTokens> {
      const eventId = randomUUID()
      const authTime = Math.floor(session.authTime.getTime() / 1000)
      const groups = await groupsOf(user.sub)
      const common = {
        sub: user.sub,
        origin_jti: session.id,
        event_id: eventId,
        auth_time: authTime,
        ...(groups.length ? { 'cognito:groups': groups } : {}),
      }
      const [AccessToken, IdToken] = await Promise.all([
        sign({
          ...common,
          token_use: 'access',
          scope: 'aws.cognito.signin.user.admin',
          client_id: options.clientId,
          username: user.sub,
          ...(session.deviceKey ? { device_key: session.deviceKey } : {}),
        }),
        sign({
          ...common,
          token_use: 'id',
          aud: options.clientId,
          'cognito:username': user.sub,
          phone_number: user.phone,
          phone_number_verified: user.status !== 'UNCONFIRMED',
          email: user.email,
          email_verified: false,
          ...user.attributes,
        }),
      ])
      return { AccessToken, IdToken, ExpiresIn: ACCESS_TOKEN_SECONDS, TokenType: 'Bearer', ...(refreshToken ? { RefreshToken: refreshToken } : {}) }
    },

    /** Checks signature, issuer, expiry and use; whether the session still stands is the caller's next question. */
    async verify(token: string, use: 'id' | 'access' | 'any'): Promise<TokenClaims> {
      let kid: string | undefined
      try {
        kid = decodeProtectedHeader(token).kid
      } catch {
        throw new TokenError('invalid')
      }
      const key = kid ? await (await options.keys()).publicKey(kid) : undefined
      if (!key) throw new TokenError('invalid')
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: options.issuer,
          algorithms: ['RS256'],
          currentDate: new Date(now()),
          // A token that never expires is not one we issued, whatever its signature.
          requiredClaims: ['exp', 'sub', 'origin_jti', 'token_use'],
        })
        const claims = payload as TokenClaims
        const okUse = use === 'any' ? claims.token_use === 'id' || claims.token_use === 'access' : claims.token_use === use
        const client = claims.token_use === 'id' ? claims.aud : claims.client_id
        if (!okUse || client !== options.clientId || !UUID.test(String(claims.sub)) || !UUID.test(String(claims.origin_jti))) throw new TokenError('invalid')
        return claims
      } catch (error) {
        if (error instanceof TokenError) throw error
        if (error instanceof errors.JWTExpired) throw new TokenError('expired')
        throw new TokenError('invalid')
      }
    },
  }
}
export type TokenIssuer = ReturnType<typeof createTokenIssuer>

/**
 * The pool's tokens once the hosted sign-in is on: issued by the hosted domain's address, so a standard OpenID
 * Connect library finds the same issuer in the discovery document and in the tokens, while tokens issued before
 * (by urn:salon-identity:<pool>) stand until they expire.
 */
export function acceptingEarlierIssuer(current: TokenIssuer, earlier: TokenIssuer): TokenIssuer {
  return {
    ...current,
    async verify(token, use) {
      try {
        return await current.verify(token, use)
      } catch (error) {
        if (!(error instanceof TokenError) || error.problem !== 'invalid') throw error
        return earlier.verify(token, use)
      }
    },
  }
}
