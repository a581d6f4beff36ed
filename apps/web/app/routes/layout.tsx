import type { SalonResponse } from '@salon/contracts/shop'
import { isRouteErrorResponse, Link, Outlet, useFetcher, useLocation, useNavigate, useRouteLoaderData } from 'react-router'
import { useRef, useState } from 'react'
import { Footer } from '../components/layout/footer.tsx'
import { Header } from '../components/layout/header.tsx'
import { AnalyticsTracker, CookieSettingsButton } from '../features/analytics/analytics-tracker.tsx'
import { useAuth } from '../features/auth/auth-context.tsx'
import { serverApi } from '../lib/api.server.ts'
import { NOT_READY_MESSAGE, withTrailingSlash } from '../lib/form-post.ts'
import { usePublicConfig } from '../lib/route-data.ts'
import type { Route } from './+types/layout'
import type { clientLoader as balanceLoader } from './account-balance.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  // The site's address for canonical and shared links: the configured one, or the one this page was asked at.
  const siteUrl = context.config.siteUrl ?? new URL(request.url).origin
  return { salon: await serverApi(context, request).get<SalonResponse>('website/salon'), siteUrl }
}

function Frame({ children }: { children: React.ReactNode }) {
  const config = usePublicConfig()
  const auth = useAuth()
  const salon = useRouteLoaderData<typeof loader>('routes/layout')?.salon
  const navigate = useNavigate()
  const signOut = async () => {
    // The menu's balance call, if still under way, finishes first: once the session is revoked it would be refused.
    await balanceLoading.current
    await auth.signOut().catch(() => undefined)
    await navigate('/')
  }
  const signedIn = auth.state.user !== null
  // The side menu shows the minutes on the balance: loaded when a signed-in customer opens it, not with every page.
  const balance = useFetcher<typeof balanceLoader>()
  const balanceLoading = useRef<Promise<void>>(undefined)
  const minutes = signedIn && balance.data?.balance.status === 'ready' ? balance.data.balance.data.balance : null
  const [askAgain, setAskAgain] = useState(0)
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-full bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        Skip to content
      </a>
      <Header
        shopName={salon?.shop.name ?? 'Tanning salon'}
        signedIn={signedIn}
        onSignOut={() => void signOut()}
        onMenuOpen={() => {
          if (signedIn) balanceLoading.current = balance.load('/account/balance/').catch(() => undefined)
        }}
        linkDetails={minutes === null ? undefined : { '/account/balance/': `${minutes} min` }}
      />
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      {salon && (
        <Footer
          shop={salon.shop}
          extra={<CookieSettingsButton measurementId={config.gaMeasurementId} onAskAgain={() => setAskAgain((n) => n + 1)} className="hover:underline" />}
        />
      )}
      <AnalyticsTracker measurementId={config.gaMeasurementId} askAgain={askAgain} />
    </div>
  )
}

export default function LayoutRoute() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const notFound = status === 404
  // A form posted to a page that takes none: in practice a form sent before the page's scripts had loaded.
  if (status === 405) {
    return (
      <Frame>
        <section className="container-page flex flex-1 flex-col items-center justify-center gap-5 py-20 text-center">
          <p className="eyebrow">Nothing was sent</p>
          <h1 className="text-4xl font-semibold">Please try again</h1>
          <p className="max-w-prose text-lg text-cocoa-700">{NOT_READY_MESSAGE}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={withTrailingSlash(location.pathname)} className="btn-primary">
              Back to the page
            </Link>
            <Link to="/" className="btn-outline">
              Home page
            </Link>
          </div>
        </section>
      </Frame>
    )
  }
  return (
    <Frame>
      <section className="container-page flex flex-1 flex-col items-center justify-center gap-5 py-20 text-center">
        <p className="eyebrow">{notFound ? 'Error 404' : 'Something went wrong'}</p>
        <h1 className="text-4xl font-semibold">{notFound ? 'We could not find that page' : 'This page did not load'}</h1>
        <p className="max-w-prose text-lg text-cocoa-700">
          {notFound
            ? 'The link may be old or mistyped. These will get you where you want to go:'
            : 'Please try again in a moment. If it keeps happening, call the salon and we will sort it out.'}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/" className="btn-primary">
            Home page
          </Link>
          <Link to="/book/" className="btn-outline">
            Book a session
          </Link>
          <Link to="/prices/" className="btn-outline">
            Price list
          </Link>
          <Link to="/blog/" className="btn-outline">
            Blog
          </Link>
        </div>
      </section>
    </Frame>
  )
}
