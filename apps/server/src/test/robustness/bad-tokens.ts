import { randomUUID } from 'node:crypto'
import { DeleteUserCommand, GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider'
import fc from 'fast-check'
import { schema } from '@salon/db'
import { CompactSign, decodeJwt, exportJWK, exportSPKI, generateKeyPair, importJWK, type JWK, type JWTPayload } from 'jose'
import { loadSigningKeys } from '../../modules/identity/signing-keys.service.ts'
import { cognitoClient, signedInCustomer } from '../factories/customers.ts'
import type { TestApp } from '../harness.ts'
import { notA, unstorableText } from './bad-values.ts'
import { NOW } from './refusals.ts'

export interface Tokens {
  idToken: string
  accessToken: string
}

export interface BadToken {
  token: string
  flaw: string
}

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** A token changed in one character that carries data (the last of a segment may only hold padding bits). */
function tampered(token: string) {
  return fc.tuple(fc.constantFrom(0, 1, 2), fc.nat(), fc.constantFrom(...BASE64URL)).map(([part, at, replacement]): BadToken => {
    const segments = token.split('.')
    const segment = segments[part]!
    const index = at % (segment.length - 1)
    const swapped = replacement === segment[index] ? (replacement === 'A' ? 'B' : 'A') : replacement
    segments[part] = segment.slice(0, index) + swapped + segment.slice(index + 1)
    return { token: segments.join('.'), flaw: `${['header', 'payload', 'signature'][part]} tampered at ${index}` }
  })
}

/**
 * Identity tokens that must not get anyone in: unsigned, signed with another key, expired, without expiry,
 * with claims the pool never issues, tampered, revoked, of a deleted account, and not tokens at all.
 * The ones signed with the pool's own key stand for a token the pool might have issued with that flaw.
 */
export async function badTokens(t: TestApp, live: Tokens) {
  const keys = await loadSigningKeys(t.db)
  const other = await generateKeyPair('RS256', { extractable: true })
  const publicPem = await exportSPKI((await keys.publicKey(keys.kid))!)
  const [stored] = await t.db.select().from(schema.identitySigningKeys).orderBy(schema.identitySigningKeys.createdAt)
  const poolKeyAsRs512 = (await importJWK({ ...(stored!.privateJwk as JWK), alg: 'RS512' }, 'RS512')) as CryptoKey
  const now = Math.floor(NOW / 1000)
  const encoder = new TextEncoder()
  const sign = (header: Record<string, unknown>, payload: unknown, key: CryptoKey | Uint8Array) =>
    new CompactSign(encoder.encode(typeof payload === 'string' ? payload : JSON.stringify(payload))).setProtectedHeader(header as never).sign(key)
  const byPool = (payload: unknown) => sign({ alg: 'RS256', kid: keys.kid, typ: 'JWT' }, payload, keys.privateKey)

  // A signed-out session and a deleted account, each with tokens that were good a moment ago.
  const client = cognitoClient(t.app)
  const signedOut = (await signedInCustomer(t.app, client)).tokens
  await client.send(new GlobalSignOutCommand({ AccessToken: signedOut.accessToken }))
  const deleted = (await signedInCustomer(t.app, client)).tokens
  await client.send(new DeleteUserCommand({ AccessToken: deleted.accessToken }))

  async function forgeries(token: string): Promise<BadToken[]> {
    const claims = decodeJwt(token) as JWTPayload & Record<string, unknown>
    const { exp: _exp, ...withoutExp } = claims
    const { origin_jti: _jti, ...withoutJti } = claims
    const list: [string, string | Promise<string>][] = [
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
      ['alg none with the pool key id', `${b64({ alg: 'none', kid: keys.kid })}.${b64(claims)}.`],
      ['alg None, signature kept', `${b64({ alg: 'None', kid: keys.kid })}.${b64(claims)}.${token.split('.')[2]}`],
      ['signed with another key under the pool key id', sign({ alg: 'RS256', kid: keys.kid }, claims, other.privateKey)],
      ['signed with another key, no key id', sign({ alg: 'RS256' }, claims, other.privateKey)],
      ['signed with another key it carries itself', exportJWK(other.publicKey).then((jwk) => sign({ alg: 'RS256', jwk }, claims, other.privateKey))],
      ['HS256 keyed with the pool public key', sign({ alg: 'HS256', kid: keys.kid }, claims, encoder.encode(publicPem))],
      ['RS512 with the pool key', sign({ alg: 'RS512', kid: keys.kid }, claims, poolKeyAsRs512)],
      ['unknown critical header', sign({ alg: 'RS256', kid: keys.kid, crit: ['exp'] }, claims, keys.privateKey).catch(() => 'crit.not.signable')],
      ['key id that names no key', sign({ alg: 'RS256', kid: randomUUID() }, claims, keys.privateKey)],
      ['key id a path', sign({ alg: 'RS256', kid: '../../../etc/passwd' }, claims, keys.privateKey)],
      ['key id a number', sign({ alg: 'RS256', kid: 7 }, claims, keys.privateKey)],
      ['expired an hour ago', byPool({ ...claims, iat: now - 7200, exp: now - 3600 })],
      ['expired a second ago', byPool({ ...claims, iat: now - 3601, exp: now - 1 })],
      ['no exp', byPool(withoutExp)],
      ['exp as text', byPool({ ...claims, exp: String(now + 3600) })],
      ['not valid until tomorrow', byPool({ ...claims, nbf: now + 86_400 })],
      ['origin_jti not a UUID', byPool({ ...claims, origin_jti: 'not-a-session' })],
      ['origin_jti empty', byPool({ ...claims, origin_jti: '' })],
      ['origin_jti a quote', byPool({ ...claims, origin_jti: "x' or '1'='1" })],
      ['origin_jti a number', byPool({ ...claims, origin_jti: 42 })],
      ['no origin_jti', byPool(withoutJti)],
      ['origin_jti of no session', byPool({ ...claims, origin_jti: randomUUID() })],
      ['another issuer', byPool({ ...claims, iss: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_Other' })],
      ['another client', byPool({ ...claims, aud: 'someone-else', client_id: 'someone-else' })],
      ['token_use refresh', byPool({ ...claims, token_use: 'refresh' })],
      ['no token_use', byPool({ ...claims, token_use: undefined })],
      ['sub and origin_jti of nobody', byPool({ ...claims, sub: randomUUID(), origin_jti: randomUUID() })],
      ['payload not JSON', byPool('{"sub":')],
      ['payload a JSON array', byPool([claims])],
    ]
    return Promise.all(list.map(async ([flaw, value]) => ({ flaw, token: await value })))
  }

  const structural: BadToken[] = [
    { token: '', flaw: 'empty' },
    { token: 'Bearer', flaw: 'Bearer alone' },
    { token: 'Bearer ', flaw: 'Bearer and a space' },
    { token: 'null', flaw: 'the word null' },
    { token: 'undefined', flaw: 'the word undefined' },
    { token: 'Basic c29waGllOlRhbm5pbmctVGltZTE=', flaw: 'Basic credentials' },
    { token: 'a.b', flaw: 'two segments' },
    { token: '..', flaw: 'empty segments' },
    { token: 'a.b.c.d.e', flaw: 'five segments' },
    { token: `${b64('{')}.${b64({})}.sig`, flaw: 'header not JSON' },
    { token: `${b64({ alg: 'RS256', kid: keys.kid })}.${b64('nope')}.`, flaw: 'payload not JSON, no signature' },
    { token: 'x'.repeat(20_000), flaw: '20,000 characters' },
  ]
  const garbage = fc.oneof(
    fc.string({ unit: 'binary-ascii', maxLength: 120 }).map((token) => ({ token, flaw: 'random text' })),
    fc
      .array(
        fc.base64String({ maxLength: 60 }).map((s) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '')),
        { minLength: 3, maxLength: 3 },
      )
      .map((parts) => ({ token: parts.join('.'), flaw: 'three random segments' })),
  )

  const [idForgeries, accessForgeries] = await Promise.all([forgeries(live.idToken), forgeries(live.accessToken)])
  const headerSafe = (token: BadToken) => !/[\0\r\n]/.test(token.token)

  /** For the Authorization header of /api/ calls. */
  const api: fc.Arbitrary<BadToken> = fc
    .oneof(
      fc.constantFrom(...idForgeries, ...accessForgeries),
      fc.constantFrom(...structural),
      fc.constantFrom(
        { token: signedOut.idToken, flaw: 'id token of a signed-out session' },
        { token: signedOut.accessToken, flaw: 'access token of a signed-out session' },
        { token: deleted.idToken, flaw: 'id token of a deleted account' },
        { token: `Token ${live.idToken}`, flaw: 'a live token after "Token"' },
        { token: `Bearer Bearer ${live.idToken}`, flaw: 'a live token after "Bearer Bearer"' },
        { token: `${live.idToken}.`, flaw: 'a live token with a fourth segment' },
        { token: `${live.idToken}x`, flaw: 'a live token with a character more' },
      ),
      tampered(live.idToken),
      garbage,
    )
    .filter(headerSafe)
    .chain((bad) => fc.constantFrom('', 'Bearer ').map((prefix) => ({ token: prefix + bad.token, flaw: `token: ${bad.flaw}` })))

  /** For the AccessToken field of /cognito/ operations: any JSON value. */
  const access: fc.Arbitrary<{ token: unknown; flaw: string }> = fc.oneof(
    fc.constantFrom(...accessForgeries, ...structural),
    fc.constantFrom(
      { token: live.idToken, flaw: 'the id token where the access token belongs' },
      { token: signedOut.accessToken, flaw: 'access token of a signed-out session' },
      { token: deleted.accessToken, flaw: 'access token of a deleted account' },
      { token: `Bearer ${live.accessToken}`, flaw: 'a live token after "Bearer"' },
    ),
    tampered(live.accessToken),
    garbage,
    unstorableText.map((token) => ({ token, flaw: 'NUL or lone surrogate' })),
    notA('string').map((token) => ({ token, flaw: 'not text' })),
  )

  return { api, access }
}
