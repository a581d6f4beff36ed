import type { Db } from '@salon/db'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import type { Logger } from '../../lib/logger.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import type { ShopRepository } from '../shop/public.ts'
import { cognitoVerifier, localVerifier } from './api-identity.ts'
import { createCognitoRoutes } from './cognito.routes.ts'
import { createCustomersRepository } from './customers.repository.ts'
import { identityTransaction } from './identity-transaction.service.ts'
import { createGroupsRepository } from './groups.repository.ts'
import { createIdentityRepository } from './identity.repository.ts'
import { createIdentityService, DEFAULT_ADDRESS_LIMITS, type PasswordHasher } from './identity.service.ts'
import { argon2Passwords } from './passwords.ts'
import { staffAccess } from './staff-access.ts'
import { createStaffTeam } from './staff-team.service.ts'
import { createInvitationRoutes, createStaffTeamRoutes } from './staff-team.routes.ts'
import { loadSigningKeys, type SigningKeys } from './signing-keys.service.ts'
import { acceptingEarlierIssuer, createTokenIssuer } from './tokens.ts'

export interface UserPoolOptions {
  poolId: string
  clientId: string
  /** The shop whose name text messages carry when a request names none. */
  defaultShopId: string
  /** Sign-ups send text messages, which cost the salon money: at most this many per client address and hour (50 by default). */
  signUpsPerAddressPerHour?: number
  /** Password sign-ins per client address and hour (60 by default): numbers cannot be probed for accounts without limit. */
  signInsPerAddressPerHour?: number
  /** Codes asked for (ForgotPassword, ResendConfirmationCode) per client address and hour (10 by default). */
  codeRequestsPerAddressPerHour?: number
  /** A real Amazon Cognito user pool: the API checks its tokens, and /cognito/ is not served. */
  cognito?: { region: string; userPoolId: string; clientId: string; jwksUrl?: string }
}

export interface IdentityModuleDeps {
  db: Db
  pool: UserPoolOptions
  /** The hosted sign-in's address, when it is on: it then issues the pool's tokens (docs/decisions/018). */
  hostedIssuer?: string
  shops: ShopRepository
  sms: SmsSender
  rateLimiter: RateLimiter
  logger: Logger
  trustProxy: boolean
  passwords?: PasswordHasher
  now?: () => number
}

/**
 * The identity module as the app uses it: the built-in user pool (its service, tokens and signing keys, and the
 * Cognito protocol's routes at /cognito/), the customers' records, and the verifier of the identity tokens the API
 * is called with, which checks a real Cognito pool's tokens instead when one is configured.
 */
export function createIdentityModule(deps: IdentityModuleDeps) {
  const { db, pool } = deps
  let keys: Promise<SigningKeys> | undefined
  const signingKeys = () => (keys ??= loadSigningKeys(db))
  const groups = createGroupsRepository(db)
  const groupsOf = (sub: string) => groups.groupsOf(sub)
  const poolTokens = createTokenIssuer({ keys: signingKeys, issuer: `urn:salon-identity:${pool.poolId}`, clientId: pool.clientId, now: deps.now, groupsOf })
  const hostedIssuer = pool.cognito ? undefined : deps.hostedIssuer
  const tokens = hostedIssuer
    ? acceptingEarlierIssuer(createTokenIssuer({ keys: signingKeys, issuer: hostedIssuer, clientId: pool.clientId, now: deps.now, groupsOf }), poolTokens)
    : poolTokens
  const identity = createIdentityService({
    poolId: pool.poolId,
    clientId: pool.clientId,
    defaultShopId: pool.defaultShopId,
    repository: createIdentityRepository(db),
    shops: deps.shops,
    tokens,
    passwords: deps.passwords ?? argon2Passwords,
    sms: deps.sms,
    rateLimiter: deps.rateLimiter,
    transaction: identityTransaction(db),
    addressLimits: {
      signUps: pool.signUpsPerAddressPerHour ?? DEFAULT_ADDRESS_LIMITS.signUps,
      signIns: pool.signInsPerAddressPerHour ?? DEFAULT_ADDRESS_LIMITS.signIns,
      codeRequests: pool.codeRequestsPerAddressPerHour ?? DEFAULT_ADDRESS_LIMITS.codeRequests,
    },
    logger: deps.logger,
    now: deps.now,
  })
  const verifier = pool.cognito ? cognitoVerifier(pool.cognito) : localVerifier(identity)
  const team = createStaffTeam({
    db,
    poolId: pool.poolId,
    shops: deps.shops,
    passwords: deps.passwords ?? argon2Passwords,
    sms: deps.sms,
    rateLimiter: deps.rateLimiter,
    now: deps.now,
  })
  return {
    identity,
    team,
    /** In front of every call under /api/staff/: a standing session of an active member of the shop's staff. */
    staffAccess: staffAccess(verifier, groups),
    staffRoutes: createStaffTeamRoutes(team, deps.shops),
    invitationRoutes: createInvitationRoutes(team),
    tokens,
    signingKeys,
    customers: createCustomersRepository(db),
    groups,
    verifier,
    /** The Cognito protocol at /cognito/ (and the JWKS), unless a real Cognito pool is in use. */
    routes: pool.cognito ? undefined : createCognitoRoutes({ identity, keys: signingKeys, logger: deps.logger, trustProxy: deps.trustProxy }),
  }
}
