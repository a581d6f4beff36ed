import { SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import fc from 'fast-check'
import { N } from '../../modules/identity/srp.ts'
import { CLIENT_ID } from '../factories/customers.ts'

import {
  deeplyNested,
  impossibleDates,
  inFirstField,
  notA,
  notAnObject,
  notJson,
  notJsonContentType,
  toJsonText,
  tooLong,
  unstorableText,
} from './bad-values.ts'
import { brokenBody, preview, validBody, type BodySpec, type FieldSpec, type Flaw } from './bodies.ts'
import { probe, ROBUSTNESS_SHOP, type Probe } from './refusals.ts'

const TEST_SHOP_ID = ROBUSTNESS_SHOP.id
const TEST_API_KEY = ROBUSTNESS_SHOP.apiKey

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.'
const CONTENT_TYPE = 'application/x-amz-json-1.1'

/** A call to /cognito/ as the AWS SDK makes it, unless the probe changes the target, content type or body. */
export function cognitoRequest(request: {
  operation: string
  json?: unknown
  raw?: string | Uint8Array
  /** null sends none. */
  target?: string | null
  contentType?: string | null
  flaws: string[]
}): Probe {
  const headers: Record<string, string> = {}
  const target = request.target === undefined ? `${TARGET_PREFIX}${request.operation}` : request.target
  if (target !== null) headers['x-amz-target'] = target
  const contentType = request.contentType === undefined ? CONTENT_TYPE : request.contentType
  if (contentType !== null) headers['content-type'] = contentType
  const body = request.json !== undefined ? toJsonText(request.json) : request.raw
  return probe({ method: 'POST', url: '/cognito/', headers, body, flaws: [request.operation, ...request.flaws] })
}

/** Fresh numbers from Ofcom's drama range, never those the suite's customers have. */
export const freshPhone = fc.integer({ min: 500, max: 899 }).map((n) => `+447700900${n}`)
const unknownPhone = fc.integer({ min: 900, max: 999 }).map((n) => `+447700900${n}`)

const clientId: FieldSpec = {
  valid: fc.constant(CLIENT_ID),
  bad: fc.oneof(
    fc.string({ maxLength: 40 }).filter((s) => s !== CLIENT_ID),
    fc.constantFrom(CLIENT_ID.toUpperCase(), ` ${CLIENT_ID}`, CLIENT_ID.slice(0, -1), `${CLIENT_ID}\u200b`),
    unstorableText,
    notA('string'),
  ),
}

/** Text that is no mobile number: empty, words, landlines, too short or long. */
const notAPhone = fc.oneof(
  fc.constantFrom('', '   ', 'sophie', 'sophie@example.com', '+44', '123', '01625 611000', '+44 1625 611000', '07700 900123 ext 5', `+44${'7'.repeat(40)}`),
  fc.string({ minLength: 1, maxLength: 20 }).filter((s) => /[a-z]/i.test(s)),
  tooLong(40),
  unstorableText,
  notA('string'),
)

/** A username for an operation on an existing account: anything but that account's number. */
const username = (phone: string): FieldSpec => ({ valid: fc.constant(phone), bad: fc.oneof(notAPhone, unknownPhone) })

const badPassword = fc.oneof(
  fc.constantFrom('', 'Sh0rt!x', 'alllowercase1!', 'ALLUPPERCASE1!', 'NoDigitsHere!', 'NoSymbols123', `${'Aa1!'.repeat(65)}x`, 'Tanning\u0000Time1'),
  unstorableText,
  notA('string'),
)

/** Codes that are not the one sent: never six digits, which could be it by chance. */
const badCode = fc.oneof(
  fc.constantFrom('', '   ', 'abcdef', '12345', '1234567', '12 34 56', '１２３４５６'),
  fc.string({ maxLength: 12 }).filter((s) => !/^\s*\d{6}\s*$/.test(s)),
  unstorableText,
  tooLong(64),
  notA('string'),
)

/** ClientMetadata that is not a map of names to text. */
const badMetadata = fc.oneof(
  fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 2 })),
  fc.dictionary(
    fc.string({ maxLength: 8 }),
    fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.constant({})),
    {
      minKeys: 1,
      maxKeys: 3,
    },
  ),
)

const badBirthdate = fc.oneof(
  impossibleDates,
  fc.constantFrom('1990-4-21', '21/04/1990', '1990-04-21T00:00:00Z', '19900421', 'yesterday'),
  fc.constantFrom('2015-06-01', '2008-11-24', '2026-11-23', '2030-01-01'),
  unstorableText,
)

/** Bad values of the attributes a customer has, as text (the protocol's only kind of value). */
const badAttributeValues = {
  birthdate: badBirthdate,
  [SKIN_TYPE_ATTRIBUTE]: fc.oneof(fc.constantFrom('0', '7', '6.0', '6e0', 'III', '1.5', '-1', '3 4', '٣', '+3', '0x3'), unstorableText),
  email: fc.oneof(
    fc.constantFrom('not-an-email', 'sophie@', '@example.com', 'sophie@example', 'sophie @example.com', `${'s'.repeat(250)}@example.com`),
    unstorableText,
  ),
  given_name: fc.oneof(tooLong(100), unstorableText),
  family_name: fc.oneof(tooLong(100), unstorableText),
} as const

type Attribute = { Name: unknown; Value: unknown }
const malformedAttribute = fc.constantFrom<unknown>(
  null,
  'birthdate',
  7,
  [],
  { Name: 'given_name' },
  { Value: 'Sophie' },
  { Name: 7, Value: 'Sophie' },
  { Name: 'given_name', Value: 7 },
  { Name: 'given_name', Value: null },
  { Name: 'given_name', Value: ['Sophie'] },
  { name: 'given_name', value: 'Sophie' },
)

function attributes(valid: Attribute[], extraBad: fc.Arbitrary<Flaw>[] = []): FieldSpec {
  const withBadValue = fc.constantFrom(...(Object.keys(badAttributeValues) as (keyof typeof badAttributeValues)[])).chain((name) =>
    badAttributeValues[name].map((value): Flaw => ({
      flaw: `attribute ${name} = ${preview(value)}`,
      set: { UserAttributes: [...valid, { Name: name, Value: value }] },
    })),
  )
  const withMalformed = fc
    .tuple(malformedAttribute, fc.nat({ max: valid.length }))
    .map(([item, at]): Flaw => ({ flaw: `attribute malformed = ${preview(item)}`, set: { UserAttributes: [...valid.slice(0, at), item, ...valid.slice(at)] } }))
  return { valid: fc.constant(valid), bad: notA('array'), flaws: fc.oneof(withBadValue, withMalformed, ...extraBad) }
}

/** The attributes the web app sends at sign-up. */
export const signUpAttributes = (phone: string): Attribute[] => [
  { Name: 'email', Value: 'sophie@example.com' },
  { Name: 'phone_number', Value: phone },
  { Name: 'given_name', Value: 'Sophie' },
  { Name: 'family_name', Value: 'Turner' },
  { Name: 'birthdate', Value: '1990-04-21' },
  { Name: SKIN_TYPE_ATTRIBUTE, Value: '3' },
]

export const signUp: fc.Arbitrary<BodySpec> = freshPhone.map((phone) => {
  const list = signUpAttributes(phone)
  const without = (name: string) => fc.constant<Flaw>({ flaw: `no ${name} attribute`, set: { UserAttributes: list.filter((a) => a.Name !== name) } })
  return {
    fields: {
      ClientId: clientId,
      Username: { valid: fc.constant(phone), bad: notAPhone },
      Password: { valid: fc.constant('Tanning-Time1'), bad: badPassword },
      UserAttributes: attributes(list, [
        without('email'),
        without('birthdate'),
        fc
          .constantFrom('+447700900999', '07700 900998', 'not a phone')
          .map((other): Flaw => ({ flaw: 'another phone_number', set: { UserAttributes: [...list, { Name: 'phone_number', Value: other }] } })),
      ]),
      ClientMetadata: {
        valid: fc.constant({ shop_id: TEST_SHOP_ID, api_key: TEST_API_KEY }),
        bad: fc.oneof(
          badMetadata,
          fc.constantFrom(
            { shop_id: TEST_SHOP_ID },
            { shop_id: TEST_SHOP_ID, api_key: 'wrong' },
            { shop_id: 'no-such-shop', api_key: TEST_API_KEY },
            { shop_id: TEST_SHOP_ID, api_key: 7 },
          ),
        ),
        optional: true,
      },
    },
  }
})

/** A body spec whose fields each need a good value from the suite's own accounts. */
export const specs = {
  confirmSignUp: (phone: string, code: string): BodySpec => ({
    fields: { ClientId: clientId, Username: username(phone), ConfirmationCode: { valid: fc.constant(code), bad: badCode } },
  }),
  resendConfirmationCode: (phone: string): BodySpec => ({
    fields: {
      ClientId: clientId,
      Username: username(phone),
      ClientMetadata: { valid: fc.constant({ shop_id: TEST_SHOP_ID }), bad: badMetadata, optional: true },
    },
  }),
  forgotPassword: (phone: string): BodySpec => ({
    fields: {
      ClientId: clientId,
      Username: username(phone),
      ClientMetadata: { valid: fc.constant({ shop_id: TEST_SHOP_ID }), bad: badMetadata, optional: true },
    },
  }),
  confirmForgotPassword: (phone: string, code: string): BodySpec => ({
    fields: {
      ClientId: clientId,
      Username: username(phone),
      ConfirmationCode: { valid: fc.constant(code), bad: badCode },
      Password: { valid: fc.constant('Golden-Glow22'), bad: badPassword },
    },
  }),
  passwordSignIn: (phone: string, password: string): BodySpec => {
    const parameters: BodySpec = {
      fields: {
        USERNAME: username(phone),
        PASSWORD: {
          valid: fc.constant(password),
          bad: fc.oneof(fc.constantFrom('', `${password}x`, password.toLowerCase(), ` ${password}`, 'Wrong-Password1'), unstorableText, notA('string')),
        },
      },
    }
    return {
      fields: {
        AuthFlow: {
          valid: fc.constant('USER_PASSWORD_AUTH'),
          bad: fc.oneof(
            fc.constantFrom('USER_SRP_AUTH', 'CUSTOM_AUTH', 'ADMIN_NO_SRP_AUTH', 'user_password_auth', 'REFRESH_TOKEN_AUTH', ''),
            unstorableText,
            notA('string'),
          ),
        },
        ClientId: clientId,
        AuthParameters: {
          valid: validBody(parameters),
          bad: fc.oneof(
            notA('object'),
            fc.constant(null),
            brokenBody(parameters).map(({ body }) => body),
          ),
        },
      },
    }
  },
  /** USER_SRP_AUTH's first step: SRP_A must be a number in hex, under 1,025 digits, and not 0 mod N. */
  srpSignIn: (phone: string, srpA: string): BodySpec => ({
    fields: {
      AuthFlow: { valid: fc.constant('USER_SRP_AUTH'), bad: fc.oneof(fc.constantFrom('user_srp_auth', 'SRP', ''), notA('string')) },
      ClientId: clientId,
      AuthParameters: {
        valid: fc.constant({ USERNAME: phone, SRP_A: srpA }),
        bad: fc.oneof(
          notA('object'),
          fc.constant(null),
          fc
            .constantFrom('', '0', N.toString(16), (N * 3n).toString(16), 'zz', '-1', `0x${srpA}`, 'f'.repeat(1025))
            .map((SRP_A) => ({ USERNAME: phone, SRP_A })),
          fc.oneof(notAPhone, unknownPhone).map((USERNAME) => ({ USERNAME, SRP_A: srpA })),
          fc.constant({ USERNAME: phone, SRP_A: srpA, DEVICE_KEY: 'not a device' }),
          fc.constant({ USERNAME: phone }),
        ),
      },
    },
  }),
  /**
   * The answer to a PASSWORD_VERIFIER challenge, right in every field (the signature made by the client's own
   * code); each flaw alone is enough for a refusal, and the first right answer uses the challenge up.
   */
  passwordVerifier: (answer: { USERNAME: string; PASSWORD_CLAIM_SECRET_BLOCK: string; TIMESTAMP: string; PASSWORD_CLAIM_SIGNATURE: string }): BodySpec => ({
    fields: {
      ChallengeName: {
        valid: fc.constant('PASSWORD_VERIFIER'),
        bad: fc.oneof(fc.constantFrom('password_verifier', 'SMS_MFA', 'NEW_PASSWORD_REQUIRED', ''), notA('string')),
      },
      ClientId: clientId,
      ChallengeResponses: {
        valid: fc.constant(answer),
        bad: fc.oneof(
          notA('object'),
          fc.constant(null),
          fc
            .constantFrom<Partial<typeof answer>>(
              { PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32).toString('base64') },
              { PASSWORD_CLAIM_SIGNATURE: 'not base64' },
              { PASSWORD_CLAIM_SECRET_BLOCK: Buffer.alloc(64, 7).toString('base64') },
              { PASSWORD_CLAIM_SECRET_BLOCK: 'x'.repeat(5000) },
              { TIMESTAMP: 'Mon Nov 23 08:00:00 UTC 2025' },
              { TIMESTAMP: '2026-11-23T08:00:00Z' },
              { TIMESTAMP: 'Tue Nov 23 08:00:00 UTC 2026' },
              { USERNAME: '' },
              { USERNAME: '00000000-0000-4000-8000-000000000000' },
            )
            .map((change) => ({ ...answer, ...change })),
          fc.constantFrom('USERNAME', 'PASSWORD_CLAIM_SECRET_BLOCK', 'TIMESTAMP', 'PASSWORD_CLAIM_SIGNATURE').map((left) => {
            const { [left as keyof typeof answer]: _left, ...rest } = answer
            return rest
          }),
        ),
      },
      Session: { valid: fc.constant(undefined), bad: fc.constantFrom(5, true, [], {}, 'x'.repeat(3000)), optional: true },
    },
  }),
  refreshSignIn: (refreshToken: string): BodySpec => ({
    fields: {
      AuthFlow: {
        valid: fc.constantFrom('REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN'),
        bad: fc.oneof(fc.constantFrom('USER_SRP_AUTH', 'refresh_token_auth', ''), notA('string')),
      },
      ClientId: clientId,
      AuthParameters: {
        valid: fc.constant({ REFRESH_TOKEN: refreshToken }),
        bad: fc.oneof(
          notA('object'),
          fc.constant(null),
          badRefreshToken(refreshToken).map((token) => ({ REFRESH_TOKEN: token })),
          fc.constant({ refresh_token: refreshToken }),
        ),
      },
    },
  }),
  getTokensFromRefreshToken: (refreshToken: string): BodySpec => ({
    fields: { ClientId: clientId, RefreshToken: { valid: fc.constant(refreshToken), bad: badRefreshToken(refreshToken) } },
  }),
  /** RevokeToken of a token it does not know is no error (RFC 7009): only a missing or non-text token is bad. */
  revokeToken: (refreshToken: string): BodySpec => ({
    fields: { ClientId: clientId, Token: { valid: fc.constant(refreshToken), bad: fc.oneof(fc.constant(''), unstorableText, notA('string')) } },
  }),
}

function badRefreshToken(refreshToken: string) {
  return fc.oneof(
    fc.constantFrom('', `${refreshToken}x`, refreshToken.slice(0, -1), refreshToken.toUpperCase(), `Bearer ${refreshToken}`),
    fc.base64String({ minLength: 4, maxLength: 64 }),
    tooLong(64),
    unstorableText,
    notA('string'),
  )
}

/** What a customer may put in UpdateUserAttributes, and what must be refused there. */
export const updateAttributes: FieldSpec = attributes(
  [
    { Name: 'given_name', Value: 'Sophie' },
    { Name: 'birthdate', Value: '1990-04-21' },
  ],
  [
    fc
      .constantFrom('phone_number', 'sub', 'email_verified', 'phone_number_verified', 'custom:other', 'nickname', 'cognito:username', '__proto__')
      .map((name): Flaw => ({ flaw: `attribute ${name} may not be changed`, set: { UserAttributes: [{ Name: name, Value: '+447700900999' }] } })),
    fc.constantFrom('', ' ').map((value): Flaw => ({ flaw: 'blank birthdate', set: { UserAttributes: [{ Name: 'birthdate', Value: value }] } })),
    fc.constant<Flaw>({ flaw: 'blank skin type', set: { UserAttributes: [{ Name: SKIN_TYPE_ATTRIBUTE, Value: '' }] } }),
  ],
)

/** Everything about the envelope that is wrong, around a body the operation would accept. */
export function badEnvelope(operation: string, body: fc.Arbitrary<object>): fc.Arbitrary<Probe> {
  return fc.oneof(
    fc
      .constantFrom<string | null>(
        null,
        '',
        TARGET_PREFIX,
        `${TARGET_PREFIX}${operation.toLowerCase()}`,
        `AWSCognitoIdentityProviderService_${operation}`,
        `AmazonCognito.${operation}`,
        operation,
        `${TARGET_PREFIX}AdminDeleteUser`,
        `${TARGET_PREFIX}__proto__`,
        `${TARGET_PREFIX}constructor`,
        `${TARGET_PREFIX}hasOwnProperty`,
        `${TARGET_PREFIX}toString`,
      )
      .chain((target) => body.map((json) => cognitoRequest({ operation, json, target, flaws: [`X-Amz-Target = ${JSON.stringify(target)}`] }))),
    notJson.map((raw) => cognitoRequest({ operation, raw, flaws: ['not JSON'] })),
    notAnObject(body).map((json) => cognitoRequest({ operation, json, flaws: ['not an object'] })),
    body.map((json) => cognitoRequest({ operation, raw: toJsonText(json).slice(0, -1), flaws: ['cut short'] })),
    fc.tuple(body, tooLong(70_000)).map(([json, padding]) => cognitoRequest({ operation, json: { ...json, Padding: padding }, flaws: ['over 64 KiB'] })),
    fc
      .tuple(body, deeplyNested)
      .map(([json, nested]) => cognitoRequest({ operation, json: inFirstField(json, nested), flaws: ['a field nested thousands deep'] })),
    fc
      .uint8Array({ minLength: 1, maxLength: 40 })
      .map((bytes) => cognitoRequest({ operation, raw: new Uint8Array([0x7b, 0xff, 0xfe, ...bytes]), flaws: ['not UTF-8'] })),
  )
}

/** A body the operation would accept, sent as another content type, or none. */
export function wrongContentType(operation: string, body: fc.Arbitrary<object>): fc.Arbitrary<Probe> {
  return fc
    .tuple(body, fc.oneof(notJsonContentType, fc.constant(null)))
    .map(([json, contentType]) => cognitoRequest({ operation, json, contentType, flaws: [`content type = ${contentType ?? '(none)'}`] }))
}
