import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import * as Input from './cognito.schemas.ts'

/** The refusal an input gets from its operation's schema, as Cognito's type and message; null when it parses. */
function refusal(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input)
  if (parsed.success) return null
  const { type, message } = Input.refusalOf(parsed.error)
  return { type, message }
}
const invalid = (message: string) => ({ type: 'InvalidParameterException', message })

const client = { ClientId: 'any-client-id' }
const signUp = { ...client, Username: '+447700900123', Password: 'Tanning-Time1' }
const attribute = (Name: string, Value: string) => ({ Name, Value })

describe('the shape of each Cognito operation’s input', () => {
  it('a client id that is not text is an unknown client', () => {
    for (const ClientId of [undefined, null, 42, ['x'], { id: 'x' }]) {
      expect(refusal(Input.SignUp, { ...signUp, ClientId })).toEqual({ type: 'ResourceNotFoundException', message: 'User pool client  does not exist.' })
    }
    // Whether a text names this pool's client is the service's check.
    expect(refusal(Input.SignUp, { ...signUp, ClientId: 'someone-elses' })).toBeNull()
  })

  it.each([
    ['a missing username', { Username: undefined }, 'Username cannot be empty'],
    ['a username of spaces', { Username: '   ' }, 'Username cannot be empty'],
    ['a username that is a number', { Username: 447700900123 }, 'Username cannot be empty'],
    ['an empty password', { Password: '' }, 'Password cannot be empty'],
    ['a password that is not text', { Password: ['Tanning-Time1'] }, 'Password cannot be empty'],
    ['attributes that are not a list', { UserAttributes: { email: 'a@example.com' } }, 'UserAttributes must be a list of {Name, Value}.'],
    ['an attribute without a text value', { UserAttributes: [{ Name: 'email', Value: 5 }] }, 'UserAttributes must be a list of {Name, Value}.'],
    ['an attribute that is null', { UserAttributes: [null] }, 'UserAttributes must be a list of {Name, Value}.'],
    ['51 attributes', { UserAttributes: Array.from({ length: 51 }, (_, i) => attribute(`a${i}`, 'x')) }, 'UserAttributes may hold at most 50 attributes.'],
    [
      'an attribute value over 2048 characters',
      { UserAttributes: [attribute('given_name', 'x'.repeat(2049))] },
      'given_name must be at most 2048 characters long.',
    ],
    ['client metadata that is text', { ClientMetadata: 'shop' }, 'ClientMetadata must map names to text values.'],
    ['client metadata that is a list', { ClientMetadata: ['shop'] }, 'ClientMetadata must map names to text values.'],
    ['client metadata with a number', { ClientMetadata: { dob: 19900421 } }, 'ClientMetadata must map names to text values.'],
    [
      'client metadata of 51 values',
      { ClientMetadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) },
      'ClientMetadata may hold at most 50 values.',
    ],
    [
      'a client metadata value over 2048 characters',
      { ClientMetadata: { shop_id: 'a', status: 'x'.repeat(2049) } },
      'ClientMetadata status must be at most 2048 characters long.',
    ],
  ])('SignUp refuses %s', (_name, change, message) => {
    expect(refusal(Input.SignUp, { ...signUp, ...change })).toEqual(invalid(message))
  })

  it('SignUp takes attributes and metadata as Cognito sends them, absent or null metadata as none, and ignores fields it does not know', () => {
    const parsed = Input.SignUp.parse({
      ...signUp,
      UserAttributes: [attribute('email', 'sophie@example.com')],
      ClientMetadata: null,
      SecretHash: 'ignored',
      AnalyticsMetadata: { AnalyticsEndpointId: 'x' },
    })
    expect(parsed).toEqual({ ...signUp, UserAttributes: [attribute('email', 'sophie@example.com')], ClientMetadata: {} })
    expect(Input.SignUp.parse(signUp).ClientMetadata).toEqual({})
  })

  it('a request with several faults is told of the one the service reads first', () => {
    expect(refusal(Input.SignUp, { ...signUp, Username: '', Password: '' })).toEqual(invalid('Username cannot be empty'))
    expect(refusal(Input.SignUp, { ...signUp, UserAttributes: 'x', ClientMetadata: 'y' })).toEqual(invalid('UserAttributes must be a list of {Name, Value}.'))
    expect(refusal(Input.ResendConfirmationCode, { ...client, Username: '', ClientMetadata: 'y' })).toEqual(
      invalid('ClientMetadata must map names to text values.'),
    )
    expect(refusal(Input.ConfirmForgotPassword, { ...client, Username: '+447700900123', Password: '', ConfirmationCode: '' })).toEqual(
      invalid('Password cannot be empty'),
    )
  })

  it('codes, tokens and passwords must be there and not empty', () => {
    expect(refusal(Input.ConfirmSignUp, { ...client, Username: '+447700900123', ConfirmationCode: ' ' })).toEqual(invalid('Confirmation code cannot be empty'))
    expect(refusal(Input.ConfirmForgotPassword, { ...client, Username: '+447700900123', Password: 'Tanning-Time1' })).toEqual(
      invalid('Confirmation code cannot be empty'),
    )
    expect(refusal(Input.WithAccessToken, { AccessToken: { token: 'x' } })).toEqual(invalid('AccessToken cannot be empty'))
    expect(refusal(Input.WithAccessToken, {})).toEqual(invalid('AccessToken cannot be empty'))
    expect(refusal(Input.RevokeToken, { ...client, Token: 5 })).toEqual(invalid('Token cannot be empty'))
    expect(refusal(Input.GetTokensFromRefreshToken, { ...client, RefreshToken: '' })).toEqual(invalid('Missing required parameter REFRESH_TOKEN'))
    expect(refusal(Input.ChangePassword, { AccessToken: 'x.y.z', PreviousPassword: 1, ProposedPassword: 'Tanning-Time1' })).toEqual(
      invalid('Password cannot be empty'),
    )
    expect(refusal(Input.ChangePassword, { AccessToken: 'x.y.z', PreviousPassword: 'Tanning-Time1', ProposedPassword: '' })).toEqual(
      invalid('Password cannot be empty'),
    )
  })

  it('UpdateUserAttributes needs at least one attribute', () => {
    for (const UserAttributes of [undefined, [], 'email', null]) {
      expect(refusal(Input.UpdateUserAttributes, { AccessToken: 'x.y.z', UserAttributes })).toEqual(invalid('UserAttributes cannot be empty'))
    }
    expect(refusal(Input.UpdateUserAttributes, { AccessToken: 'x.y.z', UserAttributes: [{ Name: 'email' }] })).toEqual(
      invalid('UserAttributes must be a list of {Name, Value}.'),
    )
    expect(refusal(Input.UpdateUserAttributes, { AccessToken: 'x.y.z', UserAttributes: [attribute('family_name', 'x'.repeat(2049))] })).toEqual(
      invalid('family_name must be at most 2048 characters long.'),
    )
  })

  describe('InitiateAuth', () => {
    const auth = (AuthFlow: unknown, AuthParameters?: unknown) => ({ ...client, AuthFlow, AuthParameters })

    it('reads the auth parameters as a map before the flow', () => {
      for (const parameters of ['nope', null, ['x']]) {
        expect(refusal(Input.InitiateAuth, auth('USER_SRP_AUTH', parameters))).toEqual(invalid('AuthParameters must map names to text values.'))
      }
      expect(refusal(Input.InitiateAuth, auth('CUSTOM_AUTH', { USERNAME: '+447700900123', SRP_A: 'abc' }))).toEqual(
        invalid('Initiate Auth method not supported.'),
      )
      expect(refusal(Input.InitiateAuth, auth(undefined))).toEqual(invalid('Initiate Auth method not supported.'))
    })

    it('a password sign-in needs a password, then a username', () => {
      expect(refusal(Input.InitiateAuth, auth('USER_PASSWORD_AUTH'))).toEqual(invalid('Password cannot be empty'))
      expect(refusal(Input.InitiateAuth, auth('USER_PASSWORD_AUTH', { USERNAME: '+447700900123', PASSWORD: 5 }))).toEqual(invalid('Password cannot be empty'))
      expect(refusal(Input.InitiateAuth, auth('USER_PASSWORD_AUTH', { PASSWORD: 'Tanning-Time1' }))).toEqual(invalid('Username cannot be empty'))
      expect(Input.InitiateAuth.parse(auth('USER_PASSWORD_AUTH', { USERNAME: '07700 900123', PASSWORD: 'Tanning-Time1', SRP_A: 'x' }))).toEqual({
        ...client,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: '07700 900123', PASSWORD: 'Tanning-Time1' },
      })
      expect(refusal(Input.InitiateAuth, auth('USER_PASSWORD_AUTH', { USERNAME: '07700 900123', PASSWORD: 'Tanning-Time1', DEVICE_KEY: 'x' }))).toEqual(
        invalid('DeviceKey is not a device key.'),
      )
    })

    it('an SRP sign-in needs SRP_A and a username; a device key is kept when it is one, and none is null or empty', () => {
      expect(refusal(Input.InitiateAuth, auth('USER_SRP_AUTH', { USERNAME: '+447700900123' }))).toEqual(invalid('Missing required parameter SRP_A'))
      expect(refusal(Input.InitiateAuth, auth('USER_SRP_AUTH', { USERNAME: '+447700900123', SRP_A: 'a'.repeat(1025) }))).toEqual(
        invalid('SRP_A must be at most 1024 characters long.'),
      )
      const key = 'eu-west-2_0f8e5c1a-4b7d-4e2f-9a31-2c6d8e0b7f14'
      for (const [given, kept] of [
        [key, key],
        [null, undefined],
        ['', undefined],
      ]) {
        expect(Input.InitiateAuth.parse(auth('USER_SRP_AUTH', { USERNAME: '+447700900123', SRP_A: 'abc', DEVICE_KEY: given })).AuthParameters).toEqual({
          USERNAME: '+447700900123',
          SRP_A: 'abc',
          DEVICE_KEY: kept,
        })
      }
    })

    it('a refresh needs a refresh token, under either name of the flow', () => {
      for (const flow of ['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']) {
        expect(refusal(Input.InitiateAuth, auth(flow, { REFRESH_TOKEN: 7 }))).toEqual(invalid('Missing required parameter REFRESH_TOKEN'))
        expect(refusal(Input.InitiateAuth, auth(flow))).toEqual(invalid('Missing required parameter REFRESH_TOKEN'))
        expect(Input.InitiateAuth.parse(auth(flow, { REFRESH_TOKEN: 'r' }))).toMatchObject({ AuthFlow: flow, AuthParameters: { REFRESH_TOKEN: 'r' } })
      }
    })
  })
})
