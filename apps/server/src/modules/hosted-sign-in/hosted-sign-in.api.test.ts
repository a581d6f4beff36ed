import * as oidc from 'openid-client'
import { decodeJwt, SignJWT } from 'jose'
import { expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import { CLIENT_ID, cognitoClient, ISSUER, signedInCustomer } from '../../test/factories/customers.ts'
import { loadSigningKeys } from '../identity/signing-keys.service.ts'
import { removeExpiredSignIns } from './hosted-sign-in.module.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { hostedClient, HOSTED, HOSTED_OPTIONS, REDIRECT_URI, SIGN_OUT_URI } from '../../test/factories/hosted-sign-in.ts'

const clock = testClock()

describeApi(
  'hosted sign-in: authorize, the own sign-in page, code, token, user info and sign-out',
  (t) => {
    const client = () => hostedClient(t().app)
    const customer = () => signedInCustomer(t().app, cognitoClient(t().app))

    it('publishes a discovery document whose issuer is the one in the tokens, and a standard OpenID Connect client signs in with it', async () => {
      const discovery = await t().app.request(`${HOSTED}/.well-known/openid-configuration`)
      expect(discovery.status).toBe(200)
      const document = (await discovery.json()) as Record<string, unknown>
      expect(document).toMatchObject({
        issuer: HOSTED,
        authorization_endpoint: `${HOSTED}/oauth2/authorize`,
        token_endpoint: `${HOSTED}/oauth2/token`,
        userinfo_endpoint: `${HOSTED}/oauth2/userInfo`,
        end_session_endpoint: `${HOSTED}/logout`,
        jwks_uri: `${HOSTED}/.well-known/jwks.json`,
        code_challenge_methods_supported: ['S256'],
      })

      // openid-client discovers, checks the issuer, the id token's signature (JWKS), audience, nonce and PKCE.
      const fetcher: oidc.CustomFetch = (url, options) => Promise.resolve(t().app.request(url, options as RequestInit))
      const config = await oidc.discovery(new URL(HOSTED), CLIENT_ID, undefined, oidc.None(), { [oidc.customFetch]: fetcher })
      config[oidc.customFetch] = fetcher
      const verifier = oidc.randomPKCECodeVerifier()
      const nonce = oidc.randomNonce()
      const state = oidc.randomState()
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid email phone profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        nonce,
        state,
      })
      const person = await customer()
      const back = await client().signInThrough(url, person.tokens.accessToken)
      const tokens = await oidc.authorizationCodeGrant(config, new URL(back), { pkceCodeVerifier: verifier, expectedNonce: nonce, expectedState: state })
      const claims = tokens.claims()!
      expect(claims).toMatchObject({ iss: HOSTED, aud: CLIENT_ID, sub: person.sub, nonce, phone_number: person.phone })
      expect(decodeJwt(tokens.access_token)).toMatchObject({ iss: HOSTED, token_use: 'access', client_id: CLIENT_ID })
      const info = await oidc.fetchUserInfo(config, tokens.access_token, person.sub)
      expect(info).toMatchObject({ sub: person.sub, phone_number: person.phone, email: 'sophie@example.com', given_name: 'Sophie' })

      // The tokens work everywhere the pool's do: the salon API takes the id token.
      const account = await t().api('p_account', { headers: { authorization: `Bearer ${tokens.id_token}` } })
      expect(account.status).toBe(200)
    })

    it('a password sign-in gets tokens from the same issuer, and tokens from the earlier issuer still stand', async () => {
      const person = await customer()
      expect(decodeJwt(person.tokens.idToken).iss).toBe(HOSTED)
      const keys = await loadSigningKeys(t().db)
      const earlier = await new SignJWT({ ...decodeJwt(person.tokens.idToken), iss: ISSUER })
        .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
        .sign(keys.privateKey)
      expect((await t().api('p_account', { headers: { authorization: `Bearer ${earlier}` } })).status).toBe(200)
      const foreign = await new SignJWT({ ...decodeJwt(person.tokens.idToken), iss: 'https://elsewhere.example' })
        .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
        .sign(keys.privateKey)
      expect((await t().api('p_account', { headers: { authorization: `Bearer ${foreign}` } })).status).toBe(401)
    })

    it('refuses an unknown client or a redirect address not on the list, without redirecting anywhere', async () => {
      const bad = [
        client().authorizeUrl({ client_id: 'someoneelse' }),
        client().authorizeUrl({ redirect_uri: 'https://evil.example/sign-in/' }),
        client().authorizeUrl({ redirect_uri: `${REDIRECT_URI}?next=https://evil.example/` }),
        client().authorizeUrl({ redirect_uri: undefined }),
      ]
      for (const url of bad) {
        const response = await t().app.request(url)
        expect(response.status).toBeGreaterThanOrEqual(400)
        expect(response.status).toBeLessThan(500)
        expect(response.headers.get('location')).toBeNull()
        expect(await response.json()).toMatchObject({ error: expect.stringMatching(/^invalid_(client|request)$/), error_description: expect.any(String) })
      }
    })

    it('sends every other refusal back to the client with its state: PKCE is required, with S256', async () => {
      const cases: [Record<string, string | undefined>, string][] = [
        [{ code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
        [{ code_challenge_method: 'plain' }, 'invalid_request'],
        [{ code_challenge: 'short' }, 'invalid_request'],
        [{ response_type: 'token' }, 'unsupported_response_type'],
        [{ scope: 'openid admin' }, 'invalid_scope'],
        [{ identity_provider: 'Facebook' }, 'invalid_request'],
        [{ identity_provider: 'Google' }, 'invalid_request'],
      ]
      for (const [params, error] of cases) {
        const response = await t().app.request(client().authorizeUrl({ ...params, state: 'st-1' }))
        expect(response.status).toBe(302)
        const location = new URL(response.headers.get('location')!)
        expect(location.origin + location.pathname).toBe(REDIRECT_URI)
        expect(location.searchParams.get('error')).toBe(error)
        expect(location.searchParams.get('state')).toBe('st-1')
        expect(location.searchParams.get('error_description')).toBeTruthy()
      }
    })

    it('sends the visitor to the salon sign-in page when no provider is named, and refuses a name given twice', async () => {
      const response = await t().app.request(client().authorizeUrl())
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toMatch(/^\/sign-in\/\?authorization=[A-Za-z0-9_-]{43}$/)
      expect(response.headers.get('set-cookie')).toMatch(/salon_sign_in_browser=.*HttpOnly/)
      const twice = await t().app.request(`${client().authorizeUrl()}&client_id=${CLIENT_ID}`)
      expect(twice.status).toBe(400)
    })

    it('finishes only in the browser that started it, with an access token that stands', async () => {
      const person = await customer()
      const started = await client().start()
      const otherBrowser = await client().finish(started.authorization, person.tokens.accessToken, 'x'.repeat(43))
      expect(otherBrowser.status).toBe(404)
      const idToken = await client().finish(started.authorization, person.tokens.idToken, started.browser)
      expect(idToken).toMatchObject({ status: 401, json: { error: 'invalid_token' } })
      const junk = await client().finish('\u0000bad', person.tokens.accessToken, started.browser)
      expect(junk.status).toBe(404)
      const done = await client().finish(started.authorization, person.tokens.accessToken, started.browser)
      expect(done.status).toBe(200)
      expect(new URL(done.json.location).searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const again = await client().finish(started.authorization, person.tokens.accessToken, started.browser)
      expect(again.status).toBe(404)
    })

    it('a code is exchanged once; used again, it fails and ends the session it made', async () => {
      const person = await customer()
      const { code, verifier } = await client().code(person.tokens.accessToken)
      const first = await client().exchange({ code, code_verifier: verifier })
      expect(first.status).toBe(200)
      expect(first.headers.get('cache-control')).toBe('no-store')
      expect(first.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
      expect((await client().userInfo(first.json.access_token)).status).toBe(200)
      const second = await client().exchange({ code, code_verifier: verifier })
      expect(second).toMatchObject({ status: 400, json: { error: 'invalid_grant', error_description: 'The authorization code has been used already.' } })
      expect(await client().userInfo(first.json.access_token)).toMatchObject({ status: 401, json: { error: 'invalid_token' } })
    })

    it('refuses a wrong verifier, another redirect address, another client, and a code past its five minutes', async () => {
      const person = await customer()
      const wrongVerifier = await client().code(person.tokens.accessToken)
      expect(await client().exchange({ code: wrongVerifier.code, code_verifier: 'a'.repeat(43) })).toMatchObject({
        status: 400,
        json: { error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge of the authorization.' },
      })
      const noVerifier = await client().code(person.tokens.accessToken)
      expect(await client().exchange({ code: noVerifier.code, code_verifier: undefined })).toMatchObject({ status: 400, json: { error: 'invalid_request' } })
      const otherAddress = await client().code(person.tokens.accessToken)
      expect(
        await client().exchange({ code: otherAddress.code, code_verifier: otherAddress.verifier, redirect_uri: 'https://app.test/elsewhere/' }),
      ).toMatchObject({ status: 400, json: { error: 'invalid_grant' } })
      const otherClient = await client().code(person.tokens.accessToken)
      expect(await client().exchange({ code: otherClient.code, code_verifier: otherClient.verifier, client_id: 'someoneelse' })).toMatchObject({
        status: 401,
        json: { error: 'invalid_client' },
      })
      const late = await client().code(person.tokens.accessToken)
      clock.advance(5 * 60_000 + 1)
      try {
        expect(await client().exchange({ code: late.code, code_verifier: late.verifier })).toMatchObject({ status: 400, json: { error: 'invalid_grant' } })
      } finally {
        clock.reset()
      }
    })

    it('a wrong verifier or redirect address leaves the code to the client that has the verifier; a used code shown with a wrong verifier ends nothing', async () => {
      const person = await customer()
      const { code, verifier } = await client().code(person.tokens.accessToken)
      for (let i = 0; i < 3; i++) {
        expect(await client().exchange({ code, code_verifier: `${'b'.repeat(42)}${i}` })).toMatchObject({
          status: 400,
          json: { error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge of the authorization.' },
        })
      }
      expect(await client().exchange({ code, code_verifier: verifier, redirect_uri: 'https://app.test/elsewhere/' })).toMatchObject({
        status: 400,
        json: { error: 'invalid_grant', error_description: 'redirect_uri is not the address the authorization code was sent to.' },
      })
      expect(await client().exchange({ code, code_verifier: verifier, client_id: 'someoneelse' })).toMatchObject({ status: 401 })
      const tokens = await client().exchange({ code, code_verifier: verifier })
      expect(tokens.status).toBe(200)
      // Spent now: whoever shows it again without the verifier is refused, and the session it made stands.
      expect(await client().exchange({ code, code_verifier: 'c'.repeat(43) })).toMatchObject({ status: 400, json: { error: 'invalid_grant' } })
      expect((await client().userInfo(tokens.json.access_token)).status).toBe(200)
    })

    it('answers bad token requests with OAuth errors, never a 5xx', async () => {
      const post = (body: string, type = 'application/x-www-form-urlencoded') =>
        t().app.request(`${HOSTED}/oauth2/token`, { method: 'POST', headers: { 'content-type': type }, body })
      const cases: [string, string | undefined, number, string][] = [
        [`grant_type=password&client_id=${CLIENT_ID}`, undefined, 400, 'unsupported_grant_type'],
        [`client_id=${CLIENT_ID}`, undefined, 400, 'invalid_request'],
        [`grant_type=authorization_code`, undefined, 400, 'invalid_request'],
        [`grant_type=authorization_code&client_id=${CLIENT_ID}&code=%00&redirect_uri=x&code_verifier=${'a'.repeat(43)}`, undefined, 400, 'invalid_request'],
        [`grant_type=authorization_code&client_id=${CLIENT_ID}&code=nope&redirect_uri=x&code_verifier=${'a'.repeat(43)}`, undefined, 400, 'invalid_grant'],
        [`grant_type=refresh_token&client_id=${CLIENT_ID}&refresh_token=nope`, undefined, 400, 'invalid_grant'],
        [`{"grant_type":"refresh_token"}`, 'application/json', 400, 'invalid_request'],
        [`grant_type=refresh_token&grant_type=authorization_code&client_id=${CLIENT_ID}`, undefined, 400, 'invalid_request'],
      ]
      for (const [body, type, status, error] of cases) {
        const response = await post(body, type)
        expect(response.status, body).toBe(status)
        expect(await response.json()).toMatchObject({ error })
      }
    })

    it('a client id in Basic credentials that is badly percent-encoded, or not ours, is invalid_client at token and revoke', async () => {
      const basic = (user: string) => `Basic ${Buffer.from(`${user}:secret`, 'latin1').toString('base64')}`
      const post = (path: string, authorization: string, body: string) =>
        t().app.request(`${HOSTED}/oauth2/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
          body,
        })
      const bodies = { token: 'grant_type=refresh_token&refresh_token=nope', revoke: 'token=nope' }
      for (const user of ['%E0%A4%A', '%zz', '%', `${CLIENT_ID}%`, 'someoneelse', '%00', '\u00ff']) {
        for (const [path, body] of Object.entries(bodies)) {
          const response = await post(path, basic(user), body)
          expect(response.status, `${path} ${user}`).toBe(401)
          expect(response.headers.get('www-authenticate'), `${path} ${user}`).toMatch(/^Basic /)
          expect(await response.json()).toMatchObject({ error: 'invalid_client', error_description: expect.stringMatching(/[a-z]{3}/) })
        }
      }
      // The client's own id, percent-encoded or not, is named well.
      const named = await post('revoke', basic(encodeURIComponent(CLIENT_ID)), bodies.revoke)
      expect(named.status).toBe(200)
    })

    it('a refresh token from the code renews the tokens, through the token endpoint', async () => {
      const person = await customer()
      const { code, verifier } = await client().code(person.tokens.accessToken)
      const first = await client().exchange({ code, code_verifier: verifier })
      const renewed = await client().refresh(first.json.refresh_token)
      expect(renewed.status).toBe(200)
      expect(decodeJwt(renewed.json.id_token)).toMatchObject({ iss: HOSTED, sub: person.sub })
      expect(renewed.json.refresh_token).not.toBe(first.json.refresh_token)
    })

    it('user info wants a standing access token', async () => {
      const missing = await t().app.request(`${HOSTED}/oauth2/userInfo`)
      expect(missing.status).toBe(401)
      expect(missing.headers.get('www-authenticate')).toContain('invalid_token')
      expect((await client().userInfo('not-a-token')).status).toBe(401)
    })

    it('sign-out ends the hosted session and returns only to a registered address', async () => {
      const person = await customer()
      const started = await client().start()
      const done = await client().finish(started.authorization, person.tokens.accessToken, started.browser)
      const session = /salon_hosted_session=([^;]+)/.exec(done.headers.get('set-cookie') ?? '')![1]!
      const code = new URL(done.json.location).searchParams.get('code')!
      const tokens = await client().exchange({ code, code_verifier: started.verifier })
      expect(tokens.status).toBe(200)

      const elsewhere = await t().app.request(`${HOSTED}/logout?client_id=${CLIENT_ID}&logout_uri=${encodeURIComponent('https://evil.example/')}`)
      expect(elsewhere.status).toBe(400)
      expect(elsewhere.headers.get('location')).toBeNull()

      const out = await t().app.request(`${HOSTED}/logout?client_id=${CLIENT_ID}&logout_uri=${encodeURIComponent(SIGN_OUT_URI)}`, {
        headers: { cookie: `salon_hosted_session=${session}` },
      })
      expect(out.status).toBe(302)
      expect(out.headers.get('location')).toBe(SIGN_OUT_URI)
      expect((await client().userInfo(tokens.json.access_token)).status).toBe(401)
      // The customer's other sessions (the web app's own sign-in) stand.
      expect((await client().userInfo(person.tokens.accessToken)).status).toBe(200)
    })

    it('cancelling on the salon sign-in page goes back to the client with access_denied', async () => {
      const started = await client().start({ state: 'keep-me' })
      const response = await t().app.request(`${HOSTED}/oauth2/cancel?authorization=${started.authorization}`, {
        headers: { cookie: `salon_sign_in_browser=${started.browser}` },
      })
      const location = new URL(response.headers.get('location')!)
      expect(location.searchParams.get('error')).toBe('access_denied')
      expect(location.searchParams.get('state')).toBe('keep-me')
    })
  },
  () => ({ now: clock.now, passwords: fastPasswords, identity: { hostedSignIn: HOSTED_OPTIONS } }),
)

describeApi(
  'hosted sign-in: exchanges of one code at once',
  (t) => {
    it('exactly one gets tokens', async () => {
      const person = await signedInCustomer(t().app, cognitoClient(t().app))
      const client = hostedClient(t().app)
      const { code, verifier } = await client.code(person.tokens.accessToken)
      const answers = await Promise.all(Array.from({ length: 20 }, () => client.exchange({ code, code_verifier: verifier })))
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
      expect(answers.filter((a) => a.status === 400)).toHaveLength(19)
    })

    it('wrong verifiers sent together with the right one do not take the code from it', async () => {
      const person = await signedInCustomer(t().app, cognitoClient(t().app))
      const client = hostedClient(t().app)
      const { code, verifier } = await client.code(person.tokens.accessToken)
      const wrong = Array.from({ length: 19 }, (_, i) => client.exchange({ code, code_verifier: `${'d'.repeat(41)}${String(i).padStart(2, '0')}` }))
      const answers = await Promise.all([...wrong, client.exchange({ code, code_verifier: verifier })])
      expect(answers.at(-1)!.status).toBe(200)
      expect(answers.slice(0, -1).every((a) => a.status === 400 && a.json.error === 'invalid_grant')).toBe(true)
    })
  },
  { postgresOnly: true, deps: () => ({ passwords: fastPasswords, identity: { hostedSignIn: HOSTED_OPTIONS } }) },
)

describeApi(
  'hosted sign-in: requests past their time',
  (t) => {
    it('are removed after thirty minutes, a finished one an hour after its code expires', async () => {
      const client = hostedClient(t().app)
      const person = await signedInCustomer(t().app, cognitoClient(t().app))
      const { code, verifier } = await client.code(person.tokens.accessToken)
      await client.start()
      expect(await removeExpiredSignIns(t().db, Date.now() + 31 * 60_000)).toBe(1)
      // The finished request is kept an hour past its code's expiry, so its reuse is still known.
      expect((await client.exchange({ code, code_verifier: verifier })).status).toBe(200)
      expect((await client.exchange({ code, code_verifier: verifier })).json).toMatchObject({
        error_description: 'The authorization code has been used already.',
      })
      expect(await removeExpiredSignIns(t().db, Date.now() + 2 * 3600_000)).toBe(1)
    })
  },
  () => ({ passwords: fastPasswords, identity: { hostedSignIn: HOSTED_OPTIONS } }),
)
