import { randomUUID } from 'node:crypto'
import { referralCodeFrom } from '@salon/contracts/rules/referral-code'
import { SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import { hashApiKey } from '../shop/public.ts'
import { cognitoErrors as E } from './cognito-error.ts'
import type { ConfirmSignUpInput, ResendConfirmationCodeInput, SignUpInput } from './cognito.schemas.ts'
import type { UserRow } from './identity.repository.ts'
import { sameMailbox } from './mailbox.ts'
import { assertPasswordConforms } from './password-policy.ts'
import { normalisePhone } from './phone.ts'
import type { Caller, IdentityServiceDeps, PoolCore } from './pool-core.service.ts'
import { attributeMap, checkProfile, knownValue, LIMITS, profileOf, SIGN_UP_SOURCES, SIGN_UP_STATUSES } from './pool-rules.ts'

/** Signing up (docs/product.md §7.2): SignUp, ConfirmSignUp and ResendConfirmationCode. */
export function createSignUpOperations(core: PoolCore, deps: IdentityServiceDeps) {
  const { repo, now, perAddress, limitAddress, checkClient, phoneOf, userByPhone, userByUsername, issueCode, deliverCode, sendCode, spendCode, limit, srp } =
    core

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

  /** The shop the sign-up came from, when the client metadata names it with a valid key. */
  async function signUpShop(metadata: Record<string, string>) {
    const shopId = metadata.shop_id
    if (!shopId) return undefined
    const shop = await deps.shops.findShop(shopId)
    const keyOk = shop?.active && metadata.api_key && (await deps.shops.hasActiveKey(shopId, hashApiKey(metadata.api_key)))
    if (!keyOk) throw E.invalidParameter('The shop_id and api_key in the client metadata do not name an active shop.')
    return shopId
  }

  return {
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
      checkProfile({ ...profile, email }, now())
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
        ...srp.srpOf(sub, input.Password),
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
  }
}
