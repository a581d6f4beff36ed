import { importPKCS8, SignJWT } from 'jose'
import * as oidc from 'openid-client'
import type { Logger } from '../../lib/logger.ts'
import type { ProviderName, SocialProviders } from './hosted-sign-in.service.ts'

/** A social provider this pool is an OpenID Connect client of. */
export type SocialProviderSettings =
  | { name: 'Google'; issuer: string; clientId: string; clientSecret: string }
  | {
      name: 'SignInWithApple'
      issuer: string
      /** The Services ID. */
      clientId: string
      teamId: string
      keyId: string
      /** The .p8 key (PKCS #8 PEM) the client secret is signed with. */
      privateKey: string
    }

/** What a provider says about who signed in. */
export interface SocialClaims {
  subject: string
  email: string | null
  emailVerified: boolean
  givenName: string | null
  familyName: string | null
}

export class ProviderAnswerError extends Error {}

/** Apple's client secret is a short-lived ES256 token signed with the team's key (Sign in with Apple, "Creating a client secret"). */
function appleSecret(settings: Extract<SocialProviderSettings, { name: 'SignInWithApple' }>): oidc.ClientAuth {
  let key: Promise<CryptoKey> | undefined
  return async (_server, _client, body) => {
    key ??= importPKCS8(settings.privateKey, 'ES256') as Promise<CryptoKey>
    const at = Math.floor(Date.now() / 1000)
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: settings.keyId })
      .setIssuer(settings.teamId)
      .setSubject(settings.clientId)
      .setAudience(settings.issuer)
      .setIssuedAt(at)
      .setExpirationTime(at + 300)
      .sign(await key)
    body.set('client_id', settings.clientId)
    body.set('client_secret', secret)
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/**
 * The providers that have settings, each discovered once (again after a failure), through openid-client.
 * A provider at a plain-http loopback address (a local stand-in) is allowed plain http; no other.
 */
export function createSocialProviders(options: { providers: SocialProviderSettings[]; callbackUrl: string; logger: Logger }) {
  const configs = new Map<ProviderName, Promise<oidc.Configuration>>()

  function configOf(name: ProviderName): Promise<oidc.Configuration> {
    const settings = options.providers.find((p) => p.name === name)
    if (!settings) return Promise.reject(new Error(`${name} is not set up`))
    let config = configs.get(name)
    if (!config) {
      const issuer = new URL(settings.issuer)
      const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []
      config =
        settings.name === 'Google'
          ? oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, { execute })
          : oidc.discovery(issuer, settings.clientId, undefined, appleSecret(settings), { execute })
      config.catch(() => configs.delete(name))
      configs.set(name, config)
    }
    return config
  }

  const providers: SocialProviders & { answer: typeof answer } = {
    enabled: options.providers.map((p) => p.name),

    async authorizationUrl(name, checks) {
      const config = await configOf(name)
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.callbackUrl,
        scope: name === 'Google' ? 'openid email profile' : 'openid email name',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
        // Apple sends the name and email only to a form post.
        ...(name === 'SignInWithApple' ? { response_mode: 'form_post' } : {}),
      })
    },

    answer,
  }

  /**
   * The provider's answer at /oauth2/idpresponse (a URL, or Apple's form post as a Request): the code exchanged with
   * the PKCE verifier, state and nonce checked, and the id token's signature, issuer and audience. Any failure is a
   * ProviderAnswerError; the reason is logged without the code or tokens.
   */
  async function answer(name: ProviderName, response: URL | Request, checks: { state: string; nonce: string; verifier: string }): Promise<SocialClaims> {
    // Apple sends the name once, beside the code, as JSON in the form's "user" field.
    let appleUser: { name?: { firstName?: unknown; lastName?: unknown } } = {}
    if (response instanceof Request) {
      try {
        appleUser = JSON.parse(new URLSearchParams(await response.clone().text()).get('user') ?? '{}') as typeof appleUser
      } catch {
        appleUser = {}
      }
    }
    let claims: oidc.IDToken | undefined
    try {
      const config = await configOf(name)
      const tokens = await oidc.authorizationCodeGrant(config, response, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      })
      claims = tokens.claims()
    } catch (error) {
      const err = error as Error & { code?: string }
      options.logger.warn({ provider: name, problem: err.code ?? err.name, reason: err.message?.slice(0, 200) }, 'a social sign-in answer was refused')
      throw new ProviderAnswerError(err.message)
    }
    if (!claims?.sub) throw new ProviderAnswerError('the id token names nobody')
    const verified = claims.email_verified === true || claims.email_verified === 'true'
    return {
      subject: String(claims.sub),
      email: text(claims.email),
      emailVerified: verified,
      givenName: text(claims.given_name) ?? text(appleUser.name?.firstName),
      familyName: text(claims.family_name) ?? text(appleUser.name?.lastName),
    }
  }

  return providers
}
export type SocialProviderClients = ReturnType<typeof createSocialProviders>
