import { Hono, type Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { html, raw } from 'hono/html'
import { isFromThisMachine } from '../../lib/client-address.ts'
import { pageNonce, type NonceVariables } from '../../lib/security-headers.ts'
import type { OutboxEntry, OutboxRepository } from './outbox.repository.ts'
import { isOutboxToken } from './outbox-token.ts'

const styles = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#fff7ed;color:#3b2416}
main{max-width:56rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
li{list-style:none;background:#fff;border:1px solid #fde68a;border-radius:.75rem;padding:1rem;margin:.75rem 0}
ol{padding:0}.meta{font-size:.875rem;color:#7c5a44}.channel{font-weight:700;text-transform:uppercase;color:#0f766e}
pre{white-space:pre-wrap;font:inherit;margin:.5rem 0 0}`

function page(entries: OutboxEntry[], nonce: string) {
  return html`<!doctype html>
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Outbox</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style nonce="${nonce}">
          ${raw(styles)}
        </style>
      </head>
      <body>
        <main>
          <h1>Outbox</h1>
          <p class="meta">
            Text messages and emails this server would have sent, newest first. Shown only while no SMS or email service is configured, only on this machine,
            and only to a browser that opened the link from the server's log. Also as <a href="/dev/outbox.json">JSON</a>.
          </p>
          ${entries.length === 0 ? html`<p>Nothing has been sent yet.</p>` : ''}
          <ol>
            ${entries.map(
              (e) =>
                html`<li>
                  <div class="meta">
                    <span class="channel">${e.channel}</span> to <strong>${e.to}</strong> · <time datetime="${e.sentAt}">${e.sentAt}</time>${
                      e.state ? html` · <span class="state">${e.state}</span>` : ''
                    }
                  </div>
                  ${e.subject ? html`<div><strong>${e.subject}</strong></div>` : ''}
                  <pre>${e.body}</pre>
                </li>`,
            )}
          </ol>
        </main>
      </body>
    </html>`
}

export const OUTBOX_REFUSED_MESSAGE =
  'The outbox holds verification codes, so it is shown only on the machine the server runs on, through the link with its token that the server writes to its log when it starts (http://localhost:3000/dev/outbox/?token=…).'

/** The cookie that carries the token once the link from the log has been opened, sent back to /dev/ alone. */
export const OUTBOX_COOKIE = 'outbox_token'

/** The token a request gives: in the query (the link from the log), as a bearer token (scripts), or in the cookie. */
function givenToken(c: Context): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
  return c.req.query('token') ?? bearer ?? getCookie(c, OUTBOX_COOKIE)
}

/**
 * The local adapters' messages, for people trying the app and for end-to-end tests (codes arrive here). Shown only
 * to a request from the machine the server runs on that gives the outbox's token: see
 * docs/decisions/008-outbox-only-on-this-machine.md.
 */
export function createOutboxRoutes(outbox: OutboxRepository, options: { token: string }) {
  return new Hono<{ Variables: NonceVariables }>()
    .use('*', async (c, next) => {
      c.header('Cache-Control', 'no-store')
      if (!isFromThisMachine(c) || !isOutboxToken(givenToken(c), options.token)) return c.json({ message: OUTBOX_REFUSED_MESSAGE }, 403)
      await next()
    })
    .get('/outbox.json', async (c) => {
      c.header('Cache-Control', 'no-store')
      return c.json(await outbox.list())
    })
    .get('/outbox/', async (c) => {
      c.header('Cache-Control', 'no-store')
      // The link from the log: the token moves into a cookie and out of the address bar, the history and any Referer.
      if (c.req.query('token') !== undefined) {
        setCookie(c, OUTBOX_COOKIE, options.token, { path: '/dev/', httpOnly: true, sameSite: 'Strict', maxAge: 7 * 24 * 3600 })
        return c.redirect('/dev/outbox/', 303)
      }
      return c.html(page(await outbox.list(), pageNonce(c)))
    })
}
