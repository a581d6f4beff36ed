import { createHash, randomInt, randomUUID } from 'node:crypto'
import { todayInUk } from '@salon/contracts/dates'
import { dateOfBirthProblem } from '@salon/contracts/rules/date-of-birth'
import { isEmailAddress } from '@salon/contracts/rules/email'
import { isNameWithinLimit, NAME_MAX_LENGTH } from '@salon/contracts/rules/name'
import { isSkinType, SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import type { Db } from '@salon/db'
import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import { addressForLimits } from '../../lib/address-prefix.ts'
import type { Logger } from '../../lib/logger.ts'
import { maskPhone } from '../../lib/mask.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import type { RequestIdVariables } from '../../lib/request-log.ts'
import { createCustomersRepository, createIdentityRepository, limitKeyOf, normalisePhone } from '../identity/public.ts'
import type { ShopRepository } from '../shop/public.ts'
import { createHostedSignInRepository, type HostedSignInRepository, type SignInRequestRow } from './hosted-sign-in.repository.ts'
import { BROWSER_COOKIE, type RouteHelpers } from './hosted-sign-in.routes.ts'
import { PROVIDER_LABEL, sha256, type HostedSignInService, type ProviderName } from './hosted-sign-in.service.ts'
import { oauthErrors as E, OAuthError } from './oauth-error.ts'
import { ProviderAnswerError, type SocialClaims, type SocialProviderClients } from './social-providers.ts'

/** Where the web app asks a social customer for what the provider did not give, or for the code that proves the phone. */
export const SOCIAL_PAGE = '/sign-in/social/'
const PHONE_CODE_LIFETIME_MS = 10 * 60_000
const PHONE_CODE_ATTEMPTS = 5
/** A password no one can type: a social customer signs in through the provider, or sets a password by resetting it (which proves the phone). */
export const NO_PASSWORD = '!social-sign-in'
const LIMITS = {
  perPhone: { name: 'hosted-phone-code', limit: 5, windowSeconds: 3600 },
  perAddress: { name: 'hosted-phone-code-address', limit: 10, windowSeconds: 3600 },
}

export interface SocialSignInDeps {
  db: Db
  poolId: string
  /** The shop whose customer record a new social customer gets, and whose name the text message carries. */
  shopId: string
  service: HostedSignInService
  providers: SocialProviderClients
  shops: ShopRepository
  sms: SmsSender
  rateLimiter: RateLimiter
  logger: Logger
  trustProxy: boolean
  now?: () => number
}

const hashCode = (requestId: string, code: string) => createHash('sha256').update(`${requestId}:${code}`).digest('hex')

/** Reads a JSON body of string and boolean fields; anything else is refused. */
async function fieldsOf(c: Context): Promise<Record<string, string | boolean>> {
  const body: unknown = await c.req.json().catch(() => null)
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw E.invalidRequest('Send a JSON object.')
  const fields: Record<string, string | boolean> = Object.create(null)
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'boolean') fields[name] = value
    else if (typeof value === 'string') {
      if (value.length > 1024 || value.includes('\0') || /[\uD800-\uDFFF]/.test(value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))) {
        throw E.invalidRequest(`${name.slice(0, 40)} is not valid text.`)
      }
      fields[name] = value.trim()
    }
  }
  return fields
}
const str = (fields: Record<string, string | boolean>, name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '')

/**
 * The round trip to Google or Apple and what follows it: a linked account signs in at once; a verified email of an
 * existing customer links only once they type the code texted to their phone; anybody else gives the profile a
 * sign-up needs and proves their phone before their account is made (docs/decisions/018).
 */
export function createSocialSignIn(deps: SocialSignInDeps) {
  const { service } = deps
  const repo = createHostedSignInRepository(deps.db)
  const now = deps.now ?? Date.now

  const transaction = <T>(
    work: (r: {
      hosted: HostedSignInRepository
      identity: ReturnType<typeof createIdentityRepository>
      customers: ReturnType<typeof createCustomersRepository>
    }) => Promise<T>,
  ) =>
    deps.db.transaction((tx) =>
      work({
        hosted: createHostedSignInRepository(tx),
        identity: createIdentityRepository(tx),
        customers: createCustomersRepository(tx),
      }),
    )

  const label = (request: SignInRequestRow) => PROVIDER_LABEL[request.provider as ProviderName]

  async function textCode(request: SignInRequestRow, phone: string, pending: Record<string, string>, address: string) {
    if (!(await deps.rateLimiter.allow(LIMITS.perAddress, address)) || !(await deps.rateLimiter.allow(LIMITS.perPhone, limitKeyOf(phone)))) {
      throw E.slowDown()
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const destination = maskPhone(phone)
    await repo.setPhoneCode(request.id, { ...pending, destination }, hashCode(request.id, code), new Date(now() + PHONE_CODE_LIFETIME_MS))
    const shop = await deps.shops.findShop(deps.shopId)
    await deps.sms.send({ to: phone, body: `${shop?.name ?? 'Your salon'}: your verification code is ${code}. It expires in 10 minutes.`, shopId: deps.shopId })
    return destination
  }

  /** What the web app's page shows for the request: whom the provider named and which step is next. */
  function stateOf(request: SignInRequestRow) {
    const social = request.social!
    const pending = request.pending
    return {
      provider: request.provider,
      providerLabel: label(request),
      email: social.email,
      givenName: social.givenName,
      familyName: social.familyName,
      /** link: an account with this email exists and waits for the code; profile: a new customer; code: the code was sent. */
      step: pending ? (pending.kind === 'link' && !pending.chosen ? 'link' : 'code') : 'profile',
      destination: pending?.destination ?? null,
      needsEmail: !social.email,
    }
  }

  async function socialRequest(c: Context, id: string | undefined) {
    const request = await service.requestOf(id, getCookie(c, BROWSER_COOKIE))
    if (!request.social) throw E.expired()
    return request
  }

  /** The provider answered: checks, then a code for a linked account, or the salon's page for the next step. */
  async function providerAnswered(c: Context, h: RouteHelpers): Promise<Response> {
    const post = c.req.method === 'POST'
    const params = post ? await h.formOf(c) : h.queryOf(c)
    if (!params.state) throw E.invalidRequest('state is missing: this is not an answer to a sign-in started here.')
    const request = await repo.takeByProviderState(params.state, new Date(now()))
    if (!request) throw E.expired()
    const provider = request.provider as ProviderName
    if (request.browserHash !== sha256(getCookie(c, BROWSER_COOKIE) ?? '')) {
      return c.redirect(service.refusal(request, 'access_denied', 'This sign-in was started in another browser. Please start again.'), 302)
    }
    if (params.error) {
      const cancelled = params.error === 'access_denied' || params.error === 'user_cancelled_authorize'
      const description = cancelled
        ? `The sign-in with ${PROVIDER_LABEL[provider]} was cancelled. Please try again, or sign in with your mobile number.`
        : `${PROVIDER_LABEL[provider]} could not sign you in. Please try again, or sign in with your mobile number.`
      return c.redirect(service.refusal(request, 'access_denied', description), 302)
    }
    const checks = { state: params.state, nonce: request.providerNonce!, verifier: request.providerVerifier! }
    let claims: SocialClaims
    try {
      const url = new URL(c.req.url)
      const response = post
        ? new Request(url.origin + url.pathname, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(params as Record<string, string>),
          })
        : url
      claims = await deps.providers.answer(provider, response, checks)
    } catch (error) {
      if (!(error instanceof ProviderAnswerError)) throw error
      return c.redirect(service.refusal(request, 'access_denied', `${PROVIDER_LABEL[provider]} could not confirm who you are. Please try again.`), 302)
    }

    const linked = await repo.linkedUser(provider, claims.subject)
    if (linked) {
      const done = await service.issueCode(request, linked)
      h.startSession(c, done.sessionId)
      return c.redirect(done.location, 302)
    }
    await repo.setSocial(request.id, claims)
    // A verified email of exactly one customer: they prove the phone of that account before it is linked.
    const owners = claims.email && claims.emailVerified ? await repo.accountsWithEmail(deps.poolId, claims.email) : []
    if (owners.length === 1) {
      const owner = owners[0]!
      await repo.setPhoneCode(request.id, { kind: 'link', sub: owner.sub, destination: maskPhone(owner.phone) }, '', new Date(0))
    }
    return c.redirect(`${SOCIAL_PAGE}?authorization=${encodeURIComponent(request.id)}`, 302)
  }

  /** The new customer's profile: every rule of a sign-up, then a code to the phone. A number with an account links to it instead. */
  async function giveProfile(c: Context) {
    const fields = await fieldsOf(c)
    const request = await socialRequest(c, str(fields, 'authorization'))
    const social = request.social!
    const phone = normalisePhone(str(fields, 'phone'))
    if (!phone) throw E.invalidRequest('Please give your mobile number, for example 07700 900123.')
    const birthdate = str(fields, 'birthdate')
    if (!birthdate) throw E.invalidRequest('Please give your date of birth: we must check that you are 18 or over.')
    const problem = dateOfBirthProblem(birthdate, todayInUk(now()))
    if (problem) throw E.invalidRequest(problem)
    const skinType = str(fields, 'skinType')
    if (!isSkinType(skinType)) throw E.invalidRequest('Please choose your skin type, from 1 to 6.')
    const email = social.email ?? str(fields, 'email')
    if (!email || !isEmailAddress(email)) throw E.invalidRequest('Please give your email address.')
    const givenName = str(fields, 'givenName') || social.givenName || ''
    const familyName = str(fields, 'familyName') || social.familyName || ''
    if (!isNameWithinLimit(givenName) || !isNameWithinLimit(familyName)) throw E.invalidRequest(`A name must be at most ${NAME_MAX_LENGTH} characters long.`)
    if (typeof fields.marketing !== 'boolean') throw E.invalidRequest('Please say whether you would like offers from the salon (marketing is true or false).')

    const existing = await createIdentityRepository(deps.db).findUserByPhone(deps.poolId, phone)
    const pending: Record<string, string> =
      existing && existing.status !== 'UNCONFIRMED'
        ? { kind: 'link', sub: existing.sub, chosen: 'true' }
        : { kind: 'new', phone, birthdate, skinType, email, givenName, familyName, marketing: String(fields.marketing) }
    const destination = await textCode(request, phone, pending, addressForLimits(c, deps.trustProxy))
    return { step: 'code', destination, linking: pending.kind === 'link' }
  }

  /** Texts the code again, to the account being linked or to the number given. */
  async function sendCode(c: Context) {
    const fields = await fieldsOf(c)
    const request = await socialRequest(c, str(fields, 'authorization'))
    const pending = request.pending
    if (!pending) throw E.invalidRequest('Please give your details first.')
    const phone = pending.kind === 'new' ? pending.phone! : (await createIdentityRepository(deps.db).findUser(pending.sub!))?.phone
    if (!phone) throw E.expired()
    const destination = await textCode(request, phone, { ...pending, chosen: 'true' }, addressForLimits(c, deps.trustProxy))
    return { step: 'code', destination }
  }

  /** The code from the text message: the account is linked, or made, and the sign-in goes back to the client with a code. */
  async function proveCode(c: Context, h: RouteHelpers) {
    const fields = await fieldsOf(c)
    const id = str(fields, 'authorization')
    const request = await socialRequest(c, id)
    const code = str(fields, 'code')
    if (!/^\d{6}$/.test(code)) throw E.invalidRequest('Please type the six-digit code from the text message.')
    if (!request.pending || !request.phoneCodeHash) throw E.invalidRequest('Please ask for a code first.')
    const counted = await repo.claimPhoneCodeAttempt(request.id, PHONE_CODE_ATTEMPTS)
    if (!counted) throw new OAuthError('invalid_request', 'Too many wrong codes. Please ask for a new code.', 429)
    if (counted.phoneCodeHash !== hashCode(request.id, code)) throw E.invalidRequest('That code is not right. Please check the text message and try again.')
    if (!counted.phoneCodeExpiresAt || counted.phoneCodeExpiresAt.getTime() <= now()) throw E.invalidRequest('That code has expired. Please ask for a new one.')

    const social = request.social!
    const provider = request.provider as ProviderName
    const pending = counted.pending!
    const sub = await transaction(async ({ hosted, identity, customers }) => {
      if (pending.kind === 'link') {
        const user = await identity.findUser(pending.sub!)
        if (!user || !user.enabled) throw E.expired()
        if (!(await hosted.link(provider, social.subject, user.sub))) {
          throw E.invalidRequest(`This account is already linked to another ${PROVIDER_LABEL[provider]} account.`)
        }
        return user.sub
      }
      const sub = randomUUID()
      const attributes: Record<string, string> = { birthdate: pending.birthdate!, [SKIN_TYPE_ATTRIBUTE]: pending.skinType! }
      if (pending.givenName) attributes.given_name = pending.givenName
      if (pending.familyName) attributes.family_name = pending.familyName
      // A sign-up nobody confirmed does not hold the number: whoever proves the phone takes it (docs/decisions/009).
      const squatter = await identity.findUserByPhone(deps.poolId, pending.phone!)
      if (squatter?.status === 'UNCONFIRMED' && (await identity.deleteUnconfirmedUser(squatter.sub))) await customers.removeNeverConfirmed([squatter.sub])
      const made = await identity.createUser({
        sub,
        poolId: deps.poolId,
        phone: pending.phone!,
        email: pending.email!,
        passwordHash: NO_PASSWORD,
        status: 'CONFIRMED',
        attributes,
      })
      if (!made) throw E.invalidRequest('An account already exists with this mobile number. Please sign in with it, then link your account.')
      if (!(await hosted.link(provider, social.subject, sub))) throw E.expired()
      const marketing = pending.marketing === 'true'
      await customers.ensure(deps.shopId, sub, {
        firstName: pending.givenName || null,
        lastName: pending.familyName || null,
        email: pending.email!,
        phone: pending.phone!,
        dob: pending.birthdate!,
        skinType: Number(pending.skinType),
        signupSource: 'online',
        status: null,
        appMarketing: marketing,
        appTimestamp: marketing ? new Date(now()) : null,
      })
      return sub
    })
    deps.logger.info(
      { sub, provider, kind: pending.kind },
      pending.kind === 'link' ? 'a social account was linked' : 'a customer signed up through a social provider',
    )
    const done = await service.issueCode(counted, sub)
    h.startSession(c, done.sessionId)
    return { location: done.location }
  }

  return {
    routes(app: Hono<{ Variables: RequestIdVariables }>, h: RouteHelpers) {
      const handle = (run: (c: Context) => Promise<Response>) => async (c: Context) => {
        try {
          h.noStore(c)
          return await run(c)
        } catch (error) {
          return h.refuse(c, error)
        }
      }
      app.get(
        '/oauth2/idpresponse',
        handle((c) => providerAnswered(c, h)),
      )
      app.post(
        '/oauth2/idpresponse',
        handle((c) => providerAnswered(c, h)),
      )
      app.get(
        '/oauth2/social',
        handle(async (c) => c.json(stateOf(await socialRequest(c, h.queryOf(c).authorization)))),
      )
      app.post(
        '/oauth2/social/profile',
        handle(async (c) => c.json(await giveProfile(c))),
      )
      app.post(
        '/oauth2/social/send-code',
        handle(async (c) => c.json(await sendCode(c))),
      )
      app.post(
        '/oauth2/social/code',
        handle(async (c) => c.json(await proveCode(c, h))),
      )
    },
  }
}
export type SocialSignIn = ReturnType<typeof createSocialSignIn>
