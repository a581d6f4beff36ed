/**
 * Everything that touches Amplify lives here, and this module is only ever imported dynamically
 * (see load-amplify.ts), so public pages do not download it.
 */
import type { IdentityConfig, SocialProvider } from '@salon/contracts/web'
import { Amplify } from 'aws-amplify'
import {
  autoSignIn,
  confirmResetPassword,
  confirmSignUp,
  deleteUser,
  fetchAuthSession,
  fetchDevices,
  fetchUserAttributes,
  forgetDevice,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
  updatePassword,
  updateUserAttributes,
} from 'aws-amplify/auth'
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

/**
 * Sign-ins use Amplify's default, USER_SRP_AUTH: the password never leaves the browser. An account made before
 * SRP sign-in has no verifier yet; the pool says so, and that one sign-in is made with the password instead,
 * which gives the account its verifier (docs/decisions/017).
 */
const PASSWORD_FLOW = { authFlowType: 'USER_PASSWORD_AUTH' } as const
const needsPasswordFlowOnce = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'NotAuthorizedException' && /USER_PASSWORD_AUTH once more/.test((error as Error).message)

export const auth = {
  async signIn(username: string, password: string) {
    try {
      return await signIn({ username, password })
    } catch (error) {
      if (!needsPasswordFlowOnce(error)) throw error
      return signIn({ username, password, options: PASSWORD_FLOW })
    }
  },
  signUp: (input: { username: string; password: string; attributes: Record<string, string>; clientMetadata: Record<string, string> }) =>
    signUp({
      username: input.username,
      password: input.password,
      options: { userAttributes: input.attributes, clientMetadata: input.clientMetadata, autoSignIn: true },
    }),
  confirmSignUp: (username: string, confirmationCode: string, clientMetadata: Record<string, string>) =>
    confirmSignUp({ username, confirmationCode, options: { clientMetadata } }),
  // Amplify swaps autoSignIn for the real one once a sign-up starts: read the live binding at call time.
  autoSignIn: () => autoSignIn(),
  resendSignUpCode: (username: string) => resendSignUpCode({ username }),
  resetPassword: (username: string) => resetPassword({ username }),
  confirmResetPassword: (username: string, confirmationCode: string, newPassword: string) => confirmResetPassword({ username, confirmationCode, newPassword }),
  // docs/product.md §9: a sign-out through the hosted sign-in page fails after 3 s (the caller then forgets the session here).
  signOut: () => (hostedSignOut ? withTimeout(signOut(), SIGN_OUT_TIMEOUT_MS, SIGN_OUT_TOO_SLOW) : signOut()),
  getCurrentUser,
  fetchUserAttributes,
  fetchAuthSession: (forceRefresh = false) => fetchAuthSession({ forceRefresh }),
  updateUserAttributes: (userAttributes: Record<string, string>) => updateUserAttributes({ userAttributes }),
  updatePassword: (oldPassword: string, newPassword: string) => updatePassword({ oldPassword, newPassword }),
  deleteUser,
  /**
   * The devices signed in to the account, a page of 60 (docs/product.md §3, §9: Amplify asks for ListDevices' largest page);
   * this browser's is the one its access token names (device_key, as Cognito's tokens carry it).
   */
  async fetchDevices(): Promise<DeviceEntry[]> {
    const [devices, session] = await Promise.all([fetchDevices(), fetchAuthSession()])
    const current = session.tokens?.accessToken.payload.device_key
    return devices.map((device) => ({ id: device.id, name: device.name ?? '', lastUsed: device.lastAuthenticatedDate ?? null, current: device.id === current }))
  },
  /** Forgets a device, which signs it out at once; without an id, this browser's own device. */
  forgetDevice: (id?: string) => forgetDevice(id ? { device: { id } } : undefined),
  /** Amplify's auth events (signedIn, signedOut, tokenRefresh, tokenRefresh_failure, …). */
  listen: (onEvent: (event: string) => void) => Hub.listen('auth', ({ payload }) => onEvent(payload.event)),
  /** Off to Google or Apple through the hosted sign-in; the page that comes back finishes it (listenRedirect). */
  signInWithRedirect: (provider: SocialProvider) => signInWithRedirect({ provider }),
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
