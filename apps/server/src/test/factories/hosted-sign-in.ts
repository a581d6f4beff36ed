import { createHash, randomBytes } from 'node:crypto'
import type { HostedSignInOptions } from '../../modules/hosted-sign-in/hosted-sign-in.service.ts'
import { CLIENT_ID } from './sign-up.ts'

/** The hosted domain of the test apps, and the web app's addresses registered with it. */
export const HOSTED = 'https://salon.test'
export const REDIRECT_URI = 'https://app.test/sign-in/'
export const SIGN_OUT_URI = 'https://app.test/'
export const HOSTED_OPTIONS: HostedSignInOptions = { issuer: HOSTED, redirectUris: [REDIRECT_URI], signOutUris: [SIGN_OUT_URI] }

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

interface App {
  request(input: string, init?: RequestInit): Response | Promise<Response>
}

const answer = async (response: Response) => ({
  status: response.status,
  headers: response.headers,
  json: (response.headers.get('content-type')?.includes('json') ? await response.json() : null) as Record<string, any>,
})

/** The cookie a response sets, by name. */
export const cookieOf = (response: { headers: Headers }, name: string) =>
  response.headers
    .getSetCookie()
    .map((line) => new RegExp(`^${name}=([^;]*)`).exec(line)?.[1])
    .find(Boolean)

/**
 * A client of the hosted sign-in as Amplify is one (public, PKCE S256), and the browser that goes through it:
 * requests go to the app in process.
 */
export function hostedClient(app: App) {
  function authorizeUrl(params: Record<string, string | undefined> = {}, challenge = pkce().challenge) {
    const all: Record<string, string | undefined> = {
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email phone profile aws.cognito.signin.user.admin',
      state: randomBytes(8).toString('hex'),
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...params,
    }
    const url = new URL(`${HOSTED}/oauth2/authorize`)
    for (const [name, value] of Object.entries(all)) if (value !== undefined) url.searchParams.set(name, value)
    return url.href
  }

  /** Starts an authorization as a browser without cookies; answers where it was sent and the browser's cookie. */
  async function start(params: Record<string, string | undefined> = {}) {
    const { verifier, challenge } = pkce()
    const response = await app.request(authorizeUrl(params, challenge))
    const location = response.headers.get('location') ?? ''
    const authorization = new URL(location, HOSTED).searchParams.get('authorization') ?? ''
    return { response, location, authorization, browser: cookieOf(response, 'salon_sign_in_browser') ?? '', verifier }
  }

  async function finish(authorization: string, accessToken: string, browser: string) {
    return answer(
      await app.request(`${HOSTED}/oauth2/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, cookie: `salon_sign_in_browser=${browser}` },
        body: JSON.stringify({ authorization }),
      }),
    )
  }

  const form = (values: Record<string, string | undefined>) => {
    const body = new URLSearchParams()
    for (const [name, value] of Object.entries(values)) if (value !== undefined) body.set(name, value)
    return body.toString()
  }
  const tokenRequest = async (values: Record<string, string | undefined>) =>
    answer(
      await app.request(`${HOSTED}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(values) }),
    )

  return {
    authorizeUrl,
    start,
    finish,

    /** Goes through the salon's own sign-in page with a customer's access token; answers the client's address with the code. */
    async signInThrough(url: URL | string, accessToken: string) {
      const response = await app.request(String(url))
      const authorization = new URL(response.headers.get('location')!, HOSTED).searchParams.get('authorization')!
      const done = await finish(authorization, accessToken, cookieOf(response, 'salon_sign_in_browser')!)
      if (done.status !== 200) throw new Error(`the sign-in did not finish: ${JSON.stringify(done.json)}`)
      return done.json.location as string
    },

    /** A fresh code for the customer, with the verifier that goes with it. */
    async code(accessToken: string) {
      const started = await start()
      const done = await finish(started.authorization, accessToken, started.browser)
      return { code: new URL(done.json.location).searchParams.get('code')!, verifier: started.verifier }
    },

    exchange: (values: Record<string, string | undefined>) =>
      tokenRequest({ grant_type: 'authorization_code', client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, ...values }),

    refresh: (refreshToken: string) => tokenRequest({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: refreshToken }),

    userInfo: async (accessToken: string) => answer(await app.request(`${HOSTED}/oauth2/userInfo`, { headers: { authorization: `Bearer ${accessToken}` } })),
  }
}
