import { exportPKCS8, generateKeyPair } from 'jose'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import { latestCode, newPhone } from '../../test/factories/customers.ts'
import { fastPasswords } from '../../test/factories/doubles.ts'
import { cookieOf, hostedClient, HOSTED, HOSTED_OPTIONS, REDIRECT_URI } from '../../test/factories/hosted-sign-in.ts'
import { startGoogleStandIn, type GoogleStandIn } from '../../test/google-stand-in.ts'

const APPLE = { clientId: 'com.bronzeglow.web', teamId: 'ABCDE12345', keyId: 'KEY1234567' }
let apple: GoogleStandIn
let privateKey = ''
beforeAll(async () => {
  const keys = await generateKeyPair('ES256', { extractable: true })
  privateKey = await exportPKCS8(keys.privateKey)
  apple = await startGoogleStandIn({
    clientId: APPLE.clientId,
    clientSecret: 'what-the-signed-secret-stands-for',
    redirectUris: [`${HOSTED}/oauth2/idpresponse`],
    apple: { teamId: APPLE.teamId, publicKey: keys.publicKey },
  })
})
afterAll(() => apple?.close())

/** The hidden fields of a form_post answer, and where it posts them. */
function formPost(html: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&')
  const fields = new URLSearchParams()
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields.set(match[1]!, match[2]!.replace(/&amp;/g, '&'))
  return { action, fields }
}

describeApi(
  'hosted sign-in with Apple: a signed client secret and a form post',
  (t) => {
    it('a new customer signs in with Apple, whose answer is a cross-site form post, and gives their details', async () => {
      const client = hostedClient(t().app)
      const started = await client.start({ identity_provider: 'SignInWithApple', state: 'apple-state' })
      const at = new URL(started.location)
      expect(at.origin).toBe(apple.issuer)
      expect(at.searchParams.get('response_mode')).toBe('form_post')
      expect(at.searchParams.get('code_challenge_method')).toBe('S256')

      // At Apple, through its pages, to the form it posts back.
      apple.signInAs({ sub: `apple-${Date.now()}`, email: `relay.${Date.now()}@privaterelay.appleid.example` })
      const jar: string[] = []
      let response = await fetch(started.location, { redirect: 'manual' })
      for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
        jar.push(...response.headers.getSetCookie().map((line) => line.split(';')[0]!))
        response = await fetch(new URL(response.headers.get('location')!, apple.issuer), { redirect: 'manual', headers: { cookie: jar.join('; ') } })
      }
      const { action, fields } = formPost(await response.text())
      expect(action).toBe(`${HOSTED}/oauth2/idpresponse`)
      expect(fields.get('code')).toBeTruthy()

      const back = await t().app.request(action!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `salon_sign_in_browser=${started.browser}` },
        body: fields.toString(),
      })
      expect(back.status).toBe(302)
      const authorization = new URL(back.headers.get('location')!, HOSTED).searchParams.get('authorization')!
      expect(authorization).toBeTruthy()
      const cookie = { cookie: `salon_sign_in_browser=${started.browser}`, 'content-type': 'application/json' }
      const post = (path: string, body: object) => t().app.request(`${HOSTED}${path}`, { method: 'POST', headers: cookie, body: JSON.stringify(body) })
      const state = await (await t().app.request(`${HOSTED}/oauth2/social?authorization=${authorization}`, { headers: cookie })).json()
      expect(state).toMatchObject({ provider: 'SignInWithApple', providerLabel: 'Apple', step: 'profile' })
      const phone = newPhone().e164
      expect((await post('/oauth2/social/profile', { authorization, phone, birthdate: '1991-09-09', skinType: '4', marketing: false })).status).toBe(200)
      const done = await post('/oauth2/social/code', { authorization, code: await latestCode(t().app, phone) })
      expect(done.status).toBe(200)
      const location = new URL(((await done.json()) as { location: string }).location)
      expect(location.origin + location.pathname).toBe(REDIRECT_URI)
      expect(location.searchParams.get('state')).toBe('apple-state')
      expect(cookieOf(done, 'salon_hosted_session')).toBeTruthy()
      const tokens = await client.exchange({ code: location.searchParams.get('code')!, code_verifier: started.verifier })
      expect(tokens.status).toBe(200)
    })

    it('the browser binding cookie over HTTPS is SameSite=None, so the cross-site form post from Apple carries it', async () => {
      const started = await hostedClient(t().app).start({ identity_provider: 'SignInWithApple' })
      expect(started.response.headers.get('set-cookie')).toMatch(/salon_sign_in_browser=[^;]+;.*HttpOnly; Secure; SameSite=None/)
    })
  },
  () => ({
    passwords: fastPasswords,
    identity: {
      hostedSignIn: {
        ...HOSTED_OPTIONS,
        providers: [{ name: 'SignInWithApple', issuer: apple.issuer, clientId: APPLE.clientId, teamId: APPLE.teamId, keyId: APPLE.keyId, privateKey }],
      },
    },
  }),
)
