import type { PublicConfig } from '@salon/contracts/web'
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react'
import { forgetSavedBooking } from '../../lib/saved-booking.ts'
import type { AmplifyAuth, DeviceEntry } from './amplify.ts'
import { errorMessageOf, type AuthErrorLike } from './common-messages.ts'
import { authReducer, initialAuthState, userFromSession, type AuthAction, type AuthState, type AuthUser } from './auth-state.ts'
import { endSession } from './end-session.ts'
import { loadAmplify, onAmplifyLoaded } from './load-amplify.ts'
import { dropSessionHint } from './session-hint.ts'
import { AUTH_COOKIE_PREFIX, hasSessionCookie, jwtPayload, parseCookies, sessionFromCookies, type CustomerSession } from './session-cookies.ts'

/** docs/product.md §3 sign-up payload without the passwords, the phone in E.164: it also travels to the confirm page as client metadata. */
export interface SignUpDetails {
  phone: string
  email: string
  firstName: string
  lastName: string
  skinType: string
  dob: string
  marketing: boolean
  /** A friend's referral code (from /sign-up/?ref=CODE): the sign-up's source in place of 'online'. */
  referralCode?: string
}

export type SignInResult = 'signed-in' | 'confirm-phone' | 'reset-password'

/** What signing in, up and out does; the same functions for the whole visit, whatever the state. */
interface SessionActions {
  signIn: (phone: string, password: string) => Promise<SignInResult>
  /** `attributes`: the user-pool attributes of the details (see sign-up-attributes.ts). */
  signUp: (details: SignUpDetails, password: string, attributes: Record<string, string>) => Promise<void>
  /** Confirms the phone, then signs the customer in when it can: 'sign-in-needed' otherwise. */
  confirmSignUp: (phone: string, code: string, details: Partial<SignUpDetails>) => Promise<'signed-in' | 'sign-in-needed'>
  resendSignUpCode: (phone: string) => Promise<void>
  forgotPassword: (phone: string) => Promise<void>
  resetPassword: (phone: string, code: string, password: string) => Promise<void>
  signOut: () => Promise<void>
  /** Saves the customer's own attributes; the account page then loads the record the server kept in step. */
  updateProfile: (attributes: Record<string, string>) => Promise<void>
  changePassword: (oldPassword: string, newPassword: string) => Promise<void>
  deleteAccount: () => Promise<void>
  /** The devices signed in to the account, this browser's marked. */
  listDevices: () => Promise<DeviceEntry[]>
  /** Forgets a device, which signs it out at once; forgetting this browser's own device signs the customer out here too. */
  forgetDevice: (device: Pick<DeviceEntry, 'id' | 'current'>) => Promise<void>
}

interface AuthContextValue extends SessionActions {
  state: AuthState
  dispatch: (action: AuthAction) => void
}

const AuthContext = createContext<AuthContextValue | null>(null)

export function useAuth() {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth is used outside AuthProvider')
  return value
}

/** docs/product.md §4 session-invalid conditions: the customer is signed out and the cached credentials cleared. */
const SESSION_INVALID = new Set(['NotAuthorizedException', 'UserNotFoundException', 'PasswordResetRequiredException', 'UserNotConfirmedException'])
const nameOf = (error: unknown) => (error as AuthErrorLike | null)?.name ?? ''

/** Drops Amplify's cookies by hand, for when Amplify itself cannot be loaded (offline). */
function forgetSessionCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name && decodeURIComponent(name).startsWith(`${AUTH_COOKIE_PREFIX}.`)) document.cookie = `${name}=; path=/; max-age=0`
  }
}

/** The sign-up's client metadata (docs/product.md §3), loaded with Amplify when a customer signs up: no other page carries it. */
const metadata = () => import('./sign-up-metadata.ts')

function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 4000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = setTimeout(run, 1500)
  return () => clearTimeout(handle)
}

export function AuthProvider({ config, session, children }: { config: PublicConfig; session: CustomerSession | null; children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, session, initialAuthState)
  const { identity } = config
  const load = useCallback(() => loadAmplify(identity), [identity])

  /** Reads who is signed in from Amplify (getCurrentUser + fetchUserAttributes); concurrent calls share one. */
  const reloading = useRef<Promise<AuthUser | null> | null>(null)
  /** A sign-out has begun on this page (and no sign-in since): the page's first reload of the customer's details is not started. */
  const signingOut = useRef(false)
  const reloadUser = useCallback((auth: AmplifyAuth) => {
    reloading.current ??= (async () => {
      try {
        const [{ userId, username }, session] = await Promise.all([auth.getCurrentUser(), auth.fetchAuthSession()])
        let attributes: Record<string, string | undefined>
        try {
          attributes = await auth.fetchUserAttributes()
        } catch (error) {
          if (SESSION_INVALID.has(nameOf(error))) throw error
          // Offline or a hiccup: the id token's claims still say who this is.
          attributes = Object.fromEntries(
            Object.entries(jwtPayload(session.tokens?.idToken?.toString()) ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
          )
        }
        const user: AuthUser = { id: userId, username, attributes }
        dispatch({ type: 'setUser', user, accessToken: session.tokens?.accessToken.toString() ?? null })
        return user
      } catch (error) {
        if (SESSION_INVALID.has(nameOf(error))) await endSession(auth).catch(() => undefined)
        dispatch({ type: 'setUser', user: null })
        return null
      } finally {
        reloading.current = null
      }
    })()
    return reloading.current
  }, [])

  // docs/product.md §4 auth events: signing out clears the user (and the booking saved on this browser, whoever signed out
  // and however); any other event reloads the user's details.
  useEffect(
    () =>
      onAmplifyLoaded((auth) => {
        auth.listen((event) => {
          if (event === 'signedOut') {
            forgetSavedBooking()
            dispatch({ type: 'logoutSuccess' })
          } else void reloadUser(auth)
        })
      }),
    [reloadUser],
  )

  // A public page is rendered signed out for everyone (docs/decisions/026-shared-pages-for-signed-in-visitors.md):
  // once it has loaded, the session cookies say who is signed in, at once, before Amplify is even downloaded.
  const renderedSignedOut = useRef(session === null)
  // A signed-in visitor: once the page is idle, load Amplify to keep the session fresh and hear its events.
  // A visitor without the cookies never downloads it here.
  useEffect(() => {
    if (!hasSessionCookie(document.cookie, identity.userPoolClientId)) {
      dropSessionHint()
      // Only a page rendered signed in has a customer to forget: a dispatch, even one that changes nothing, renders
      // the provider again, and with it the whole page.
      if (!renderedSignedOut.current) dispatch({ type: 'setUser', user: null })
      return
    }
    const fromCookies = renderedSignedOut.current ? sessionFromCookies(parseCookies(document.cookie), { clientId: identity.userPoolClientId }) : null
    if (fromCookies) dispatch({ type: 'setUser', user: userFromSession(fromCookies) })
    // The cookies do not make a session after all: the header may offer Sign in again.
    else if (renderedSignedOut.current) dropSessionHint()
    // Not once a sign-out has begun: the session it would ask about is being revoked, and asking would be refused.
    return whenIdle(
      () =>
        void load().then(
          (auth) => (signingOut.current ? null : reloadUser(auth)),
          () => undefined,
        ),
    )
  }, [identity.userPoolClientId, load, reloadUser])

  // Once a customer has been shown signed in, signing out (or a session found invalid) shows Sign in again.
  const shownSignedIn = useRef(false)
  useEffect(() => {
    if (state.user) shownSignedIn.current = true
    else if (shownSignedIn.current) dropSessionHint()
  }, [state.user])

  const finishSignIn = useCallback(
    async (auth: AmplifyAuth) => {
      signingOut.current = false
      const user = await reloadUser(auth)
      if (!user) throw new Error('Please use your credentials to sign in')
      dispatch({ type: 'signInSuccess', user, accessToken: null })
    },
    [reloadUser],
  )

  const actions = useMemo<SessionActions>(() => {
    async function signInWith(auth: AmplifyAuth, phone: string, password: string) {
      try {
        return await auth.signIn(phone, password)
      } catch (error) {
        // Someone else was still signed in on this browser: sign them out and try once more.
        if (nameOf(error) !== 'UserAlreadyAuthenticatedException') throw error
        await endSession(auth)
        return auth.signIn(phone, password)
      }
    }

    async function signOut() {
      signingOut.current = true
      // Gone before anything that may fail or leave the page (the hosted sign-out).
      forgetSavedBooking()
      try {
        const auth = await load()
        // A reload of the customer's details still under way finishes first: once the session is revoked it would be refused.
        await reloading.current
        await endSession(auth)
      } catch {
        try {
          forgetSessionCookies()
        } catch (error) {
          dispatch({ type: 'logoutFailure', error: errorMessageOf(error) })
          throw error
        }
      }
      dispatch({ type: 'logoutSuccess' })
    }

    return {
      signOut,

      async signIn(phone, password) {
        dispatch({ type: 'signInStart' })
        try {
          const auth = await load()
          const result = await signInWith(auth, phone, password)
          if (result.isSignedIn) {
            await finishSignIn(auth)
            return 'signed-in'
          }
          dispatch({ type: 'signInFailure', error: result.nextStep.signInStep })
          if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirm-phone'
          if (result.nextStep.signInStep === 'RESET_PASSWORD') return 'reset-password'
          throw new Error('This account needs a sign-in step the website does not offer. Please call the salon.')
        } catch (error) {
          dispatch({ type: 'signInFailure', error: errorMessageOf(error) })
          throw error
        }
      },

      async signUp(details, password, attributes) {
        dispatch({ type: 'signUpStart' })
        try {
          const [auth, { clientMetadata }] = await Promise.all([load(), metadata()])
          await auth.signUp({ username: details.phone, password, attributes, clientMetadata: clientMetadata(details, config) })
          dispatch({ type: 'signUpSuccess' })
        } catch (error) {
          dispatch({ type: 'signUpFailure', error: errorMessageOf(error) })
          throw error
        }
      },

      async confirmSignUp(phone, code, details) {
        const [auth, { clientMetadata }] = await Promise.all([load(), metadata()])
        const result = await auth.confirmSignUp(phone, code, clientMetadata({ ...details, phone }, config))
        dispatch({ type: 'confirmationSuccess' })
        if (result.nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
          try {
            if ((await auth.autoSignIn()).isSignedIn) {
              await finishSignIn(auth)
              return 'signed-in'
            }
          } catch {
            // The auto sign-in lapsed (a reload, or it expired): fall back to the password, if we have it.
          }
        }
        // The password a sign-in before the confirmation left in this tab's memory (pending-sign-in.ts, which only the
        // sign-in page loads as it opens).
        const password = await import('./pending-sign-in.ts').then(
          ({ takeRememberedPassword }) => takeRememberedPassword(phone),
          () => null,
        )
        if (password) {
          try {
            if ((await signInWith(auth, phone, password)).isSignedIn) {
              await finishSignIn(auth)
              return 'signed-in'
            }
          } catch {
            // The sign-in page will say what is wrong.
          }
        }
        return 'sign-in-needed'
      },

      async resendSignUpCode(phone) {
        await (await load()).resendSignUpCode(phone)
      },

      async forgotPassword(phone) {
        dispatch({ type: 'forgotPasswordStart' })
        try {
          await (await load()).resetPassword(phone)
          dispatch({ type: 'forgotPasswordCodeSent' })
        } catch (error) {
          dispatch({ type: 'forgotPasswordFailure', error: errorMessageOf(error) })
          throw error
        }
      },

      async resetPassword(phone, code, password) {
        dispatch({ type: 'forgotPasswordStart' })
        try {
          await (await load()).confirmResetPassword(phone, code, password)
          dispatch({ type: 'forgotPasswordReset' })
        } catch (error) {
          dispatch({ type: 'forgotPasswordFailure', error: errorMessageOf(error) })
          throw error
        }
      },

      async updateProfile(attributes) {
        const auth = await load()
        await auth.updateUserAttributes(attributes)
        // New claims arrive with a fresh id token; the page shows the customer record the server kept in step.
        await auth.fetchAuthSession(true).catch(() => undefined)
        await reloadUser(auth)
      },

      async changePassword(oldPassword, newPassword) {
        await (await load()).updatePassword(oldPassword, newPassword)
      },

      async deleteAccount() {
        const auth = await load()
        await auth.deleteUser()
        forgetSavedBooking()
        dispatch({ type: 'logoutSuccess' })
      },

      listDevices: async () => (await load()).fetchDevices(),

      async forgetDevice(device) {
        await (await load()).forgetDevice(device.id)
        // The pool has revoked this browser's session with its device: clear what is left of it here.
        if (device.current) await signOut()
      },
    }
  }, [load, finishSignIn, reloadUser, config])

  const value = useMemo<AuthContextValue>(() => ({ state, dispatch, ...actions }), [state, actions])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
