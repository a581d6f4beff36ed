import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { AuthProvider } from './features/auth/auth-context.tsx'
import { isSharedPage } from './features/auth/cache-control.server.ts'
import { getSession } from './features/auth/session.server.ts'
import { SESSION_HINT_SCRIPT } from './features/auth/session-hint.ts'
import { currentIdToken } from './features/auth/load-amplify.ts'
import { browserConfig, publicConfigScript } from './lib/public-config.ts'
import { setIdentityTokenSource } from './lib/browser-api.ts'
import { InlineStyles } from './lib/inline-styles.tsx'
import { useNonce } from './lib/nonce.tsx'

// The browser's API client carries the session's identity token (docs/product.md §7), which the auth feature keeps.
if (typeof window !== 'undefined') setIdentityTokenSource(() => currentIdToken(browserConfig().identity))

// In production the stylesheet is written into the page (see InlineStyles); in development Vite serves it linked, to reload it hot.
export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: stylesheet }] : []),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context
  // A public page is the same for everyone: the browser learns who is signed in once it has loaded (AuthProvider).
  const session = isSharedPage(request) ? null : await getSession(request, config.identity.userPoolClientId)
  return { config, session }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const config = useRouteLoaderData<typeof loader>('root')?.config
  return (
    // The session mark (SESSION_HINT) is set on <html> by the page itself before React hydrates it.
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3b2416" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SESSION_HINT_SCRIPT }} />
        <InlineStyles nonce={nonce} />
        <Meta />
        <Links />
        {config && <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: publicConfigScript(config) }} />}
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AuthProvider config={loaderData.config} session={loaderData.session}>
      <Outlet />
    </AuthProvider>
  )
}

/** Only when the shared layout itself cannot render; page errors show inside the layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <main className="container-page flex min-h-dvh flex-col items-center justify-center gap-4 py-16 text-center">
      <p className="eyebrow">Error {status}</p>
      <h1 className="text-3xl font-semibold">We could not open this page</h1>
      <p className="max-w-prose text-cocoa-700">Please try again in a moment. If it keeps happening, call the salon and we will help you book.</p>
      <a href="/" className="btn-primary">
        Back to the home page
      </a>
    </main>
  )
}
