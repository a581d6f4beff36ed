import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  DeleteUserCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { eq, schema } from '@salon/db'
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet } from 'jose'
import { beforeEach, expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import { loadSigningKeys } from './signing-keys.service.ts'
import {
  CLIENT_ID,
  cognitoClient,
  failure,
  ISSUER,
  latestCode,
  NEW_PASSWORD,
  PASSWORD,
  signIn,
  signedInCustomer,
  withoutMetadata,
} from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'

const clock = testClock()
const HOUR = 3600_000
const DAY = 24 * HOUR
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

type Tokens = { accessToken: string; idToken: string; refreshToken: string }
type Problem = { type: string; message: string }

describeApi(
  'identity service: tokens, refresh and revocation',
  (t) => {
    const client = () => cognitoClient(t().app)
    const getUser = (accessToken: string) => client().send(new GetUserCommand({ AccessToken: accessToken }))
    const refreshByInitiateAuth = (refreshToken: string) =>
      client().send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }))
    const refreshByGetTokens = (refreshToken: string) =>
      client().send(new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken: refreshToken }))
    const account = (idToken: string) => t().api('p_account', { headers: { authorization: idToken } })
    const sessionsOf = (sub: string) => t().db.select().from(schema.identitySessions).where(eq(schema.identitySessions.sub, sub))

    /** Every way the old tokens are used fails on the very next request, at /cognito/ and at /api/ alike. */
    async function expectEnded(tokens: Tokens, expected: { access: Problem; api: string; refresh: Problem }) {
      expect(await failure(getUser(tokens.accessToken))).toEqual({ ...expected.access, status: 400 })
      expect(await account(tokens.idToken)).toMatchObject({ status: 401, json: { message: expected.api } })
      expect(await failure(refreshByInitiateAuth(tokens.refreshToken))).toEqual({ ...expected.refresh, status: 400 })
      expect(await failure(refreshByGetTokens(tokens.refreshToken))).toEqual({ ...expected.refresh, status: 400 })
    }
    async function expectStanding(tokens: Tokens) {
      expect((await getUser(tokens.accessToken)).Username).toMatch(UUID)
      expect((await account(tokens.idToken)).status).toBe(200)
    }
    const revoked: Parameters<typeof expectEnded>[1] = {
      access: { type: 'NotAuthorizedException', message: 'Access Token has been revoked' },
      api: 'You have been signed out. Please sign in again.',
      refresh: { type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' },
    }

    beforeEach(() => clock.reset())

    it('the JWKS verifies both tokens, which carry Cognito’s claims', async () => {
      const { sub, phone, tokens } = await signedInCustomer(t().app, client(), { email: 'claims@example.com' })
      const response = await t().app.request('/.well-known/jwks.json')
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
      const { keys } = (await response.json()) as JSONWebKeySet
      expect(keys).toHaveLength(1)
      expect(keys[0]).toEqual({ kty: 'RSA', n: expect.any(String), e: 'AQAB', kid: expect.stringMatching(UUID), alg: 'RS256', use: 'sig' })

      const options = { issuer: ISSUER, algorithms: ['RS256'], currentDate: new Date(clock.now()) }
      const id = await jwtVerify(tokens.idToken, createLocalJWKSet({ keys }), { ...options, audience: CLIENT_ID })
      const access = await jwtVerify(tokens.accessToken, createLocalJWKSet({ keys }), options)
      expect(id.protectedHeader).toEqual({ alg: 'RS256', kid: keys[0]!.kid, typ: 'JWT' })
      const iat = Math.floor(clock.now() / 1000)
      const session = {
        origin_jti: expect.stringMatching(UUID),
        event_id: expect.stringMatching(UUID),
        auth_time: iat,
        iss: ISSUER,
        iat,
        exp: iat + 3600,
        jti: expect.stringMatching(UUID),
      }
      expect(id.payload).toEqual({
        ...session,
        sub,
        token_use: 'id',
        aud: CLIENT_ID,
        'cognito:username': sub,
        phone_number: phone,
        phone_number_verified: true,
        email: 'claims@example.com',
        email_verified: false,
        given_name: 'Sophie',
        family_name: 'Turner',
        birthdate: '1990-04-21',
        'custom:skin_type': '3',
      })
      expect(access.payload).toEqual({
        ...session,
        sub,
        token_use: 'access',
        scope: 'aws.cognito.signin.user.admin',
        client_id: CLIENT_ID,
        username: sub,
        device_key: expect.stringMatching(/^eu-west-2_[0-9a-f-]{36}$/),
      })
      expect(access.payload.origin_jti).toBe(id.payload.origin_jti)
      expect(await sessionsOf(sub)).toEqual([expect.objectContaining({ id: id.payload.origin_jti, clientId: CLIENT_ID, revokedAt: null })])
    })

    it('an id token is not an access token, and a token signed with another key is refused', async () => {
      const { tokens } = await signedInCustomer(t().app, client())
      const invalid = { type: 'NotAuthorizedException', message: 'Invalid Access Token', status: 400 }
      expect(await failure(getUser(tokens.idToken))).toEqual(invalid)
      const { privateKey } = await generateKeyPair('RS256')
      const forged = await new SignJWT(decodeJwt(tokens.accessToken))
        .setProtectedHeader(decodeProtectedHeader(tokens.accessToken) as { alg: string })
        .sign(privateKey)
      expect(await failure(getUser(forged))).toEqual(invalid)
      expect(await account(forged)).toMatchObject({ status: 401, json: { message: 'The identity token is not valid. Please sign in again.' } })
    })

    it('a token signed with the pool key but without an expiry, or with a session or subject that is no id, is refused with 401', async () => {
      const { tokens } = await signedInCustomer(t().app, client())
      const keys = await loadSigningKeys(t().db)
      const resign = (claims: Record<string, unknown>, expires = true) => {
        const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' }).setIssuer(ISSUER).setIssuedAt()
        return (expires ? jwt.setExpirationTime('1h') : jwt).sign(keys.privateKey)
      }
      const { exp: _exp, iat: _iat, iss: _iss, ...idClaims } = decodeJwt(tokens.idToken)
      const { exp: _aexp, iat: _aiat, iss: _aiss, ...accessClaims } = decodeJwt(tokens.accessToken)
      // The same claims signed again with the pool's key stand: the refusals below are for what was changed.
      expect((await account(await resign(idClaims))).status).toBe(200)
      const bad = [
        await resign(idClaims, false),
        await resign({ ...idClaims, origin_jti: 'not-a-session' }),
        await resign({ ...idClaims, origin_jti: "1' or '1'='1" }),
        await resign({ ...idClaims, sub: 'somebody' }),
      ]
      for (const token of bad) {
        expect(await account(token)).toMatchObject({ status: 401, json: { message: 'The identity token is not valid. Please sign in again.' } })
      }
      expect(await failure(getUser(await resign(accessClaims, false)))).toEqual({
        type: 'NotAuthorizedException',
        message: 'Invalid Access Token',
        status: 400,
      })
      expect(await failure(getUser(await resign({ ...accessClaims, origin_jti: 'x' })))).toEqual({
        type: 'NotAuthorizedException',
        message: 'Invalid Access Token',
        status: 400,
      })
    })

    it('id and access tokens last an hour; the refresh token then brings new ones', async () => {
      const { tokens } = await signedInCustomer(t().app, client())
      clock.advance(HOUR - 1000)
      await expectStanding(tokens)
      clock.advance(1000)
      expect(await failure(getUser(tokens.accessToken))).toEqual({ type: 'NotAuthorizedException', message: 'Access Token has expired', status: 400 })
      expect(await account(tokens.idToken)).toMatchObject({ status: 401, json: { message: 'Your session has expired. Please sign in again.' } })
      const output = await refreshByInitiateAuth(tokens.refreshToken)
      expect(withoutMetadata(output)).toEqual({
        ChallengeParameters: {},
        AuthenticationResult: {
          AccessToken: expect.any(String),
          IdToken: expect.any(String),
          RefreshToken: expect.stringMatching(/^[\w-]{64}$/),
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
      })
      const fresh = output.AuthenticationResult!
      await expectStanding({ accessToken: fresh.AccessToken!, idToken: fresh.IdToken!, refreshToken: fresh.RefreshToken! })
      const before = decodeJwt(tokens.idToken)
      const after = decodeJwt(fresh.IdToken!)
      expect(after).toMatchObject({ origin_jti: before.origin_jti, auth_time: before.auth_time, iat: before.iat! + 3600 })
      expect(after.jti).not.toBe(before.jti)
    })

    it('refresh tokens rotate; a rotated one still works for 30 s, and reusing it later revokes the whole family', async () => {
      const { sub, tokens } = await signedInCustomer(t().app, client())
      // Two days on, as when a customer comes back: the grace is measured on the service's clock.
      clock.advance(2 * DAY)
      const output = await refreshByGetTokens(tokens.refreshToken)
      expect(withoutMetadata(output)).toEqual({
        AuthenticationResult: {
          AccessToken: expect.stringMatching(/^eyJ/),
          IdToken: expect.stringMatching(/^eyJ/),
          RefreshToken: expect.stringMatching(/^[\w-]{64}$/),
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
      })
      const first = output.AuthenticationResult!
      expect(first.RefreshToken).not.toBe(tokens.refreshToken)
      // A second tab refreshing with the same token at the same moment is not treated as theft.
      clock.advance(30_000)
      const retry = (await refreshByInitiateAuth(tokens.refreshToken)).AuthenticationResult!
      expect(retry.RefreshToken).not.toBe(first.RefreshToken)
      const latest = (await refreshByGetTokens(first.RefreshToken!)).AuthenticationResult!
      await expectStanding({ accessToken: latest.AccessToken!, idToken: latest.IdToken!, refreshToken: latest.RefreshToken! })

      clock.advance(1000)
      expect(await failure(refreshByGetTokens(tokens.refreshToken))).toEqual({
        type: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
        status: 400,
      })
      await expectEnded({ accessToken: latest.AccessToken!, idToken: latest.IdToken!, refreshToken: latest.RefreshToken! }, revoked)
      for (const refreshToken of [tokens.refreshToken, retry.RefreshToken!]) {
        expect(await failure(refreshByInitiateAuth(refreshToken))).toEqual({ ...revoked.refresh, status: 400 })
      }
      expect(await sessionsOf(sub)).toEqual([expect.objectContaining({ revokedReason: 'refresh-token-reuse', revokedAt: expect.any(Date) })])
    })

    it('a refresh token lasts 30 days from sign-in', async () => {
      const { tokens } = await signedInCustomer(t().app, client())
      clock.advance(30 * DAY - 1000)
      const late = (await refreshByInitiateAuth(tokens.refreshToken)).AuthenticationResult!
      clock.advance(1000)
      const expired = { type: 'NotAuthorizedException', message: 'Refresh Token has expired', status: 400 }
      expect(await failure(refreshByInitiateAuth(late.RefreshToken!))).toEqual(expired)
      expect(await failure(refreshByGetTokens(late.RefreshToken!))).toEqual(expired)
    })

    it('an unknown refresh token, or one for another client, is refused', async () => {
      const { tokens } = await signedInCustomer(t().app, client())
      expect(await failure(refreshByGetTokens('not-a-token'))).toEqual({ type: 'NotAuthorizedException', message: 'Invalid Refresh Token', status: 400 })
      expect(await failure(client().send(new GetTokensFromRefreshTokenCommand({ ClientId: 'other', RefreshToken: tokens.refreshToken })))).toEqual({
        type: 'ResourceNotFoundException',
        message: 'User pool client other does not exist.',
        status: 400,
      })
      await expectStanding(tokens)
    })

    it('RevokeToken signs out that session only', async () => {
      const { phone, sub, tokens } = await signedInCustomer(t().app, client())
      const other = await signIn(client(), phone)
      expect(withoutMetadata(await client().send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: tokens.refreshToken })))).toEqual({})
      await expectEnded(tokens, revoked)
      await expectStanding(other)
      expect((await sessionsOf(sub)).map((s) => s.revokedReason).sort()).toEqual([null, 'sign-out'])
      // Revoking again, or revoking something unknown, changes nothing and is not an error.
      expect(withoutMetadata(await client().send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: tokens.refreshToken })))).toEqual({})
      expect(withoutMetadata(await client().send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: 'unknown' })))).toEqual({})
      await expectStanding(other)
    })

    it('GlobalSignOut ends every session of the user, and no one else’s', async () => {
      const { phone, sub, tokens } = await signedInCustomer(t().app, client())
      const other = await signIn(client(), phone)
      const neighbour = await signedInCustomer(t().app, client())
      expect(withoutMetadata(await client().send(new GlobalSignOutCommand({ AccessToken: other.accessToken })))).toEqual({})
      await expectEnded(tokens, revoked)
      await expectEnded(other, revoked)
      await expectStanding(neighbour.tokens)
      expect((await sessionsOf(sub)).map((s) => s.revokedReason)).toEqual(['global-sign-out', 'global-sign-out'])
      await expectStanding(await signIn(client(), phone))
    })

    it('a password reset ends every session', async () => {
      const { phone, tokens } = await signedInCustomer(t().app, client())
      const other = await signIn(client(), phone)
      await client().send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: phone }))
      // The reset code alone ends nothing: the customer may remember the password after all.
      await expectStanding(tokens)
      const code = await latestCode(t().app, phone)
      await client().send(new ConfirmForgotPasswordCommand({ ClientId: CLIENT_ID, Username: phone, ConfirmationCode: code, Password: NEW_PASSWORD }))
      await expectEnded(tokens, revoked)
      await expectEnded(other, revoked)
      await expectStanding(await signIn(client(), phone, NEW_PASSWORD))
    })

    it('ChangePassword ends the other sessions and keeps this one', async () => {
      const { phone, tokens } = await signedInCustomer(t().app, client())
      const other = await signIn(client(), phone)
      await client().send(new ChangePasswordCommand({ AccessToken: tokens.accessToken, PreviousPassword: PASSWORD, ProposedPassword: NEW_PASSWORD }))
      await expectEnded(other, revoked)
      await expectStanding(tokens)
      expect((await refreshByGetTokens(tokens.refreshToken)).AuthenticationResult?.AccessToken).toEqual(expect.any(String))
    })

    it('DeleteUser ends every session', async () => {
      const { phone, tokens } = await signedInCustomer(t().app, client())
      const other = await signIn(client(), phone)
      await client().send(new DeleteUserCommand({ AccessToken: tokens.accessToken }))
      const gone = {
        access: { type: 'UserNotFoundException', message: 'User does not exist.' },
        api: 'This account no longer exists. Please sign up again.',
        refresh: { type: 'NotAuthorizedException', message: 'Invalid Refresh Token' },
      }
      await expectEnded(tokens, gone)
      await expectEnded(other, gone)
    })

    it('disabling the user ends every session at once', async () => {
      const { sub, tokens } = await signedInCustomer(t().app, client())
      await t().db.update(schema.identityUsers).set({ enabled: false }).where(eq(schema.identityUsers.sub, sub))
      await expectEnded(tokens, {
        access: { type: 'NotAuthorizedException', message: 'User is disabled.' },
        api: 'This account is disabled. Please contact the salon.',
        refresh: { type: 'NotAuthorizedException', message: 'User is disabled.' },
      })
    })

    it('a user whose password must be reset is signed out everywhere at once', async () => {
      const { sub, tokens } = await signedInCustomer(t().app, client())
      await t().db.update(schema.identityUsers).set({ status: 'RESET_REQUIRED' }).where(eq(schema.identityUsers.sub, sub))
      const resetRequired = { type: 'PasswordResetRequiredException', message: 'Password reset required for the user' }
      await expectEnded(tokens, { access: resetRequired, api: 'Your password must be reset before you sign in again.', refresh: resetRequired })
    })
  },
  () => ({ passwords: fastPasswords, trustProxy: true, now: clock.now }),
)
