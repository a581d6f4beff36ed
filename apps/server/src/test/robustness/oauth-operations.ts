import fc from 'fast-check'
import { CLIENT_ID } from '../factories/customers.ts'
import { REDIRECT_URI } from '../factories/hosted-sign-in.ts'
import { tooLong, unstorableText } from './bad-values.ts'
import { preview } from './bodies.ts'
import { probe, type Probe } from './refusals.ts'

const FORM = 'application/x-www-form-urlencoded'

/** A POST to the hosted sign-in's token or revoke endpoint, as a client sends it, unless the probe changes it. */
export function oauthRequest(request: {
  path: '/oauth2/token' | '/oauth2/revoke'
  form: string
  authorization?: string
  /** null sends none. */
  contentType?: string | null
  flaws: string[]
}): Probe {
  const headers: Record<string, string> = {}
  const contentType = request.contentType === undefined ? FORM : request.contentType
  if (contentType !== null) headers['content-type'] = contentType
  if (request.authorization !== undefined) headers.authorization = request.authorization
  return probe({ method: 'POST', url: request.path, headers, body: request.form, flaws: [request.path, ...request.flaws] })
}

/** Content types other than a form's, or none. */
export const notFormContentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'multipart/form-data; boundary=----x',
  'application/x-www-form-urlencoded-x',
  'application/xml',
  'application/octet-stream',
  null,
)

/** One field of a form: the text it accepts, and text it must refuse. */
export interface FormField {
  valid: fc.Arbitrary<string>
  bad: fc.Arbitrary<string>
  optional?: boolean
}
export type FormSpec = Record<string, FormField>

const encode = (fields: [string, string][]) => new URLSearchParams(fields).toString()

/** The form the endpoint accepts. */
export const validForm = (spec: FormSpec) =>
  fc.record(Object.fromEntries(Object.entries(spec).map(([name, field]) => [name, field.valid]))).map((values) => encode(Object.entries(values)))

type FieldState = { flaw: string; values: string[] }

/** Forms with one or two fields bad, given twice or left out; each flaw is enough on its own for a refusal. */
export function brokenForm(spec: FormSpec): fc.Arbitrary<{ form: string; flaws: string[] }> {
  const names = Object.keys(spec)
  const flaw = fc.constantFrom(...names).chain((name) => {
    const field = spec[name]!
    const flaws: fc.Arbitrary<[string, FieldState]>[] = [
      field.bad.map((value) => [name, { flaw: `${name} = ${preview(value)}`, values: [value] }]),
      fc.tuple(field.valid, field.valid).map(([a, b]) => [name, { flaw: `${name} given twice`, values: [a, b] }]),
    ]
    if (!field.optional) flaws.push(fc.constant([name, { flaw: `${name} left out`, values: [] }]))
    return fc.oneof(...flaws)
  })
  return fc
    .record({ base: fc.record(Object.fromEntries(names.map((name) => [name, spec[name]!.valid]))), flaws: fc.array(flaw, { minLength: 1, maxLength: 2 }) })
    .map(({ base, flaws }) => {
      // A later flaw of the same field replaces an earlier one; either is a flaw.
      const changed = new Map(flaws)
      const fields: [string, string][] = []
      for (const name of names) for (const value of changed.get(name)?.values ?? [base[name]!]) fields.push([name, value])
      return { form: encode(fields), flaws: [...changed.values()].map((state) => state.flaw) }
    })
}

/** Text that names no client of the pool, as a form's client_id. */
const notTheClient = fc.oneof(
  fc.constantFrom('', ' ', 'someoneelse', CLIENT_ID.toUpperCase(), ` ${CLIENT_ID}`, CLIENT_ID.slice(0, -1), `${CLIENT_ID}\u200b`, `${CLIENT_ID}%`),
  fc.string({ maxLength: 40 }).filter((value) => value !== CLIENT_ID),
  unstorableText,
  tooLong(8192),
)

/** The token endpoint, exchanging a refresh token: every field but the token is right. */
export const refreshForm = (refreshToken: string): FormSpec => ({
  grant_type: {
    valid: fc.constant('refresh_token'),
    bad: fc.oneof(fc.constantFrom('', 'password', 'client_credentials', 'REFRESH_TOKEN', 'refresh_token '), unstorableText),
  },
  client_id: { valid: fc.constant(CLIENT_ID), bad: notTheClient },
  refresh_token: {
    valid: fc.constant(refreshToken),
    bad: fc.oneof(fc.constantFrom('', `${refreshToken}x`, refreshToken.slice(0, -1)), fc.base64String({ minLength: 4, maxLength: 64 }), unstorableText),
  },
})

/** The token endpoint, exchanging a code: no code here was ever given, so the right shape is refused too. */
export const codeForm: FormSpec = {
  grant_type: { valid: fc.constant('authorization_code'), bad: fc.constantFrom('', 'Authorization_Code', 'code') },
  client_id: { valid: fc.constant(CLIENT_ID), bad: notTheClient },
  code: { valid: fc.base64String({ minLength: 43, maxLength: 44 }), bad: fc.oneof(fc.constant(''), unstorableText) },
  redirect_uri: { valid: fc.constant(REDIRECT_URI), bad: fc.constantFrom('', 'https://evil.example/sign-in/', `${REDIRECT_URI}?x=1`) },
  code_verifier: {
    valid: fc.stringMatching(/^[A-Za-z0-9._~-]{43,128}$/),
    bad: fc.oneof(fc.constantFrom('', 'short', 'a'.repeat(129), `${'a'.repeat(42)}!`), unstorableText),
  },
}

/** RFC 7009: an unknown token is no error, so only a wrong client or a missing or unstorable token is bad. */
export const revokeForm = (refreshToken: string): FormSpec => ({
  client_id: { valid: fc.constant(CLIENT_ID), bad: notTheClient },
  token: { valid: fc.constant(refreshToken), bad: fc.oneof(fc.constant(''), unstorableText) },
})

const base64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64')
const basic = (user: string, secret = 'secret') => `Basic ${base64(`${user}:${secret}`)}`

/**
 * Client ids whose percent-encoding (RFC 6749 §2.3.1) does not decode: a "%" without two hex digits after it, or
 * escapes that are not UTF-8. What follows the broken escape holds no hex digit, so it cannot complete one.
 */
export const badlyPercentEncoded = fc.oneof(
  fc.constantFrom(
    '%E0%A4%A',
    '%zz',
    '%',
    '%%',
    '%4',
    '%G0',
    '%E0%A4',
    '%C3',
    '%FF',
    '%C0%AF',
    '%ED%A0%80',
    '%F4%90%80%80',
    `${CLIENT_ID}%`,
    `%${CLIENT_ID}`,
    `${CLIENT_ID.slice(0, 4)}%zz${CLIENT_ID.slice(4)}`,
  ),
  fc
    .tuple(
      fc.stringMatching(/^[A-Za-z0-9._-]{0,12}$/),
      fc.constantFrom('%', '%z', '%E0', '%C3%', '%F0%9F%98', '%ED%A0%80', '%FF%FE', '%80'),
      fc.stringMatching(/^[g-z._-]{0,12}$/),
    )
    .map(([before, escape, after]) => before + escape + after),
)

/** A secret beside the id: anything, since a public client has none and it is never read. */
const anySecret = fc.oneof(fc.constant('secret'), fc.string({ maxLength: 20 }))

/** Basic credentials whose client id is badly percent-encoded: always invalid_client, whatever the form says. */
export const badlyEncodedBasic = fc
  .tuple(badlyPercentEncoded, anySecret)
  .map(([user, secret]) => ({ authorization: basic(user, secret), flaw: `Basic client id ${preview(user)}` }))

/** Basic credentials that name no client of the pool in other ways. */
export const wrongBasic = fc.oneof(
  fc
    .constantFrom(
      `Basic ${base64('no colon')}`,
      `Basic ${base64(':secret')}`,
      `Basic ${base64(`${CLIENT_ID.toUpperCase()}:secret`)}`,
      `Basic ${base64('someoneelse:secret')}`,
      `Basic ${base64('%00:secret')}`,
      `Basic ${base64(new Uint8Array([0xff, 0xfe, 0x3a, 0x41]))}`,
      `Basic ${base64(new Uint8Array([0xc3, 0x28, 0x3a, 0x41]))}`,
      'Basic !!!!',
      'Basic %E0%A4%A',
      'Basic ====',
      `basic ${base64('%zz:secret')}`,
      `BASIC ${base64('%E0%A4%A:secret')}`,
    )
    .map((authorization) => ({ authorization, flaw: `Authorization = ${preview(authorization)}` })),
  fc
    .string({ maxLength: 40 })
    .filter((user) => !user.includes(':') && user !== CLIENT_ID)
    .map((user) => ({ authorization: basic(encodeURIComponent(user)), flaw: `Basic client id ${preview(user)}` })),
)
