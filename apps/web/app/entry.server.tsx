import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'
import stylesheet from './app.css?inline'
import { StylesProvider } from './lib/inline-styles.tsx'
import { scriptsAfterFirstPaintStream } from './lib/scripts-after-paint.server.ts'
import { NonceProvider } from './lib/nonce.tsx'

export const streamTimeout = 5_000

/** The server asks this of every response React Router gives it (pages, their data and redirects alike). */
export { cacheControl } from './features/auth/cache-control.server.ts'

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce } = loadContext
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesProvider value={import.meta.env.DEV ? null : stylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          // In development Vite's own scripts come first; see scripts-after-paint.server.ts for production.
          const body = import.meta.env.DEV ? new PassThrough() : scriptsAfterFirstPaintStream()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}
