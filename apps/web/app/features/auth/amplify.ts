/**
 * Everything that touches Amplify lives here, and this module is only ever imported dynamically
 * (see load-amplify.ts), so public pages do not download it. It holds what every use of the session needs (its
 * configuration, its tokens and who is signed in); each other part of Amplify is in a module of its own, loaded the
 * first time it is used or asked for (`prepare`), so a page downloads only what its customer does there
 * (docs/decisions/049-identity-client-in-parts.md).
 */
import type { IdentityConfig, SocialProvider } from '@salon/contracts/web'
import { Amplify } from 'aws-amplify'
import { fetchAuthSession, fetchUserAttributes, getCurrentUser } from 'aws-amplify/auth'
// A sign-in that comes back from the hosted sign-in page is finished as Amplify is configured (docs/decisions/018).
import 'aws-amplify/auth/enable-oauth-listener'
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito'
import { CookieStorage, Hub } from 'aws-amplify/utils'
import { SIGN_OUT_TIMEOUT_MS, SIGN_OUT_TOO_SLOW, withTimeout } from './redirect-sign-in.ts'

/** docs/product.md §9: stored sign-in cookies last one year. */
const COOKIE_DAYS = 365

/** Whether sign-out may go through the hosted sign-in page (a customer who signed in with Google or Apple). */
let hostedSignOut = false

export function configureAmplify(identity: IdentityConfig, location: { origin: string; protocol: string }) {
  hostedSignOut = Boolean(identity.oauth)
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        // The built-in identity service answers on this origin; a real Cognito pool needs no endpoint.
        ...(identity.endpoint ? { userPoolEndpoint: new URL(identity.endpoint, location.origin).href } : {}),
        loginWith: {
          phone: true,
          // The hosted sign-in (docs/decisions/018): Amplify sends the customer there and back to this page.
          ...(identity.oauth
            ? {
                oauth: {
                  domain: identity.oauth.domain,
                  scopes: ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'],
                  redirectSignIn: [`${location.origin}/sign-in/`],
                  redirectSignOut: [`${location.origin}/`],
                  responseType: 'code' as const,
                  providers: identity.oauth.providers,
                },
              }
            : {}),
        },
        signUpVerificationMethod: 'code',
      },
    },
  })
  // Cookies rather than localStorage, so the server renders the signed-in header on the first paint.
  cognitoUserPoolsTokenProvider.setKeyValueStorage(
    new CookieStorage({ path: '/', expires: COOKIE_DAYS, sameSite: 'lax', secure: location.protocol === 'https:' }),
  )
}

/** The parts of Amplify loaded when first used, by what the customer does with them. */
const parts = {
  'sign-in': () => import('./amplify-sign-in.ts'),
  'sign-up': () => import('./amplify-sign-up.ts'),
  'forgot-password': () => import('./amplify-forgot-password.ts'),
  'sign-out': () => import('./amplify-sign-out.ts'),
  account: () => import('./amplify-account.ts'),
  devices: () => import('./amplify-devices.ts'),
  'social-sign-in': () => import('./amplify-social-sign-in.ts'),
}

export type AmplifyPart = keyof typeof parts

export const auth = {
  /** Starts downloading a part of Amplify a page will soon need. */
  prepare: (part: AmplifyPart) => parts[part]().then(() => undefined),
  signIn: async (username: string, password: string) => (await parts['sign-in']()).signIn(username, password),
  signUp: async (input: { username: string; password: string; attributes: Record<string, string>; clientMetadata: Record<string, string> }) =>
    (await parts['sign-up']()).signUp(input),
  confirmSignUp: async (username: string, confirmationCode: string, clientMetadata: Record<string, string>) =>
    (await parts['sign-up']()).confirmSignUp(username, confirmationCode, clientMetadata),
  autoSignIn: async () => (await parts['sign-up']()).autoSignIn(),
  resendSignUpCode: async (username: string) => (await parts['sign-up']()).resendSignUpCode(username),
  resetPassword: async (username: string) => (await parts['forgot-password']()).resetPassword(username),
  confirmResetPassword: async (username: string, confirmationCode: string, newPassword: string) =>
    (await parts['forgot-password']()).confirmResetPassword(username, confirmationCode, newPassword),
  // docs/product.md §9: a sign-out through the hosted sign-in page fails after 3 s (the caller then forgets the session here).
  async signOut() {
    const signOut = parts['sign-out']().then((part) => part.signOut())
    return hostedSignOut ? withTimeout(signOut, SIGN_OUT_TIMEOUT_MS, SIGN_OUT_TOO_SLOW) : signOut
  },
  getCurrentUser,
  fetchUserAttributes,
  fetchAuthSession: (forceRefresh = false) => fetchAuthSession({ forceRefresh }),
  updateUserAttributes: async (userAttributes: Record<string, string>) => (await parts.account()).updateUserAttributes(userAttributes),
  updatePassword: async (oldPassword: string, newPassword: string) => (await parts.account()).updatePassword(oldPassword, newPassword),
  deleteUser: async () => (await parts.account()).deleteUser(),
  /**
   * The devices signed in to the account, a page of 60 (docs/product.md §3, §9: Amplify asks for ListDevices' largest page);
   * this browser's is the one its access token names (device_key, as Cognito's tokens carry it).
   */
  async fetchDevices(): Promise<DeviceEntry[]> {
    const [devices, session] = await Promise.all([parts.devices().then((part) => part.fetchDevices()), fetchAuthSession()])
    const current = session.tokens?.accessToken.payload.device_key
    return devices.map((device) => ({ id: device.id, name: device.name ?? '', lastUsed: device.lastAuthenticatedDate ?? null, current: device.id === current }))
  },
  /** Forgets a device, which signs it out at once; without an id, this browser's own device. */
  forgetDevice: async (id?: string) => (await parts.devices()).forgetDevice(id),
  /** Amplify's auth events (signedIn, signedOut, tokenRefresh, tokenRefresh_failure, …). */
  listen: (onEvent: (event: string) => void) => Hub.listen('auth', ({ payload }) => onEvent(payload.event)),
  /** Off to Google or Apple through the hosted sign-in; the page that comes back finishes it (listenRedirect). */
  signInWithRedirect: async (provider: SocialProvider) => (await parts['social-sign-in']()).signInWithRedirect(provider),
  /** How a redirect sign-in ended, once Amplify has exchanged the code that came back (or failed to). */
  listenRedirect: (onSignedIn: () => void, onFailure: (message: string) => void) =>
    Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signInWithRedirect') onSignedIn()
      if (payload.event === 'signInWithRedirect_failure')
        onFailure((payload.data as { error?: Error } | undefined)?.error?.message ?? 'The sign-in did not finish.')
    }),
}

export type AmplifyAuth = typeof auth

/** docs/product.md §3's device list entry (id, name), with when it was last used and whether it is this browser. */
export interface DeviceEntry {
  id: string
  name: string
  lastUsed: Date | null
  current: boolean
}
