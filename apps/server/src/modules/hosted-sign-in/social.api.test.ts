import { createHash } from 'node:crypto'
import { UNDER_18_MESSAGE } from '@salon/contracts/rules/date-of-birth'
import { eq, schema } from '@salon/db'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeApi, type TestApp } from '../../test/harness.ts'
import { cognitoClient, latestCode, newPhone, outboxMessages, signedInCustomer } from '../../test/factories/customers.ts'
import { fastPasswords } from '../../test/factories/doubles.ts'
import { hostedClient, HOSTED, HOSTED_OPTIONS, REDIRECT_URI } from '../../test/factories/hosted-sign-in.ts'
import { startGoogleStandIn, type GoogleAccount, type GoogleStandIn } from '../../test/google-stand-in.ts'

let google: GoogleStandIn
let accounts = 0
beforeAll(async () => {
  google = await startGoogleStandIn({ clientId: 'salon-at-google', clientSecret: 'google-secret-for-tests', redirectUris: [`${HOSTED}/oauth2/idpresponse`] })
})
afterAll(() => google?.close())

const googleAccount = (input: Partial<GoogleAccount> = {}): GoogleAccount => {
  const n = ++accounts
  return { sub: `g-${n}-${Date.now()}`, email: `jade.${n}.${Date.now()}@gmail.example`, given_name: 'Jade', family_name: 'Okafor', ...input }
}

/** A browser: cookies per site, redirects followed by hand, the salon's app reached in process. */
function browser(t: () => TestApp) {
  const jar = new Map<string, Map<string, string>>()
  const cookieHeader = (origin: string) => [...(jar.get(origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ')
  const keep = (origin: string, response: Response) => {
    const cookies = jar.get(origin) ?? new Map<string, string>()
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1))
    }
    jar.set(origin, cookies)
  }
  async function get(url: string, init: RequestInit = {}): Promise<Response> {
    const origin = new URL(url).origin
    const headers = { ...(init.headers as Record<string, string>), cookie: cookieHeader(origin) }
    const response = origin === HOSTED ? await t().app.request(url, { ...init, headers }) : await fetch(url, { ...init, headers, redirect: 'manual' })
    keep(origin, response)
    return response
  }
  return {
    get,
    cookie: (name: string) => jar.get(HOSTED)?.get(name),
    /** Follows redirects from `url` until the browser is sent back to the salon's hosted domain (or elsewhere); answers that response. */
    async follow(url: string): Promise<Response> {
      let response = await get(url)
      for (let hops = 0; hops < 10; hops++) {
        const location = response.headers.get('location')
        if (response.status < 300 || response.status >= 400 || !location) return response
        const next = new URL(location, url).href
        if (new URL(next).origin === HOSTED) return get(next)
        if (next.startsWith(REDIRECT_URI)) return response
        response = await get(next)
        url = next
      }
      throw new Error('too many redirects')
    },
    async json(path: string, body?: object) {
      const response = await get(
        `${HOSTED}${path}`,
        body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {},
      )
      return { status: response.status, json: (await response.json()) as Record<string, any> }
    },
  }
}

describeApi(
  'hosted sign-in with Google: new customers, linking, and refusals',
  (t) => {
    const client = () => hostedClient(t().app)

    /** Starts a Google sign-in in a fresh browser, signs in at the stand-in, and answers where the salon sent the browser after. */
    async function throughGoogle(account: GoogleAccount | 'cancel', state = 'app-state') {
      const b = browser(t)
      const { verifier, challenge } = pkce()
      const start = await b.get(client().authorizeUrl({ identity_provider: 'Google', state, code_challenge: challenge }))
      expect(start.status).toBe(302)
      const at = start.headers.get('location')!
      expect(at.startsWith(google.issuer)).toBe(true)
      if (account === 'cancel') google.cancelNext()
      else google.signInAs(account)
      const back = await b.follow(at)
      return { b, back, location: back.headers.get('location') ?? '', verifier }
    }

    const pkce = () => {
      const verifier = 'v'.repeat(20) + Math.random().toString(36).slice(2).padEnd(30, 'x')
      return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
    }

    it('a new customer gives phone, date of birth, skin type and consent, proves the phone, and is signed in', async () => {
      const account = googleAccount()
      const { b, location, verifier } = await throughGoogle(account)
      expect(location).toMatch(/^\/sign-in\/social\/\?authorization=/)
      const authorization = new URL(location, HOSTED).searchParams.get('authorization')!
      const state = await b.json(`/oauth2/social?authorization=${authorization}`)
      expect(state).toMatchObject({
        status: 200,
        json: { provider: 'Google', providerLabel: 'Google', step: 'profile', email: account.email, givenName: 'Jade' },
      })

      const phone = newPhone().e164
      const profile = { authorization, phone, birthdate: '1994-02-11', skinType: '3', marketing: true }
      const child = await b.json('/oauth2/social/profile', { ...profile, birthdate: '2015-06-01' })
      expect(child).toMatchObject({ status: 400, json: { error: 'invalid_request', error_description: UNDER_18_MESSAGE } })
      expect(await outboxMessages(t().app, phone)).toHaveLength(0)
      for (const [field, value] of [
        ['skinType', '7'],
        ['phone', '0161 496 0000'],
        ['marketing', 'yes'],
        ['birthdate', '1994-02-30'],
      ] as const) {
        expect((await b.json('/oauth2/social/profile', { ...profile, [field]: value })).status, field).toBe(400)
      }

      const sent = await b.json('/oauth2/social/profile', profile)
      expect(sent).toMatchObject({ status: 200, json: { step: 'code', linking: false } })
      const code = await latestCode(t().app, phone)
      expect((await b.json('/oauth2/social/code', { authorization, code: code === '000000' ? '111111' : '000000' })).status).toBe(400)
      const done = await b.json('/oauth2/social/code', { authorization, code })
      expect(done.status).toBe(200)
      const back = new URL(done.json.location)
      expect(back.origin + back.pathname).toBe(REDIRECT_URI)
      expect(back.searchParams.get('state')).toBe('app-state')

      const tokens = await client().exchange({ code: back.searchParams.get('code')!, code_verifier: verifier })
      expect(tokens.status).toBe(200)
      const claims = decodeJwt(tokens.json.id_token)
      expect(claims).toMatchObject({ phone_number: phone, email: account.email, birthdate: '1994-02-11', 'custom:skin_type': '3', given_name: 'Jade' })
      const me = await t().api('p_account', { headers: { authorization: `Bearer ${tokens.json.id_token}` } })
      expect(me.status).toBe(200)
      expect(me.json).toMatchObject({ account: { appMarketing: true } })

      // Next time, Google alone signs them in.
      const again = await throughGoogle(account)
      expect(new URL(again.location).searchParams.get('code')).toBeTruthy()
    })

    it('a verified email of an existing customer links only after the code texted to their phone', async () => {
      const email = `mia.${Date.now()}@example.com`
      const existing = await signedInCustomer(t().app, cognitoClient(t().app), { email })
      const account = googleAccount({ email })
      const { b, location, verifier } = await throughGoogle(account)
      const authorization = new URL(location, HOSTED).searchParams.get('authorization')!
      const state = await b.json(`/oauth2/social?authorization=${authorization}`)
      expect(state.json).toMatchObject({ step: 'link', destination: expect.stringMatching(/^\+\*+\d{3,4}$|\d{3}$/) })
      const links = () => t().db.select().from(schema.identitySocialLinks).where(eq(schema.identitySocialLinks.sub, existing.sub))
      expect(await links()).toHaveLength(0)

      const before = (await outboxMessages(t().app, existing.phone)).length
      expect(await b.json('/oauth2/social/send-code', { authorization })).toMatchObject({ status: 200, json: { step: 'code' } })
      expect(await outboxMessages(t().app, existing.phone)).toHaveLength(before + 1)
      const done = await b.json('/oauth2/social/code', { authorization, code: await latestCode(t().app, existing.phone) })
      expect(done.status).toBe(200)
      expect(await links()).toHaveLength(1)
      const tokens = await client().exchange({ code: new URL(done.json.location).searchParams.get('code')!, code_verifier: verifier })
      expect(decodeJwt(tokens.json.id_token).sub).toBe(existing.sub)
    })

    it('a cancelled Google sign-in returns to the sign-in page with a clear message', async () => {
      const { location } = await throughGoogle('cancel', 'cancel-state')
      const back = new URL(location)
      expect(back.origin + back.pathname).toBe(REDIRECT_URI)
      expect(back.searchParams.get('error')).toBe('access_denied')
      expect(back.searchParams.get('error_description')).toBe('The sign-in with Google was cancelled. Please try again, or sign in with your mobile number.')
      expect(back.searchParams.get('state')).toBe('cancel-state')
    })

    it('refuses an answer whose state is unknown or used already, or that arrives in another browser', async () => {
      const b = browser(t)
      const start = await b.get(client().authorizeUrl({ identity_provider: 'Google' }))
      const providerState = new URL(start.headers.get('location')!).searchParams.get('state')!
      const unknown = await b.get(`${HOSTED}/oauth2/idpresponse?code=abc&state=${'x'.repeat(43)}`)
      expect(unknown.status).toBe(404)
      expect(await unknown.json()).toMatchObject({ error: 'invalid_request' })
      const missing = await b.get(`${HOSTED}/oauth2/idpresponse?code=abc`)
      expect(missing.status).toBe(400)

      const stranger = browser(t)
      const elsewhere = await stranger.get(`${HOSTED}/oauth2/idpresponse?code=abc&state=${providerState}`)
      expect(elsewhere.status).toBe(302)
      expect(new URL(elsewhere.headers.get('location')!).searchParams.get('error')).toBe('access_denied')
      // The state was spent by that answer: the real browser's answer now finds nothing.
      expect((await b.get(`${HOSTED}/oauth2/idpresponse?code=abc&state=${providerState}`)).status).toBe(404)
    })

    it('an answer that does not match the PKCE verifier or the nonce of its request is refused', async () => {
      for (const column of ['providerVerifier', 'providerNonce'] as const) {
        const b = browser(t)
        const start = await b.get(client().authorizeUrl({ identity_provider: 'Google' }))
        const providerState = new URL(start.headers.get('location')!).searchParams.get('state')!
        await t()
          .db.update(schema.hostedSignInRequests)
          .set({ [column]: 'y'.repeat(50) })
          .where(eq(schema.hostedSignInRequests.providerState, providerState))
        google.signInAs(googleAccount())
        const back = await b.follow(start.headers.get('location')!)
        const location = new URL(back.headers.get('location')!)
        expect(location.searchParams.get('error'), column).toBe('access_denied')
        expect(location.searchParams.get('error_description')).toBe('Google could not confirm who you are. Please try again.')
        expect(location.searchParams.get('code')).toBeNull()
      }
    })

    it('five wrong codes use up the tries, even before the right one', async () => {
      const { b, location } = await throughGoogle(googleAccount())
      const authorization = new URL(location, HOSTED).searchParams.get('authorization')!
      const phone = newPhone().e164
      await b.json('/oauth2/social/profile', { authorization, phone, birthdate: '1990-01-01', skinType: '2', marketing: false })
      const code = await latestCode(t().app, phone)
      const wrong = code === '123456' ? '654321' : '123456'
      for (let i = 0; i < 5; i++) expect((await b.json('/oauth2/social/code', { authorization, code: wrong })).status).toBe(400)
      expect((await b.json('/oauth2/social/code', { authorization, code })).status).toBe(429)
    })

    it('the steps answer only the browser that started the sign-in', async () => {
      const { location } = await throughGoogle(googleAccount())
      const authorization = new URL(location, HOSTED).searchParams.get('authorization')!
      const stranger = browser(t)
      expect((await stranger.json(`/oauth2/social?authorization=${authorization}`)).status).toBe(404)
      expect((await stranger.json('/oauth2/social/profile', { authorization, phone: newPhone().e164 })).status).toBe(404)
      expect((await stranger.json('/oauth2/social/profile', [1, 2])).status).toBe(400)
    })
  },
  () => ({
    passwords: fastPasswords,
    identity: {
      hostedSignIn: {
        ...HOSTED_OPTIONS,
        providers: [{ name: 'Google', issuer: google.issuer, clientId: 'salon-at-google', clientSecret: 'google-secret-for-tests' }],
      },
    },
  }),
)
