import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorHandler, HttpError } from '../../lib/errors.ts'
import { createLogger } from '../../lib/logger.ts'
import { apiMessage, cognitoVerifier, optionalIdentity, type IdentityVerifier, type OptionalIdentityVariables } from './api-identity.ts'
import { CognitoError, cognitoErrors as E } from './cognito-error.ts'

describe('what the API says when the built-in pool turns a token down', () => {
  it('is chosen by the refusal’s type and reason', () => {
    expect(apiMessage(E.userNotFound())).toBe('This account no longer exists. Please sign up again.')
    expect(apiMessage(E.resetRequired())).toBe('Your password must be reset before you sign in again.')
    expect(apiMessage(E.disabled())).toBe('This account is disabled. Please contact the salon.')
    expect(apiMessage(E.revoked('Id'))).toBe('You have been signed out. Please sign in again.')
    expect(apiMessage(E.revoked('Access'))).toBe('You have been signed out. Please sign in again.')
    expect(apiMessage(E.notAuthorized('Token expired', 'token-expired'))).toBe('Your session has expired. Please sign in again.')
    expect(apiMessage(E.notAuthorized('Token not valid', 'token-invalid'))).toBe('The identity token is not valid. Please sign in again.')
  })

  it('never by its wording', () => {
    // The same words without the reason: a reworded message can no longer change what the API says.
    expect(apiMessage(new CognitoError('NotAuthorizedException', 'User is disabled.'))).toBe('The identity token is not valid. Please sign in again.')
    expect(apiMessage(new CognitoError('NotAuthorizedException', 'Id Token has been revoked'))).toBe('The identity token is not valid. Please sign in again.')
    expect(apiMessage(E.notAuthorized('The session was revoked by an administrator', 'revoked'))).toBe('You have been signed out. Please sign in again.')
  })
})

describe('a real Cognito user pool’s tokens', () => {
  const region = 'eu-west-2'
  const userPoolId = 'eu-west-2_TestPool1'
  const clientId = 'test-client-id'
  const issuer = `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`
  let server: Server
  let privateKey: CryptoKey
  let otherKey: CryptoKey
  let verifier: ReturnType<typeof cognitoVerifier>

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true })
    privateKey = pair.privateKey
    otherKey = (await generateKeyPair('RS256')).privateKey
    const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] }
    server = createServer((_request, response) => response.setHeader('content-type', 'application/json').end(JSON.stringify(jwks)))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    verifier = cognitoVerifier({ region, userPoolId, clientId, jwksUrl: `http://127.0.0.1:${port}/jwks.json` })
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const idToken = (key: CryptoKey, expiresAt: number) =>
    new SignJWT({ token_use: 'id', given_name: 'Sophie' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setSubject('6f1c1a53-7d36-4c1e-9f0e-3f3f8b0d2a11')
      .setIssuedAt(expiresAt - 3600)
      .setExpirationTime(expiresAt)
      .sign(key)
  const refusal = (token: Promise<string>) =>
    token
      .then((t) => verifier.verify(t))
      .then(
        () => undefined,
        (error: unknown) => (error instanceof HttpError ? { status: error.status, message: error.message } : error),
      )
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

  it('a standing token names its customer', async () => {
    expect(await verifier.verify(await idToken(privateKey, inAnHour()))).toMatchObject({ profile: { firstName: 'Sophie' } })
  })

  it('an expired token asks the customer to sign in again because the session ran out', async () => {
    expect(await refusal(idToken(privateKey, Math.floor(Date.now() / 1000) - 600))).toEqual({
      status: 401,
      message: 'Your session has expired. Please sign in again.',
    })
  })

  it('a token signed with another key is not valid', async () => {
    expect(await refusal(idToken(otherKey, inAnHour()))).toEqual({ status: 401, message: 'The identity token is not valid. Please sign in again.' })
  })
})

describe('a call where signing in is optional', () => {
  const profile = { firstName: 'Sophie', lastName: null, email: null, phone: null, dob: null, skinType: 3 }
  const verifier: IdentityVerifier = {
    async verify(token) {
      if (token === 'good-token') return { sub: 'sub-1', profile }
      throw new HttpError(
        401,
        token === 'old-token' ? 'Your session has expired. Please sign in again.' : 'The identity token is not valid. Please sign in again.',
      )
    },
  }
  const app = new Hono<{ Variables: OptionalIdentityVariables }>()
  app.onError(errorHandler(createLogger('silent')))
  app.post('/price', optionalIdentity(verifier), (c) => c.json({ identity: c.get('optionalIdentity') }))
  const call = async (authorization?: string) => {
    const response = await app.request('/price', { method: 'POST', headers: authorization === undefined ? {} : { authorization } })
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }

  it('serves a visitor without a token as nobody in particular', async () => {
    expect(await call()).toEqual({ status: 200, json: { identity: null } })
    expect(await call('   ')).toEqual({ status: 200, json: { identity: null } })
  })

  it('serves a customer whose token is good as that customer, with or without "Bearer "', async () => {
    expect(await call('good-token')).toEqual({ status: 200, json: { identity: { sub: 'sub-1', profile } } })
    expect(await call('Bearer good-token')).toEqual({ status: 200, json: { identity: { sub: 'sub-1', profile } } })
  })

  it('refuses a token that is sent but expired or not valid, rather than treating the caller as a visitor', async () => {
    expect(await call('Bearer old-token')).toEqual({ status: 401, json: { message: 'Your session has expired. Please sign in again.' } })
    expect(await call('forged')).toEqual({ status: 401, json: { message: 'The identity token is not valid. Please sign in again.' } })
  })
})
