import type { Account } from '@salon/contracts/account'
import { describe, expect, it } from 'vitest'
import { authReducer, initialAuthState, signedOutState, type AuthState, type AuthUser } from './auth-state.ts'

const amy: AuthUser = { id: 'sub-amy', username: '+447700900123', attributes: { phone_number: '+447700900123', given_name: 'Amy' } }
const account: Account = {
  sub: 'sub-amy',
  phone: '+447700900123',
  email: 'amy@example.com',
  firstName: 'Amy',
  lastName: 'Jones',
  dob: '1990-05-01',
  skinType: 3,
  appMarketing: false,
  appTimestamp: null,
  masterMarketing: false,
  masterTimestamp: null,
  bookingTexts: true,
  createdAt: '2025-01-01T10:00:00.000Z',
}
const signedIn: AuthState = { ...signedOutState, user: amy, accessToken: 'access', accountData: account }

describe('auth state (docs/product.md §3, §4)', () => {
  it('starts signed out, or with the customer the server saw in the cookies', () => {
    expect(initialAuthState(null)).toEqual(signedOutState)
    expect(initialAuthState({ sub: 'sub-amy', phone: '+447700900123', firstName: 'Amy' }).user).toEqual(amy)
  })

  it('turns the auth loader on while signing in and off on success', () => {
    const loading = authReducer(signedOutState, { type: 'signInStart' })
    expect(loading.authLoader).toBe(true)
    const done = authReducer(loading, { type: 'signInSuccess', user: amy, accessToken: 'access' })
    expect(done).toMatchObject({ authLoader: false, user: amy, accessToken: 'access', error: null })
  })

  it('turns the auth loader off when the user is not found', () => {
    const state = authReducer({ ...signedOutState, authLoader: true }, { type: 'signInFailure', error: 'User does not exist.' })
    expect(state).toMatchObject({ authLoader: false, error: 'User does not exist.', user: null })
  })

  it('turns the auth loader on while signing up and off on success, username-exists or any sign-up error', () => {
    const loading = authReducer(signedOutState, { type: 'signUpStart' })
    expect(loading.authLoader).toBe(true)
    expect(authReducer(loading, { type: 'signUpSuccess' }).authLoader).toBe(false)
    expect(authReducer(loading, { type: 'signUpFailure', error: 'User already exists' })).toMatchObject({ authLoader: false, error: 'User already exists' })
  })

  it('turns the auth loader off on confirmation', () => {
    expect(authReducer({ ...signedOutState, authLoader: true }, { type: 'confirmationSuccess' }).authLoader).toBe(false)
  })

  it('forgets the customer on logout success', () => {
    expect(authReducer(signedIn, { type: 'logoutSuccess' })).toEqual(signedOutState)
  })

  it('keeps the customer and records the error on logout failure', () => {
    expect(authReducer(signedIn, { type: 'logoutFailure', error: 'Network error' })).toEqual({ ...signedIn, error: 'Network error' })
  })

  it('tracks the two forgot-password steps', () => {
    const sending = authReducer(signedOutState, { type: 'forgotPasswordStart' })
    expect(sending.loading).toBe(true)
    expect(authReducer(sending, { type: 'forgotPasswordCodeSent' }).loading).toBe(false)
    expect(authReducer(sending, { type: 'forgotPasswordReset' }).loading).toBe(false)
    expect(authReducer(sending, { type: 'forgotPasswordFailure', error: 'Invalid code' })).toMatchObject({ loading: false, error: 'Invalid code' })
  })

  it('sets and clears the user, with the picture from the attributes', () => {
    const withPicture = { ...amy, attributes: { ...amy.attributes, picture: 'https://pics.example/amy.jpg' } }
    const state = authReducer(signedOutState, { type: 'setUser', user: withPicture, accessToken: 'a1' })
    expect(state).toMatchObject({ user: withPicture, accessToken: 'a1', pictureUrl: 'https://pics.example/amy.jpg' })
    expect(authReducer(signedIn, { type: 'setUser', user: null })).toMatchObject({ user: null, accessToken: null, accountData: null, pictureUrl: null })
  })

  it('gives back the same state when nobody signed in is set on a page opened signed out, so the page does not render again', () => {
    expect(authReducer(initialAuthState(null), { type: 'setUser', user: null })).toBe(initialAuthState(null))
  })

  it('keeps the access token when a user update does not bring one', () => {
    expect(authReducer(signedIn, { type: 'setUser', user: amy }).accessToken).toBe('access')
  })

  it('drops the account data of another customer', () => {
    const ben = { ...amy, id: 'sub-ben' }
    expect(authReducer(signedIn, { type: 'setUser', user: ben }).accountData).toBeNull()
    expect(authReducer(signedIn, { type: 'setUser', user: amy }).accountData).toBe(account)
  })

  it('loads account data', () => {
    const loading = authReducer(signedOutState, { type: 'accountDataLoad' })
    expect(loading.loading).toBe(true)
    expect(authReducer(loading, { type: 'accountDataSuccess', account })).toMatchObject({ loading: false, accountData: account })
    expect(authReducer(loading, { type: 'accountDataFailure', error: 'Unauthorised' })).toMatchObject({ loading: false, error: 'Unauthorised' })
  })

  it('merges only the marketing consents and their times on update', () => {
    const state = authReducer(signedIn, {
      type: 'accountDataUpdate',
      account: { appMarketing: true, appTimestamp: '2025-06-15T09:00:00.000Z', firstName: 'Changed', email: 'other@example.com' },
    })
    expect(state.accountData).toEqual({ ...account, appMarketing: true, appTimestamp: '2025-06-15T09:00:00.000Z' })
  })

  it('merges the booking-texts choice on update, so the switch shows what was saved', () => {
    const off = authReducer(signedIn, { type: 'accountDataUpdate', account: { ...account, bookingTexts: false } })
    expect(off.accountData).toEqual({ ...account, bookingTexts: false })
    expect(authReducer(off, { type: 'accountDataUpdate', account: { bookingTexts: true } }).accountData).toEqual({ ...account, bookingTexts: true })
  })

  it('ignores an update when no account data is loaded', () => {
    expect(authReducer(signedOutState, { type: 'accountDataUpdate', account: { appMarketing: true } })).toBe(signedOutState)
  })
})
