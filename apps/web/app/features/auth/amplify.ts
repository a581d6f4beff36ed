/**
 * Everything that touches Amplify lives here, and this module is only ever imported dynamically
 * (see load-amplify.ts), so public pages do not download it.
 */
import type { IdentityConfig } from '@salon/contracts/web'
import { Amplify } from 'aws-amplify'
import {
  autoSignIn,
  confirmResetPassword,
  confirmSignUp,
  deleteUser,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
  updateUserAttributes,
} from 'aws-amplify/auth'
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito'
import { CookieStorage, Hub } from 'aws-amplify/utils'

/** SPEC §9: stored sign-in cookies last one year. */
const COOKIE_DAYS = 365

export function configureAmplify(identity: IdentityConfig, location: { origin: string; protocol: string }) {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        // The built-in identity service answers on this origin; a real Cognito pool needs no endpoint.
        ...(identity.endpoint ? { userPoolEndpoint: new URL(identity.endpoint, location.origin).href } : {}),
        loginWith: { phone: true },
        signUpVerificationMethod: 'code',
      },
    },
  })
  // Cookies rather than localStorage, so the server renders the signed-in header on the first paint.
  cognitoUserPoolsTokenProvider.setKeyValueStorage(
    new CookieStorage({ path: '/', expires: COOKIE_DAYS, sameSite: 'lax', secure: location.protocol === 'https:' }),
  )
}

/** Every sign-in uses USER_PASSWORD_AUTH: the password goes to the user pool over TLS, as the built-in service expects. */
const PASSWORD_FLOW = { authFlowType: 'USER_PASSWORD_AUTH' } as const

export const auth = {
  signIn: (username: string, password: string) => signIn({ username, password, options: PASSWORD_FLOW }),
  signUp: (input: { username: string; password: string; attributes: Record<string, string>; clientMetadata: Record<string, string> }) =>
    signUp({
      username: input.username,
      password: input.password,
      options: { userAttributes: input.attributes, clientMetadata: input.clientMetadata, autoSignIn: PASSWORD_FLOW },
    }),
  confirmSignUp: (username: string, confirmationCode: string, clientMetadata: Record<string, string>) =>
    confirmSignUp({ username, confirmationCode, options: { clientMetadata } }),
  // Amplify swaps autoSignIn for the real one once a sign-up starts: read the live binding at call time.
  autoSignIn: () => autoSignIn(),
  resendSignUpCode: (username: string) => resendSignUpCode({ username }),
  resetPassword: (username: string) => resetPassword({ username }),
  confirmResetPassword: (username: string, confirmationCode: string, newPassword: string) => confirmResetPassword({ username, confirmationCode, newPassword }),
  signOut: () => signOut(),
  getCurrentUser,
  fetchUserAttributes,
  fetchAuthSession: (forceRefresh = false) => fetchAuthSession({ forceRefresh }),
  updateUserAttributes: (userAttributes: Record<string, string>) => updateUserAttributes({ userAttributes }),
  updatePassword: (oldPassword: string, newPassword: string) => updatePassword({ oldPassword, newPassword }),
  deleteUser,
  /** Amplify's auth events (signedIn, signedOut, tokenRefresh, tokenRefresh_failure, …). */
  listen: (onEvent: (event: string) => void) => Hub.listen('auth', ({ payload }) => onEvent(payload.event)),
}

export type AmplifyAuth = typeof auth
