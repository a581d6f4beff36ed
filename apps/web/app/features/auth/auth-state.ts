import type { Account } from '@salon/contracts/account'
import type { CustomerSession } from './session-cookies.ts'

/** docs/product.md §3 auth user info: id, username and the user-pool attributes. */
export interface AuthUser {
  id: string
  username: string
  attributes: Record<string, string | undefined>
}

/** docs/product.md §3 auth state. accountData is the customer record of GET p_account (marketing consent and their times). */
export interface AuthState {
  user: AuthUser | null
  accessToken: string | null
  loading: boolean
  error: string | null
  pictureUrl: string | null
  accountData: Account | null
  /** On while a sign-in or sign-up is in progress (docs/product.md §4). */
  authLoader: boolean
}

/** docs/product.md §4 auth actions. */
export type AuthAction =
  | { type: 'logoutSuccess' }
  | { type: 'logoutFailure'; error: string }
  | { type: 'signInStart' }
  | { type: 'signInSuccess'; user: AuthUser; accessToken: string | null }
  | { type: 'signInFailure'; error: string }
  | { type: 'signUpStart' }
  | { type: 'signUpSuccess' }
  | { type: 'signUpFailure'; error: string }
  | { type: 'confirmationSuccess' }
  | { type: 'forgotPasswordStart' }
  | { type: 'forgotPasswordCodeSent' }
  | { type: 'forgotPasswordReset' }
  | { type: 'forgotPasswordFailure'; error: string }
  | { type: 'setUser'; user: AuthUser | null; accessToken?: string | null }
  | { type: 'accountDataLoad' }
  | { type: 'accountDataSuccess'; account: Account }
  | { type: 'accountDataFailure'; error: string }
  | { type: 'accountDataUpdate'; account: Partial<Account> }

export const signedOutState: AuthState = {
  user: null,
  accessToken: null,
  loading: false,
  error: null,
  pictureUrl: null,
  accountData: null,
  authLoader: false,
}

/** The customer the server saw in the cookies, so the first render already knows who is signed in. */
export function userFromSession(session: CustomerSession): AuthUser {
  return { id: session.sub, username: session.phone, attributes: { phone_number: session.phone, given_name: session.firstName ?? undefined } }
}

export function initialAuthState(session: CustomerSession | null): AuthState {
  return session ? { ...signedOutState, user: userFromSession(session) } : signedOutState
}

/** docs/product.md §4: updating the account changes the marketing consents and their times, and the booking texts; nothing else. */
const UPDATED_FIELDS = ['appMarketing', 'appTimestamp', 'masterMarketing', 'masterTimestamp', 'bookingTexts'] as const

function withUser(state: AuthState, user: AuthUser | null, accessToken: string | null | undefined): AuthState {
  if (!user) return { ...state, user: null, accessToken: null, pictureUrl: null, accountData: null }
  // Another customer's record never outlives a change of user.
  const accountData = state.accountData && state.accountData.sub === user.id ? state.accountData : null
  return { ...state, user, accessToken: accessToken === undefined ? state.accessToken : accessToken, pictureUrl: user.attributes.picture ?? null, accountData }
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'logoutSuccess':
      return { ...signedOutState }
    case 'logoutFailure':
      return { ...state, error: action.error }
    case 'signInStart':
      return { ...state, authLoader: true, error: null }
    case 'signInSuccess':
      return { ...withUser(state, action.user, action.accessToken), authLoader: false, error: null }
    case 'signInFailure':
      return { ...state, authLoader: false, error: action.error }
    case 'signUpStart':
      return { ...state, authLoader: true, error: null }
    case 'signUpSuccess':
      return { ...state, authLoader: false }
    case 'signUpFailure':
      return { ...state, authLoader: false, error: action.error }
    case 'confirmationSuccess':
      return { ...state, authLoader: false, error: null }
    case 'forgotPasswordStart':
      return { ...state, loading: true, error: null }
    case 'forgotPasswordCodeSent':
    case 'forgotPasswordReset':
      return { ...state, loading: false }
    case 'forgotPasswordFailure':
      return { ...state, loading: false, error: action.error }
    case 'setUser':
      // Nobody signed in, and nobody was since the page opened: the same state, so nothing on the page renders again.
      if (!action.user && state === signedOutState) return state
      return withUser(state, action.user, action.accessToken)
    case 'accountDataLoad':
      return { ...state, loading: true, error: null }
    case 'accountDataSuccess':
      return { ...state, loading: false, accountData: action.account }
    case 'accountDataFailure':
      return { ...state, loading: false, error: action.error }
    case 'accountDataUpdate': {
      if (!state.accountData) return state
      const merged = { ...state.accountData }
      for (const field of UPDATED_FIELDS) {
        if (action.account[field] !== undefined) Object.assign(merged, { [field]: action.account[field] })
      }
      return { ...state, accountData: merged }
    }
  }
}
