import fc from 'fast-check'
import { beforeAll, it } from 'vitest'
import { cognitoClient, PASSWORD, signedInCustomer } from '../factories/customers.ts'
import { describeApi } from '../harness.ts'
import { notA, tooLong, unstorableText } from './bad-values.ts'
import { badTokens } from './bad-tokens.ts'
import { brokenBody, preview, validBody, type BodySpec, type FieldSpec } from './bodies.ts'
import { badEnvelope, cognitoRequest, updateAttributes, wrongContentType } from './cognito-operations.ts'
import { refusals, robustnessSuite } from './refusals.ts'

/** A device key of the right form that is nobody's: every device operation naming it is refused, whatever else the body holds. */
const deviceKey: FieldSpec = {
  valid: fc.constant('eu-west-2_0f8e5c1a-4b7d-4e2f-9a31-2c6d8e0b7f14'),
  bad: fc.oneof(
    fc.constantFrom('', 'eu-west-2', 'not a device', `eu-west-2_${'a'.repeat(60)}`, 'eu-west-2_XYZ', '../eu-west-2_1'),
    unstorableText,
    notA('string'),
  ),
}
const deviceLimit: FieldSpec = { valid: fc.integer({ min: 1, max: 60 }), bad: fc.constantFrom(-1, 61, 1.5, 1e9, '6', true, [], {}), optional: true }
const tokenOf = (text: string | Uint8Array) => Buffer.from(text).toString('base64url')
/** Device keys of the pool's shape, for tokens that are wrong in their date alone. */
const someDeviceKey = fc.uuid().map((uuid) => `eu-west-2_${uuid}`)
/** ListDevices' tokens hold [creation time in ms, device key]: ones it never gives, of that shape and of others. */
const paginationToken: FieldSpec = {
  valid: fc.constant(undefined),
  bad: fc.oneof(
    fc.constantFrom('nonsense', 'W1ss', tokenOf('[1,2]'), 'x'.repeat(600), 5, true, [], {}),
    unstorableText,
    // Dates no Date or database holds, or no device was made on: beyond ±8.64e15 ms, past the year 9999, before 1970, not whole.
    fc
      .tuple(
        fc.oneof(
          fc.integer({ min: 253402300800000, max: Number.MAX_SAFE_INTEGER }),
          fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }),
          fc.constantFrom(8.64e15 + 1, -8.64e15, -62198755200001, 1.5, 1e300, -0.5),
        ),
        someDeviceKey,
      )
      .map(([at, key]) => tokenOf(JSON.stringify([at, key]))),
    fc
      .constantFrom('[1e999,"eu-west-2_1"]', '[-1e999,"eu-west-2_1"]', '[1700000000000,"eu-west-2_\\u0000"]', '[1700000000000,"eu-west-2_\\ud800"]')
      .map(tokenOf),
    // Device keys that are not one: a NUL byte, broken text, anything else.
    fc
      .tuple(
        fc.oneof(
          unstorableText,
          fc.string({ maxLength: 60 }).filter((key) => !/^[\w-]{1,20}_[0-9a-f-]{1,36}$/.test(key)),
        ),
        fc.constant(1700000000000),
      )
      .map(([key, at]) => tokenOf(JSON.stringify([at, key]))),
    // Not base64url, or base64url of bytes that are no JSON, up to the longest allowed and over it.
    fc.constantFrom('!!!!', '%E0%A4%A', '====', '\u00ff\u00fe', 'a b c', '[1700000000000,"eu-west-2_1"]'),
    fc.uint8Array({ minLength: 1, maxLength: 384 }).map(tokenOf),
    fc.constantFrom(tokenOf('['.repeat(380)), tokenOf(`[1700000000000,"eu-west-2_${'0'.repeat(360)}"]`), tokenOf(`[${'9'.repeat(370)},"eu-west-2_1"]`)),
    tooLong(512),
  ),
  optional: true,
}
const rememberedStatus: FieldSpec = {
  valid: fc.constantFrom('remembered', 'not_remembered'),
  bad: fc.oneof(fc.constantFrom('', 'REMEMBERED', 'forgotten'), unstorableText, notA('string')),
}
const base64Of = (bytes: number) => fc.uint8Array({ minLength: 1, maxLength: bytes }).map((value) => Buffer.from(value).toString('base64'))
const verifierConfig: FieldSpec = {
  valid: fc.record({ Salt: base64Of(16), PasswordVerifier: base64Of(384) }),
  bad: fc.oneof(
    notA('object'),
    fc.constantFrom(
      {},
      { Salt: 'AA==' },
      { PasswordVerifier: 'AA==' },
      { Salt: 'not base64!', PasswordVerifier: 'AA==' },
      { Salt: 'AA==', PasswordVerifier: 5 },
    ),
    fc.constant({ Salt: 'AA==', PasswordVerifier: Buffer.alloc(600, 1).toString('base64') }),
  ),
}
const deviceName: FieldSpec = {
  valid: fc.constantFrom('Phone', 'Chrome on Android'),
  bad: fc.oneof(tooLong(1024), fc.constantFrom(5, true, [], {})),
  optional: true,
}

/** The operations that act on the signed-in customer, with the fields each takes besides the AccessToken. */
const sessionOperations: [string, BodySpec][] = [
  ['GetUser', { fields: {} }],
  ['GlobalSignOut', { fields: {} }],
  ['DeleteUser', { fields: {} }],
  [
    'ChangePassword',
    {
      fields: {
        PreviousPassword: {
          valid: fc.constant(PASSWORD),
          bad: fc.oneof(fc.constantFrom('', 'Wrong-Password1', PASSWORD.toUpperCase(), `${PASSWORD} `), unstorableText, notA('string')),
        },
        ProposedPassword: {
          valid: fc.constant('Golden-Glow22'),
          bad: fc.oneof(
            fc.constantFrom('', 'Sh0rt!x', 'alllowercase1!', 'ALLUPPERCASE1!', 'NoDigitsHere!', 'NoSymbols123', `${'Aa1!'.repeat(65)}x`),
            unstorableText,
            notA('string'),
          ),
        },
      },
    },
  ],
  ['UpdateUserAttributes', { fields: { UserAttributes: updateAttributes } }],
  ['ListDevices', { fields: { Limit: deviceLimit, PaginationToken: paginationToken } }],
  ['GetDevice', { fields: { DeviceKey: deviceKey } }],
  ['UpdateDeviceStatus', { fields: { DeviceKey: deviceKey, DeviceRememberedStatus: rememberedStatus } }],
  ['ForgetDevice', { fields: { DeviceKey: deviceKey } }],
  ['ConfirmDevice', { fields: { DeviceKey: deviceKey, DeviceSecretVerifierConfig: verifierConfig, DeviceName: deviceName } }],
]

/** Bodies the operation accepts from the holder of the access token. */
const withToken = (accessToken: string) => (spec: BodySpec) => validBody(spec).map((body) => ({ AccessToken: accessToken, ...body }))

describeApi(
  'robustness: the signed-in customer at /cognito/',
  (t) => {
    const suite = refusals('cognito-session', t)
    const operations = sessionOperations
    let accessTokens: Awaited<ReturnType<typeof badTokens>>['access']
    /** One account per property, so that a request wrongly accepted in one (a sign-out, say) cannot hide faults from the next. */
    const accounts: Record<'forTokens' | 'forFields' | 'forEnvelopes' | 'forContentTypes', string> = {
      forTokens: '',
      forFields: '',
      forEnvelopes: '',
      forContentTypes: '',
    }

    beforeAll(async () => {
      const client = cognitoClient(t().app)
      for (const name of Object.keys(accounts) as (keyof typeof accounts)[]) {
        const { tokens } = await signedInCustomer(t().app, client)
        accounts[name] = tokens.accessToken
        if (name === 'forTokens') accessTokens = (await badTokens(t(), tokens)).access
      }
    })

    it('every operation refuses forged, expired, tampered, revoked and made-up access tokens', async () => {
      const requests = fc
        .tuple(fc.constantFrom(...operations), accessTokens)
        .chain(([[operation, spec], bad]) =>
          validBody(spec).map((body) => cognitoRequest({ operation, json: { ...body, AccessToken: bad.token }, flaws: [`AccessToken: ${bad.flaw}`] })),
        )
      const withoutToken = fc
        .constantFrom(...operations)
        .chain(([operation, spec]) => validBody(spec).map((body) => cognitoRequest({ operation, json: body, flaws: ['no AccessToken'] })))
      await suite.check(fc.oneof({ arbitrary: requests, weight: 9 }, { arbitrary: withoutToken, weight: 1 }), {
        seed: 1401,
        runs: 1800,
        kind: 'cognito',
        status: 400,
      })
    })

    /** The live access token with a body broken in its other fields. */
    const broken = (operation: string) =>
      brokenBody(operations.find(([name]) => name === operation)![1]).map(({ body, flaws }) =>
        cognitoRequest({ operation, json: { AccessToken: accounts.forFields, ...body }, flaws }),
      )

    it('ChangePassword refuses a wrong previous password and a proposed one the policy does not allow', async () => {
      await suite.check(broken('ChangePassword'), { seed: 1402, runs: 400, kind: 'cognito' })
    })

    it('UpdateUserAttributes refuses bad attributes, impossible and under-18 birthdates, and attributes that cannot change', async () => {
      await suite.check(broken('UpdateUserAttributes'), { seed: 1403, runs: 700, kind: 'cognito' })
    })

    it('the device operations refuse bad device keys, page sizes, pagination tokens, statuses and verifiers, and devices that are not the customer’s', async () => {
      await suite.check(fc.oneof(...['ListDevices', 'GetDevice', 'UpdateDeviceStatus', 'ForgetDevice', 'ConfirmDevice'].map(broken)), {
        seed: 1406,
        runs: 600,
        kind: 'cognito',
      })
    })

    it('ListDevices refuses every pagination token it never gave: dates out of range, NUL bytes, broken text, not base64, too long', async () => {
      const requests = fc.tuple(paginationToken.bad, deviceLimit.valid).map(([token, limit]) =>
        cognitoRequest({
          operation: 'ListDevices',
          json: { AccessToken: accounts.forFields, Limit: limit, PaginationToken: token },
          flaws: [`PaginationToken = ${preview(token)}`],
        }),
      )
      await suite.check(requests, { seed: 1407, runs: 400, kind: 'cognito' })
    })

    it('a wrong or missing target, and bodies that are not one JSON object, are refused', async () => {
      await suite.check(fc.oneof(...operations.map(([name, spec]) => badEnvelope(name, withToken(accounts.forEnvelopes)(spec)))), {
        seed: 1404,
        runs: 500,
        kind: 'cognito',
      })
    })

    // A body the operation would accept is sent here, so a wrongly accepted one signs out or deletes its account.
    it('a body sent as another content type than JSON is refused', async () => {
      await suite.check(fc.oneof(...operations.map(([name, spec]) => wrongContentType(name, withToken(accounts.forContentTypes)(spec)))), {
        seed: 1405,
        runs: 200,
        kind: 'cognito',
      })
    })
  },
  robustnessSuite,
)
