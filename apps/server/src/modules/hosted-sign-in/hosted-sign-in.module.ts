import type { Db } from '@salon/db'
import type { Logger } from '../../lib/logger.ts'
import { createIdentityRepository, type IdentityService, type SigningKeys, type TokenIssuer } from '../identity/public.ts'
import { createHostedSignInRepository } from './hosted-sign-in.repository.ts'
import { createHostedSignInRoutes } from './hosted-sign-in.routes.ts'
import { createHostedSignInService, type HostedSignInOptions } from './hosted-sign-in.service.ts'
import { createSocialSignIn } from './social-sign-in.service.ts'
import { createSocialProviders } from './social-providers.ts'
import type { ShopRepository } from '../shop/public.ts'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'

export type { HostedSignInOptions } from './hosted-sign-in.service.ts'
export type { SocialProviderSettings } from './social-providers.ts'

export interface HostedSignInDeps {
  db: Db
  options: HostedSignInOptions
  poolId: string
  clientId: string
  identity: IdentityService
  tokens: TokenIssuer
  keys: () => Promise<SigningKeys>
  /** The shop a new social customer becomes a customer of (SHOP_ID). */
  shopId: string
  shops: ShopRepository
  sms: SmsSender
  rateLimiter: RateLimiter
  logger: Logger
  trustProxy: boolean
  now?: () => number
}

/** The hosted sign-in's endpoints, ready to mount at the root of the app. */
export function createHostedSignIn(deps: HostedSignInDeps) {
  const providers = createSocialProviders({
    providers: deps.options.providers ?? [],
    callbackUrl: `${deps.options.issuer}/oauth2/idpresponse`,
    logger: deps.logger,
  })
  const service = createHostedSignInService({
    options: deps.options,
    poolId: deps.poolId,
    clientId: deps.clientId,
    repository: createHostedSignInRepository(deps.db),
    identityRepository: createIdentityRepository(deps.db),
    identity: deps.identity,
    tokens: deps.tokens,
    keys: deps.keys,
    social: providers,
    logger: deps.logger,
    now: deps.now,
  })
  const social =
    (deps.options.providers ?? []).length > 0
      ? createSocialSignIn({
          db: deps.db,
          poolId: deps.poolId,
          shopId: deps.shopId,
          service,
          providers,
          shops: deps.shops,
          sms: deps.sms,
          rateLimiter: deps.rateLimiter,
          logger: deps.logger,
          trustProxy: deps.trustProxy,
          now: deps.now,
        })
      : undefined
  return { service, routes: createHostedSignInRoutes({ service, social, logger: deps.logger, trustProxy: deps.trustProxy }) }
}

/** Removes sign-in requests past their time (and the hashes of the codes they carry); how many went. */
export const removeExpiredSignIns = (db: Db, now: number = Date.now()) => createHostedSignInRepository(db).removeExpired(new Date(now))
