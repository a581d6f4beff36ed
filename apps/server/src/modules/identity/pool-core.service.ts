import { randomInt, randomUUID } from 'node:crypto'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import type { Logger } from '../../lib/logger.ts'
import { maskPhone } from '../../lib/mask.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import type { ShopRepository } from '../shop/public.ts'
import { CognitoError, cognitoErrors as E } from './cognito-error.ts'
import type { CustomersRepository } from './customers.repository.ts'
import type { EraseInTransaction } from './erasure.service.ts'
import type { CodePurpose, IdentityRepository, UserRow } from './identity.repository.ts'
import { normalisePhone } from './phone.ts'
import { CODE_LIFETIME_MS, FREE_FAILURES, hashCode, HOUR, type LIMITS, limitKeyOf, MAX_LOCK_SECONDS } from './pool-rules.ts'
import { createSrpSignIn } from './srp-sign-in.ts'
import { hashToken, newRefreshToken, REFRESH_TOKEN_DAYS, TokenError, type TokenClaims, type TokenIssuer } from './tokens.ts'

export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(hash: string, password: string): Promise<boolean>
}

export interface IdentityServiceDeps {
  poolId: string
  clientId: string
  /** The shop whose name the text messages carry when a request does not name one. */
  defaultShopId: string
  repository: IdentityRepository
  shops: ShopRepository
  tokens: TokenIssuer
  passwords: PasswordHasher
  sms: SmsSender
  rateLimiter: RateLimiter
  /**
   * Runs `work` in one database transaction, with repositories bound to it: identity and salon records change together
   * or not at all. `erase` is the customer's erasure (erasure.service.ts) in that transaction.
   */
  transaction: <T>(
    work: (repositories: { identity: IdentityRepository; customers: CustomersRepository; erase: EraseInTransaction }) => Promise<T>,
  ) => Promise<T>
  /** Per client address and hour (SIGN_UPS_PER_HOUR, SIGN_INS_PER_HOUR, CODE_REQUESTS_PER_HOUR). */
  addressLimits: AddressLimits
  logger: Logger
  now?: () => number
}

export interface AddressLimits {
  signUps: number
  signIns: number
  /** ForgotPassword and ResendConfirmationCode together. */
  codeRequests: number
}
export const DEFAULT_ADDRESS_LIMITS: AddressLimits = { signUps: 50, signIns: 60, codeRequests: 10 }

/** Who is calling: the client address that per-address limits count. */
export interface Caller {
  address: string
}

/**
 * What every flow of the user pool shares (sign-up, sign-in, passwords, the profile, devices): the client and caller
 * checks, the limits, texted codes, the password check with its lockout, and a session's tokens and standing.
 */
export function createPoolCore(deps: IdentityServiceDeps) {
  const { repository: repo } = deps
  const now = deps.now ?? Date.now
  const perAddress = {
    signUps: { name: 'idp-signup-address', limit: deps.addressLimits.signUps, windowSeconds: 3600 },
    signIns: { name: 'idp-signin-address', limit: deps.addressLimits.signIns, windowSeconds: 3600 },
    codeRequests: { name: 'idp-code-request-address', limit: deps.addressLimits.codeRequests, windowSeconds: 3600 },
  }

  /** Per-address limits come before per-account ones, so one address cannot spend somebody else's budget. */
  async function limitAddress(rule: (typeof perAddress)[keyof typeof perAddress], caller: Caller) {
    if (!(await deps.rateLimiter.allow(rule, caller.address))) throw E.limitExceeded()
  }

  function checkClient(clientId: string) {
    if (clientId !== deps.clientId) throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId.slice(0, 128)} does not exist.`)
  }

  function phoneOf(username: string): string {
    const phone = normalisePhone(username)
    if (!phone) throw E.invalidParameter('Username should be a phone number, for example +447700900123.')
    return phone
  }

  /** The user with this (normalised) number; operations that count the caller's address first look up by number after. */
  async function userByPhone(phone: string, missing: () => CognitoError) {
    const user = await repo.findUserByPhone(deps.poolId, phone)
    if (!user) throw missing()
    return user
  }

  const userByUsername = (username: string, missing: () => CognitoError = E.userNotFound) => userByPhone(phoneOf(username), missing)

  async function shopName(shopId: string | undefined) {
    const shop = (shopId && (await deps.shops.findShop(shopId))) || (await deps.shops.findShop(deps.defaultShopId))
    return shop?.name ?? 'Your salon'
  }

  /** Stores a new code (replacing any earlier one of its purpose); the caller texts it once the change is committed. */
  async function issueCode(repository: IdentityRepository, user: UserRow, purpose: CodePurpose): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await repository.replaceCode(user.sub, purpose, hashCode(user.sub, code), new Date(now() + CODE_LIFETIME_MS[purpose]))
    return code
  }

  async function deliverCode(user: UserRow, purpose: CodePurpose, code: string, shopId?: string) {
    const name = await shopName(shopId)
    const body =
      purpose === 'signup'
        ? `${name}: your verification code is ${code}. It expires in 24 hours.`
        : `${name}: your password reset code is ${code}. It expires in 1 hour. If you did not ask for it, ignore this message.`
    await deps.sms.send({ to: user.phone, body, shopId })
    return { Destination: maskPhone(user.phone), DeliveryMedium: 'SMS', AttributeName: 'phone_number' }
  }

  async function sendCode(user: UserRow, purpose: CodePurpose, shopId?: string) {
    return deliverCode(user, purpose, await issueCode(repo, user, purpose), shopId)
  }

  /**
   * One password check, counted before the password (or an SRP signature) is looked at (see claimPasswordCheck),
   * so a burst of guesses sent together gets no more checks than guesses sent one by one.
   */
  async function checkPasswordClaim(user: UserRow, isRight: () => boolean | Promise<boolean>) {
    const failures = await repo.claimPasswordCheck(user.sub, new Date(now()), FREE_FAILURES, MAX_LOCK_SECONDS)
    if (failures === null) throw E.lockedOut()
    if (!(await isRight())) throw failures >= FREE_FAILURES ? E.lockedOut() : E.wrongPassword()
    await repo.clearFailedSignIns(user.sub)
  }
  const checkPassword = (user: UserRow, password: string) => checkPasswordClaim(user, () => deps.passwords.verify(user.passwordHash, password))

  async function spendCode(user: UserRow, purpose: CodePurpose, code: string) {
    const stored = await repo.latestCode(user.sub, purpose)
    if (!stored || stored.codeHash !== hashCode(user.sub, code.trim())) throw E.codeMismatch()
    if (stored.expiresAt.getTime() <= now()) throw E.codeExpired()
    if (!(await repo.spendCode(stored.id))) throw E.codeExpired()
  }

  /** Per number rather than per account, so signing a pending number up afresh does not start a new budget. */
  async function limit(rule: (typeof LIMITS)[keyof typeof LIMITS], user: Pick<UserRow, 'phone'>) {
    if (!(await deps.rateLimiter.allow(rule, limitKeyOf(user.phone)))) throw E.limitExceeded()
  }

  async function startSession(user: UserRow, clientId: string, deviceKey: string) {
    const session = { id: randomUUID(), authTime: new Date(now()), deviceKey }
    await repo.createSession({ ...session, sub: user.sub, clientId, expiresAt: new Date(now() + REFRESH_TOKEN_DAYS * 24 * HOUR) })
    const refreshToken = newRefreshToken()
    await repo.addRefreshToken(hashToken(refreshToken), session.id)
    return deps.tokens.issue(user, session, refreshToken)
  }

  const srp = createSrpSignIn({
    poolId: deps.poolId,
    repository: repo,
    now,
    checkPasswordClaim,
    startSession: (user, deviceKey) => startSession(user, deps.clientId, deviceKey),
  })

  /** Every session-invalid condition of docs/product.md §4, in Cognito's words for the kind of token. */
  async function standingSession(claims: TokenClaims, kind: 'Access' | 'Id') {
    const state = await repo.sessionState(claims.origin_jti)
    if (!state) {
      if (!(await repo.findUser(claims.sub))) throw E.userNotFound()
      throw E.revoked(kind)
    }
    if (!state.user.enabled) throw E.disabled()
    if (state.revokedAt) throw E.revoked(kind)
    if (state.user.status === 'RESET_REQUIRED') throw E.resetRequired()
    return state
  }

  async function fromAccessToken(token: string) {
    let claims: TokenClaims
    try {
      claims = await deps.tokens.verify(token, 'access')
    } catch (error) {
      if (error instanceof TokenError && error.problem === 'expired') throw E.tokenExpired('Access')
      throw E.tokenInvalid('Access')
    }
    const state = await standingSession(claims, 'Access')
    return { claims, user: state.user, sessionId: state.id, deviceKey: state.deviceKey }
  }

  return {
    repo,
    now,
    perAddress,
    limitAddress,
    checkClient,
    phoneOf,
    userByPhone,
    userByUsername,
    issueCode,
    deliverCode,
    sendCode,
    checkPasswordClaim,
    checkPassword,
    spendCode,
    limit,
    srp,
    standingSession,
    fromAccessToken,
  }
}
export type PoolCore = ReturnType<typeof createPoolCore>
