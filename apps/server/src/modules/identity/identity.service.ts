import { createHash, randomInt, randomUUID } from 'node:crypto'
import { todayInUk } from '@salon/contracts/dates'
import { dateOfBirthProblem, UNDER_18_MESSAGE } from '@salon/contracts/rules/date-of-birth'
import { isEmailAddress } from '@salon/contracts/rules/email'
import { isNameWithinLimit, NAME_MAX_LENGTH } from '@salon/contracts/rules/name'
import { referralCodeFrom } from '@salon/contracts/rules/referral-code'
import { isSkinType, SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import type { Logger } from '../../lib/logger.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import type { CustomersRepository } from './customers.repository.ts'
import type { EraseInTransaction } from './erasure.service.ts'
import { hashApiKey, type ShopRepository } from '../shop/public.ts'
import { CognitoError, cognitoErrors as E } from './cognito-error.ts'
import type {
  Attribute,
  ChangePasswordInput,
  ConfirmForgotPasswordInput,
  ConfirmSignUpInput,
  ForgotPasswordInput,
  GetTokensFromRefreshTokenInput,
  InitiateAuthInput,
  ResendConfirmationCodeInput,
  RespondToAuthChallengeInput,
  RevokeTokenInput,
  SignUpInput,
  UpdateUserAttributesInput,
  WithAccessTokenInput,
} from './cognito.schemas.ts'
import type { CodePurpose, IdentityRepository, UserRow } from './identity.repository.ts'
import { assertPasswordConforms } from './password-policy.ts'
import { maskPhone } from '../../lib/mask.ts'
import { normalisePhone } from './phone.ts'
import { createDeviceOperations } from './devices.service.ts'
import { readSrpA } from './srp.ts'
import { createSrpSignIn, SRP_MESSAGES } from './srp-sign-in.ts'
import { hashToken, newRefreshToken, REFRESH_TOKEN_DAYS, TokenError, type TokenClaims, type TokenIssuer } from './tokens.ts'
import { sameMailbox } from './mailbox.ts'

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

const HOUR = 3600_000
const CODE_LIFETIME_MS: Record<CodePurpose, number> = { signup: 24 * HOUR, reset: HOUR }
/**
 * Per account and hour. Asking for a code and using one have separate budgets, so somebody else's requests
 * for codes to a number cannot stop its owner from using the code that reached them.
 */
const LIMITS = {
  /** Sign-up codes sent to one number: resends, and sign-ups that replace an unconfirmed one. */
  resend: { name: 'idp-resend', limit: 5, windowSeconds: 3600 },
  confirm: { name: 'idp-confirm', limit: 15, windowSeconds: 3600 },
  resetRequest: { name: 'idp-reset-request', limit: 20, windowSeconds: 3600 },
  resetConfirm: { name: 'idp-reset-confirm', limit: 15, windowSeconds: 3600 },
}
/** A sign-up left unconfirmed this long is removed, and its number is free again. */
export const UNCONFIRMED_LIFETIME_MS = 24 * 3600_000
/** Sign-up client metadata the salon keeps: only these values, for a record that reports can rely on. */
const SIGN_UP_STATUSES = ['active']
const SIGN_UP_SOURCES = ['online', 'shop']
/** A referral code as the refer-and-earn page shares it. */
/** A rotated refresh token still works this long, so two tabs refreshing at once do not sign the customer out. */
const REFRESH_REUSE_GRACE_MS = 30_000
const FREE_FAILURES = 5
const MAX_LOCK_SECONDS = 15 * 60

/** Cognito's sign-in lockout: after 5 failures, 2^(n-5) seconds, never more than 15 minutes. */
export function lockoutSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_LOCK_SECONDS)
}

/** Attributes a customer may set on themselves; the phone number is the username and stays as it is. */
const PROFILE_ATTRIBUTES = ['given_name', 'family_name', 'birthdate', SKIN_TYPE_ATTRIBUTE] as const

/** How the limits name a phone number: a hash, so the counters hold no number. */
export const limitKeyOf = (phone: string) => createHash('sha256').update(`limits:${phone}`).digest('base64url')
const hashCode = (sub: string, code: string) => createHash('sha256').update(`${sub}:${code}`).digest('hex')

/** Removes sign-ups left unconfirmed for 24 hours, with the salon records made for them; how many went. */
export async function removeStaleSignUps(transaction: IdentityServiceDeps['transaction'], now: number = Date.now()): Promise<number> {
  return transaction(async ({ identity, customers }) => {
    const subs = await identity.deleteUnconfirmedBefore(new Date(now - UNCONFIRMED_LIFETIME_MS))
    await customers.removeNeverConfirmed(subs)
    await identity.deleteExpiredChallenges(new Date(now))
    return subs.length
  })
}

/** The rules of the user pool: who may sign up, sign in, and for how long their tokens stand. */
export function createIdentityService(deps: IdentityServiceDeps) {
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

  /** The customer who shared a referral code; nobody refers themselves (the same phone or email). */
  async function referrerOf(shopId: string, code: string, phone: string, email: string) {
    const referrer = await deps.transaction(({ customers }) => customers.referrerByCode(shopId, code))
    if (!referrer) {
      throw E.invalidParameter(`The referral code ${code} is not known at this salon. Please check the link your friend sent, or sign up without it.`)
    }
    // One mailbox however the address is written (case, a +tag, Gmail's dots, a trailing dot): docs/decisions/021.
    if (referrer.phone === phone || sameMailbox(referrer.email, email)) throw E.invalidParameter('You cannot use your own referral code.')
    return referrer
  }

  /** status and user_signup go into the salon's record as they are: only the values the salon knows. */
  function knownValue(meta: Record<string, string>, name: string, allowed: string[]): string | undefined {
    const value = meta[name]?.trim()
    if (value === undefined || value === '') return undefined
    if (!allowed.includes(value)) throw E.invalidParameter(`ClientMetadata ${name} must be one of: ${allowed.join(', ')}.`)
    return value
  }

  function attributeMap(list: Attribute[] = []): Record<string, string> {
    // No prototype: an attribute named __proto__ is an attribute like any other, and is refused as one.
    const map: Record<string, string> = Object.create(null)
    for (const item of list) map[item.Name] = item.Value.trim()
    return map
  }

  function checkProfile(attrs: Record<string, string>) {
    if (attrs.birthdate !== undefined) {
      const problem = dateOfBirthProblem(attrs.birthdate, todayInUk(now()))
      // The under-18 refusal is said to the customer as it is; the others name the field they are about.
      if (problem) throw E.invalidParameter(problem === UNDER_18_MESSAGE ? problem : `birthdate: ${problem}`)
    }
    const skin = attrs[SKIN_TYPE_ATTRIBUTE]
    if (skin !== undefined && !isSkinType(skin)) throw E.invalidParameter(`${SKIN_TYPE_ATTRIBUTE} must be a skin type from 1 to 6.`)
    if (attrs.email !== undefined && !isEmailAddress(attrs.email)) throw E.invalidParameter('Invalid email address format.')
    for (const name of ['given_name', 'family_name'] as const) {
      if (attrs[name] !== undefined && !isNameWithinLimit(attrs[name])) throw E.invalidParameter(`${name} must be at most ${NAME_MAX_LENGTH} characters long.`)
    }
  }

  function profileOf(user: Pick<UserRow, 'email' | 'phone' | 'attributes'>) {
    const skin = user.attributes[SKIN_TYPE_ATTRIBUTE]
    return {
      firstName: user.attributes.given_name ?? null,
      lastName: user.attributes.family_name ?? null,
      email: user.email,
      phone: user.phone,
      dob: user.attributes.birthdate ?? null,
      skinType: skin ? Number(skin) : null,
    }
  }

  /** The shop the sign-up came from, when the client metadata names it with a valid key. */
  async function signUpShop(metadata: Record<string, string>) {
    const shopId = metadata.shop_id
    if (!shopId) return undefined
    const shop = await deps.shops.findShop(shopId)
    const keyOk = shop?.active && metadata.api_key && (await deps.shops.hasActiveKey(shopId, hashApiKey(metadata.api_key)))
    if (!keyOk) throw E.invalidParameter('The shop_id and api_key in the client metadata do not name an active shop.')
    return shopId
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
  const { srpOf, groupKeyOf, namedDevice, afterPassword } = srp

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

  async function refresh(clientId: string, token: string) {
    checkClient(clientId)
    const hash = hashToken(token)
    const stored = await repo.findRefreshToken(hash)
    if (!stored) throw E.notAuthorized('Invalid Refresh Token')
    const state = await repo.sessionState(stored.sessionId)
    if (!state) throw E.notAuthorized('Refresh Token has been revoked')
    if (!state.user.enabled) throw E.disabled()
    if (state.revokedAt) throw E.notAuthorized('Refresh Token has been revoked')
    if (state.expiresAt.getTime() <= now()) throw E.notAuthorized('Refresh Token has expired')
    if (state.user.status === 'RESET_REQUIRED') throw E.resetRequired()
    if (state.clientId !== clientId) throw E.notAuthorized('Invalid Refresh Token')
    const rotatedNow = await repo.rotateRefreshToken(hash, new Date(now()))
    if (!rotatedNow) {
      const rotatedAt = (await repo.findRefreshToken(hash))?.rotatedAt?.getTime() ?? 0
      if (now() - rotatedAt > REFRESH_REUSE_GRACE_MS) {
        // A refresh token used after it was exchanged has leaked: end the whole session.
        await repo.revokeSession(state.id, 'refresh-token-reuse')
        deps.logger.warn({ sub: state.sub }, 'a rotated refresh token was used again; the session is revoked')
        throw E.notAuthorized('Refresh Token has been revoked')
      }
    }
    const next = newRefreshToken()
    await repo.addRefreshToken(hashToken(next), state.id)
    if (state.deviceKey) await repo.touchDevice(state.deviceKey, new Date(now()))
    return deps.tokens.issue(state.user, { id: state.id, authTime: state.authTime, deviceKey: state.deviceKey }, next)
  }

  return {
    ...createDeviceOperations({ repository: repo, fromAccessToken, groupKeyOf, now }),

    async signUp(input: SignUpInput, caller: Caller) {
      checkClient(input.ClientId)
      const phone = phoneOf(input.Username)
      assertPasswordConforms(input.Password)
      const attrs = attributeMap(input.UserAttributes)
      const meta = input.ClientMetadata
      if (attrs.phone_number && normalisePhone(attrs.phone_number) !== phone) {
        throw E.invalidParameter('phone_number must be the same number as the username.')
      }
      const email = (attrs.email ?? meta.email)?.trim()
      if (!email) throw E.invalidParameter('Attributes did not conform to the schema: email: The attribute is required')
      const profile: Record<string, string> = {}
      const given = attrs.given_name ?? meta.firstName
      const family = attrs.family_name ?? meta.lastName
      const birthdate = attrs.birthdate ?? meta.dob
      const skin = attrs[SKIN_TYPE_ATTRIBUTE] ?? meta.skinType
      if (given) profile.given_name = given.trim()
      if (family) profile.family_name = family.trim()
      if (birthdate) profile.birthdate = birthdate.trim()
      if (skin) profile[SKIN_TYPE_ATTRIBUTE] = skin.trim()
      if (!profile.birthdate) throw E.invalidParameter('Please give your date of birth: we must check that you are 18 or over.')
      checkProfile({ ...profile, email })
      const status = knownValue(meta, 'status', SIGN_UP_STATUSES)
      // user_signup says where the sign-up came from, or carries the referral code of the friend who sent the link.
      const givenSignUp = meta.user_signup?.trim() ?? ''
      const referralCode = SIGN_UP_SOURCES.includes(givenSignUp) ? undefined : (referralCodeFrom(givenSignUp) ?? undefined)
      const source = referralCode ? 'referral' : knownValue(meta, 'user_signup', SIGN_UP_SOURCES)
      const shopId = await signUpShop(meta)
      const referrer = referralCode && shopId ? await referrerOf(shopId, referralCode, phone, email) : undefined
      // Counted only once the request is a real sign-up: junk does not use up the address's budget.
      await limitAddress(perAddress.signUps, caller)

      // A number held by a sign-up nobody confirmed is not taken: the newest sign-up replaces it, and only the
      // code texted to the phone activates it. So whoever proves the phone chooses the password.
      const pending = await repo.findUserByPhone(deps.poolId, phone)
      if (pending && pending.status !== 'UNCONFIRMED') throw E.exists()
      if (pending) await limit(LIMITS.resend, pending)

      // Signed up at the salon's desk with this number: the account takes that customer's sub, so their sessions,
      // minutes and history (all kept by sub) are theirs at once. Their record is left as the salon made it until the
      // code proves the phone (confirmSignUp), and an abandoned sign-up never removes it (docs/product.md §10.2).
      const inSalon = shopId ? await deps.transaction(({ customers }) => customers.inSalonToLink(shopId, phone)) : undefined
      const sub = inSalon ?? randomUUID()
      const user: UserRow = {
        sub,
        poolId: deps.poolId,
        phone,
        email,
        passwordHash: await deps.passwords.hash(input.Password),
        ...srpOf(sub, input.Password),
        status: 'UNCONFIRMED',
        enabled: true,
        attributes: profile,
        failedSignIns: 0,
        lockedUntil: null,
        createdAt: new Date(now()),
        updatedAt: new Date(now()),
        lastSignInAt: null,
      }
      const code = await deps.transaction(async ({ identity, customers }) => {
        if (pending) {
          if (!(await identity.deleteUnconfirmedUser(pending.sub))) throw E.exists()
          await customers.removeNeverConfirmed([pending.sub])
        }
        if (!(await identity.createUser(user))) throw E.exists()
        if (shopId) {
          const marketing = meta.marketing === 'true'
          await customers.ensure(shopId, user.sub, {
            ...profileOf(user),
            signupSource: source ?? 'online',
            status: status ?? null,
            appMarketing: marketing,
            appTimestamp: marketing ? new Date(now()) : null,
          })
          if (referrer) await customers.recordReferral(shopId, user.sub, referrer.sub)
        }
        return issueCode(identity, user, 'signup')
      })
      const CodeDeliveryDetails = await deliverCode(user, 'signup', code, shopId)
      return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails }
    },

    async confirmSignUp(input: ConfirmSignUpInput) {
      checkClient(input.ClientId)
      const user = await userByUsername(input.Username, E.usernameClientNotFound)
      await limit(LIMITS.confirm, user)
      if (user.status !== 'UNCONFIRMED') throw E.notAuthorized(`User cannot be confirmed. Current status is ${user.status}`)
      await spendCode(user, 'signup', input.ConfirmationCode)
      await deps.transaction(async ({ identity, customers }) => {
        await identity.updateUser(user.sub, { status: 'CONFIRMED' })
        // The phone is proven: a customer signed up at the salon now has the details they gave online (any other
        // sign-up's record was made with them already).
        await customers.updateProfile(user.sub, profileOf(user))
      })
      return {}
    },

    async resendConfirmationCode(input: ResendConfirmationCodeInput, caller: Caller) {
      checkClient(input.ClientId)
      const shopId = input.ClientMetadata.shop_id
      const phone = phoneOf(input.Username)
      await limitAddress(perAddress.codeRequests, caller)
      const user = await userByPhone(phone, E.usernameClientNotFound)
      if (user.status !== 'UNCONFIRMED') throw E.invalidParameter('User is already confirmed.')
      await limit(LIMITS.resend, user)
      return { CodeDeliveryDetails: await sendCode(user, 'signup', shopId) }
    },

    async initiateAuth(input: InitiateAuthInput, caller: Caller) {
      checkClient(input.ClientId)
      if (input.AuthFlow === 'USER_SRP_AUTH') {
        // A DEVICE_KEY here is read from the challenge's answer, where Cognito's clients send it too.
        const { USERNAME, SRP_A } = input.AuthParameters
        const phone = phoneOf(USERNAME)
        // Junk is refused before it is counted against the address.
        if (readSrpA(SRP_A) === null) throw E.invalidParameter(SRP_MESSAGES.badSrpA)
        await limitAddress(perAddress.signIns, caller)
        const user = await userByPhone(phone, E.userNotFound)
        if (!user.enabled) throw E.disabled()
        return srp.passwordVerifierChallenge(user, SRP_A)
      }
      if (input.AuthFlow !== 'USER_PASSWORD_AUTH') {
        return { AuthenticationResult: await refresh(input.ClientId, input.AuthParameters.REFRESH_TOKEN), ChallengeParameters: {} }
      }
      const { USERNAME, PASSWORD, DEVICE_KEY } = input.AuthParameters
      const phone = phoneOf(USERNAME)
      await limitAddress(perAddress.signIns, caller)
      const user = await userByPhone(phone, E.userNotFound)
      if (!user.enabled) throw E.disabled()
      const device = await namedDevice(user, DEVICE_KEY)
      await checkPassword(user, PASSWORD)
      // An account made before SRP sign-in gets its verifier from the password it has just proven (docs/decisions/017).
      if (!user.srpVerifier) await repo.updateUser(user.sub, srpOf(user.sub, PASSWORD))
      return afterPassword(user, device)
    },

    /** The answers to USER_SRP_AUTH's PASSWORD_VERIFIER and to the device challenges that may follow (srp-sign-in.ts). */
    async respondToAuthChallenge(input: RespondToAuthChallengeInput) {
      checkClient(input.ClientId)
      return srp.respondToAuthChallenge(input)
    },

    async getTokensFromRefreshToken(input: GetTokensFromRefreshTokenInput) {
      return { AuthenticationResult: await refresh(input.ClientId, input.RefreshToken) }
    },

    async getUser(input: WithAccessTokenInput) {
      const { user } = await fromAccessToken(input.AccessToken)
      const attributes: Record<string, string> = {
        sub: user.sub,
        phone_number: user.phone,
        phone_number_verified: String(user.status !== 'UNCONFIRMED'),
        email: user.email,
        email_verified: 'false',
        ...user.attributes,
      }
      return {
        Username: user.sub,
        UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
        MFAOptions: [],
        UserMFASettingList: [],
      }
    },

    async globalSignOut(input: WithAccessTokenInput) {
      const { user } = await fromAccessToken(input.AccessToken)
      await repo.revokeUserSessions(user.sub, 'global-sign-out')
      return {}
    },

    async revokeToken(input: RevokeTokenInput) {
      checkClient(input.ClientId)
      const stored = await repo.findRefreshToken(hashToken(input.Token))
      // Revoking a token that is unknown or already revoked changes nothing and is not an error (RFC 7009).
      if (stored) await repo.revokeSession(stored.sessionId, 'sign-out')
      return {}
    },

    /**
     * Also for a sign-up that was never confirmed: the reset code proves the phone, and the new password is
     * chosen by whoever holds it, never one set by somebody who signed the number up without proving it.
     */
    async forgotPassword(input: ForgotPasswordInput, caller: Caller) {
      checkClient(input.ClientId)
      const shopId = input.ClientMetadata.shop_id
      const phone = phoneOf(input.Username)
      await limitAddress(perAddress.codeRequests, caller)
      const user = await userByPhone(phone, E.usernameClientNotFound)
      if (!user.enabled) throw E.disabled()
      await limit(LIMITS.resetRequest, user)
      return { CodeDeliveryDetails: await sendCode(user, 'reset', shopId) }
    },

    async confirmForgotPassword(input: ConfirmForgotPasswordInput) {
      checkClient(input.ClientId)
      const user = await userByUsername(input.Username, E.usernameClientNotFound)
      assertPasswordConforms(input.Password)
      await limit(LIMITS.resetConfirm, user)
      await spendCode(user, 'reset', input.ConfirmationCode)
      await repo.updateUser(user.sub, {
        passwordHash: await deps.passwords.hash(input.Password),
        ...srpOf(user.sub, input.Password),
        status: 'CONFIRMED',
        failedSignIns: 0,
        lockedUntil: null,
      })
      await repo.revokeUserSessions(user.sub, 'password-reset')
      return {}
    },

    async changePassword(input: ChangePasswordInput) {
      const { user, sessionId } = await fromAccessToken(input.AccessToken)
      assertPasswordConforms(input.ProposedPassword)
      // A stolen access token may not guess the password it would need: the sign-in lockout counts these too.
      await checkPassword(user, input.PreviousPassword)
      await repo.updateUser(user.sub, { passwordHash: await deps.passwords.hash(input.ProposedPassword), ...srpOf(user.sub, input.ProposedPassword) })
      // Whoever knew the old password is signed out everywhere else.
      await repo.revokeUserSessions(user.sub, 'password-change', sessionId)
      return {}
    },

    async updateUserAttributes(input: UpdateUserAttributesInput) {
      const { user } = await fromAccessToken(input.AccessToken)
      const attrs = attributeMap(input.UserAttributes)
      for (const name of Object.keys(attrs)) {
        if (name === 'phone_number') throw E.invalidParameter('The phone number is your username and cannot be changed here.')
        if (name !== 'email' && !(PROFILE_ATTRIBUTES as readonly string[]).includes(name)) {
          throw E.invalidParameter(`Attribute ${name.slice(0, 64)} cannot be changed.`)
        }
      }
      checkProfile(attrs)
      const { email, ...rest } = attrs
      const updated = { ...user, email: email ?? user.email, attributes: { ...user.attributes, ...rest } }
      const { phone: _phone, ...profile } = profileOf(updated)
      await deps.transaction(async ({ identity, customers }) => {
        await identity.updateUser(user.sub, { email: updated.email, attributes: updated.attributes })
        await customers.updateProfile(user.sub, profile)
      })
      return { CodeDeliveryDetailsList: [] }
    },

    async deleteUser(input: WithAccessTokenInput) {
      const { user } = await fromAccessToken(input.AccessToken)
      await deps.transaction(({ erase }) => erase({ by: 'customer', sub: user.sub }, new Date(now())))
      deps.logger.info({ sub: user.sub }, 'an account was deleted and its personal data erased')
      return {}
    },

    /**
     * Who is asking, settled before what they ask is judged: a client id that is not this pool's, or an access
     * token that does not stand, is the refusal even when the rest of the request is malformed.
     */
    async checkCaller(caller: { ClientId: string } | { AccessToken: string }) {
      if ('ClientId' in caller) checkClient(caller.ClientId)
      else await fromAccessToken(caller.AccessToken)
    },

    /** For the API: the identity a token proves, after every revocation check. */
    async verifyForApi(token: string): Promise<{ sub: string; user: UserRow }> {
      let claims: TokenClaims
      try {
        claims = await deps.tokens.verify(token, 'any')
      } catch (error) {
        throw error instanceof TokenError && error.problem === 'expired'
          ? E.notAuthorized('Your session has expired. Please sign in again.', 'token-expired')
          : E.notAuthorized('The identity token is not valid. Please sign in again.', 'token-invalid')
      }
      const state = await standingSession(claims, claims.token_use === 'id' ? 'Id' : 'Access')
      return { sub: state.sub, user: state.user }
    },

    profileOf,
  }
}
export type IdentityService = ReturnType<typeof createIdentityService>
