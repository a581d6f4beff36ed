import type { PublicConfig } from '@salon/contracts/web'
import type { Settings } from './env.ts'
import type { HostedSignInOptions, SocialProviderSettings } from './modules/hosted-sign-in/public.ts'

export interface SiteConfig {
  /** What the web app is told: the shop, the API's address, the identity service, analytics. */
  config: PublicConfig
  /** The built-in pool's hosted sign-in (docs/decisions/018), when it has an address. */
  hostedSignIn?: HostedSignInOptions
  /** The address of the hosted sign-in, for the log. */
  hostedUrl?: string
  /** The outside origins pages may reach, by kind, for the Content-Security-Policy. */
  csp: { connect: string[]; scripts: string[]; images: string[]; frames: string[] }
}

/** The built-in pool's hosted sign-in: at HOSTED_SIGN_IN_URL, or in the local HTTPS mode at https://localhost:HTTPS_PORT. */
function hostedSignInOf(settings: Settings) {
  const hostedUrl = settings.HOSTED_SIGN_IN_URL ?? (settings.HTTPS_PORT ? `https://localhost:${settings.HTTPS_PORT}` : undefined)
  const socialProviders: SocialProviderSettings[] = [
    ...(settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET
      ? [{ name: 'Google' as const, issuer: settings.GOOGLE_ISSUER_URL, clientId: settings.GOOGLE_CLIENT_ID, clientSecret: settings.GOOGLE_CLIENT_SECRET }]
      : []),
    ...(settings.APPLE_CLIENT_ID && settings.APPLE_TEAM_ID && settings.APPLE_KEY_ID && settings.APPLE_PRIVATE_KEY
      ? [
          {
            name: 'SignInWithApple' as const,
            issuer: settings.APPLE_ISSUER_URL,
            clientId: settings.APPLE_CLIENT_ID,
            teamId: settings.APPLE_TEAM_ID,
            keyId: settings.APPLE_KEY_ID,
            privateKey: settings.APPLE_PRIVATE_KEY,
          },
        ]
      : []),
  ]
  const siteAddresses = (path: string) => [...(hostedUrl ? [`${hostedUrl}${path}`] : []), ...(settings.PUBLIC_URL ? [`${settings.PUBLIC_URL}${path}`] : [])]
  const hostedSignIn: HostedSignInOptions | undefined =
    hostedUrl && !settings.COGNITO_USER_POOL_ID
      ? {
          issuer: hostedUrl,
          redirectUris: settings.HOSTED_SIGN_IN_REDIRECT_URIS ?? siteAddresses('/sign-in/'),
          signOutUris: settings.HOSTED_SIGN_OUT_URIS ?? siteAddresses('/'),
          providers: socialProviders,
        }
      : undefined
  return { hostedUrl, socialProviders, hostedSignIn }
}

/** Where the web app's Amplify signs in: a real Cognito pool (with its hosted UI), or the built-in one at /cognito/. */
function identityOf(settings: Settings, { hostedUrl, socialProviders, hostedSignIn }: ReturnType<typeof hostedSignInOf>): PublicConfig['identity'] {
  return settings.COGNITO_USER_POOL_ID
    ? {
        region: settings.COGNITO_REGION,
        userPoolId: settings.COGNITO_USER_POOL_ID,
        userPoolClientId: settings.COGNITO_CLIENT_ID!,
        endpoint: null,
        oauth:
          settings.COGNITO_DOMAIN && settings.COGNITO_SOCIAL_PROVIDERS
            ? { domain: settings.COGNITO_DOMAIN, providers: settings.COGNITO_SOCIAL_PROVIDERS }
            : null,
      }
    : {
        region: settings.USER_POOL_ID.split('_')[0]!,
        userPoolId: settings.USER_POOL_ID,
        userPoolClientId: settings.USER_POOL_CLIENT_ID,
        endpoint: '/cognito/',
        oauth:
          hostedSignIn && hostedUrl && socialProviders.length > 0
            ? {
                domain: new URL(hostedUrl).host,
                providers: socialProviders.map((p) => (p.name === 'Google' ? ('Google' as const) : ('Apple' as const))),
                origins: [...new Set(hostedSignIn.redirectUris.map((uri) => new URL(uri).origin))],
              }
            : null,
      }
}

/** The outside origins pages may reach, by kind: the API, a real Cognito pool, analytics and Stripe when they are set. */
function cspOrigins(settings: Settings, withStripe: boolean): SiteConfig['csp'] {
  const ga = settings.GA_MEASUREMENT_ID ? ['https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'] : []
  const cognito = settings.COGNITO_USER_POOL_ID
    ? [`https://cognito-idp.${settings.COGNITO_REGION}.amazonaws.com`, ...(settings.COGNITO_DOMAIN ? [`https://${settings.COGNITO_DOMAIN}`] : [])]
    : []
  const apiOrigin = /^https?:\/\//.test(settings.API_BASE_URL) ? [new URL(settings.API_BASE_URL).origin] : []
  // Stripe.js and its Payment Element: the script, the card fields' and 3-D Secure frames, its API, its card-brand images.
  const stripe = withStripe
    ? {
        scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
        images: ['https://*.stripe.com'],
      }
    : { scripts: [], frames: [], connect: [], images: [] }
  return {
    connect: [...apiOrigin, ...cognito, ...ga, ...stripe.connect],
    scripts: [...ga, ...stripe.scripts],
    images: [...ga, ...stripe.images],
    frames: stripe.frames,
  }
}

/** What the settings make of the site: the web app's configuration, the hosted sign-in, and the origins its pages may reach. */
export function siteConfig(settings: Settings, options: { stripe: boolean; shop: { shopId: string; apiKey: string } }): SiteConfig {
  const hosted = hostedSignInOf(settings)
  const config: PublicConfig = {
    shopId: options.shop.shopId,
    apiKey: options.shop.apiKey,
    apiBaseUrl: settings.API_BASE_URL,
    siteUrl: settings.PUBLIC_URL ?? null,
    gaMeasurementId: settings.GA_MEASUREMENT_ID ?? null,
    identity: identityOf(settings, hosted),
  }
  return { config, hostedSignIn: hosted.hostedSignIn, hostedUrl: hosted.hostedUrl, csp: cspOrigins(settings, options.stripe) }
}
