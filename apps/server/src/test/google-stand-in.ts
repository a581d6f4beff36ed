import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { jwtVerify, type CryptoKey } from 'jose'
// oidc-provider ships no types; what is used here is typed below.
import Provider from 'oidc-provider'

/** Who signs in at the stand-in next, as Google would describe them. */
export interface GoogleAccount {
  sub: string
  email: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => resolve(text))
  })

interface StandInProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string }; params: Record<string, string> }>
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object, options?: { mergeWithLastSubmission?: boolean }): Promise<void>
  Grant: new (input: { accountId: string; clientId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> }
}

/**
 * An OpenID Connect provider on a local port, standing in for Google (oidc-provider, the certified implementation):
 * discovery, authorization with PKCE, the token endpoint with a client secret, signed id tokens. Its sign-in page
 * signs in whoever `signInAs` names, or cancels (access_denied) after `cancelNext`; a browser sees a page with a
 * form for an email address and buttons for both.
 */
export async function startGoogleStandIn(options: {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  /**
   * Stand in for Apple instead: the client's secret is an ES256 token signed with the team's key, checked here (issuer
   * the team, subject the client, audience this issuer) before oidc-provider sees the registered secret in its place.
   */
  apple?: { teamId: string; publicKey: CryptoKey }
}) {
  const accounts = new Map<string, GoogleAccount>()
  let next: GoogleAccount | 'cancel' | undefined
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new (Provider as unknown as new (issuer: string, config: object) => StandInProvider)(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: options.apple ? 'client_secret_post' : 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'], name: [] },
    scopes: ['openid', 'email', 'profile', 'name'],
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['a stand-in for Google, for tests only'] },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id)
      return account ? { accountId: id, claims: () => ({ ...account, email_verified: account.email_verified ?? true }) } : undefined
    },
    pkce: { required: () => true },
  })
  const callback = provider.callback()

  async function signIn(req: IncomingMessage, res: ServerResponse, account: GoogleAccount | 'cancel') {
    if (account === 'cancel') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      )
      return
    }
    accounts.set(account.sub, account)
    const details = await provider.interactionDetails(req, res)
    const grant = new provider.Grant({ accountId: account.sub, clientId: details.params.client_id! })
    grant.addOIDCScope(details.params.scope ?? 'openid')
    const grantId = await grant.save()
    await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false })
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer)
      if (options.apple && req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(await bodyOf(req))
        const secret = form.get('client_secret') ?? ''
        const apple = options.apple
        const signed = await jwtVerify(secret, apple.publicKey, {
          issuer: apple.teamId,
          subject: options.clientId,
          audience: issuer,
          algorithms: ['ES256'],
        }).then(
          () => true,
          () => false,
        )
        form.set('client_secret', signed ? options.clientSecret : 'not-signed-by-the-team')
        // oidc-provider reads a body already taken from the stream from req.body.
        Object.assign(req, { body: form.toString() })
        return callback(req, res)
      }
      if (!url.pathname.startsWith('/interaction/')) return callback(req, res)
      if (req.method === 'POST') {
        const body = new URLSearchParams(await bodyOf(req))
        const email = body.get('email') ?? ''
        return signIn(req, res, body.get('cancel') ? 'cancel' : { sub: `google-${email}`, email, given_name: body.get('given_name') ?? undefined })
      }
      if (next) {
        const account = next
        next = undefined
        return signIn(req, res, account)
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(`<!doctype html><link rel="icon" href="data:,"><title>Sign in - Google stand-in</title><h1>Sign in with Google (stand-in)</h1>
<form method="post"><label>Email <input name="email" type="email"></label> <label>First name <input name="given_name"></label>
<button>Sign in</button> <button name="cancel" value="1">Cancel</button></form>`)
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
  })

  return {
    issuer,
    signInAs(account: GoogleAccount) {
      next = account
    },
    cancelNext() {
      next = 'cancel'
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type GoogleStandIn = Awaited<ReturnType<typeof startGoogleStandIn>>
