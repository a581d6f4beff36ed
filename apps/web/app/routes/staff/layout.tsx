import { useState } from 'react'
import { isRouteErrorResponse, Outlet, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router'
import { useAuth } from '../../features/auth/auth-context.tsx'
import { loadStaffSession, StaffFrame, StaffProvider, staffLinks, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/layout'

export const meta: Route.MetaFunction = () => staffMeta('Staff')
export const links: Route.LinksFunction = staffLinks

/** docs/product.md §10.1: who is signed in, asked in the browser (personal data: no server loader, nothing shared). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadStaffSession(request.url)
}

/** The member is asked for once, when the staff pages open: not again on every move between them. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search ? defaultShouldRevalidate : false
}

function useSignOut() {
  const auth = useAuth()
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState(false)
  const signOut = async () => {
    setSigningOut(true)
    await auth.signOut().catch(() => undefined)
    await navigate('/staff/sign-in/', { replace: true })
    setSigningOut(false)
  }
  return { signingOut, signOut: () => void signOut() }
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { signingOut, signOut } = useSignOut()
  if (loaderData.status === 'refused') {
    return (
      <StaffFrame me={null} salonName="Staff" onSignOut={signOut} signingOut={signingOut}>
        <div className="card mx-auto mt-10 flex max-w-lg flex-col items-start gap-4 p-6 sm:p-8" role="alert">
          <p className="eyebrow">Staff only</p>
          <h1 className="font-sans text-2xl font-bold text-cocoa-950">{loaderData.message}</h1>
          <p className="text-cocoa-700">These pages are for the salon's team. Sign out, then sign in with the mobile number the salon's owner invited.</p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-primary" onClick={signOut} disabled={signingOut}>
              Sign out
            </button>
            <a href="/" className="btn-outline">
              Go to the salon's website
            </a>
          </div>
        </div>
      </StaffFrame>
    )
  }
  return (
    <StaffProvider me={loaderData.me}>
      <StaffFrame me={loaderData.me} salonName={loaderData.me.shopName} onSignOut={signOut} signingOut={signingOut}>
        <Outlet />
      </StaffFrame>
    </StaffProvider>
  )
}

/** Shown on the server's page, and while the browser asks who is signed in. */
export function HydrateFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-stone-100" aria-live="polite">
      <p className="flex items-center gap-3 text-cocoa-700">
        <span className="size-5 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden="true" />
        Opening the staff pages…
      </p>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : null
  const message = error instanceof Error && 'status' in error ? error.message : null
  return (
    <div className="flex min-h-dvh items-center justify-center bg-stone-100 px-4">
      <div role="alert" className="card flex max-w-lg flex-col items-start gap-4 p-6 sm:p-8">
        <p className="eyebrow">{status === 404 ? 'Error 404' : 'Something went wrong'}</p>
        <h1 className="font-sans text-2xl font-bold text-cocoa-950">{status === 404 ? 'There is no such staff page' : 'The staff pages did not load'}</h1>
        <p className="text-cocoa-700">{message ?? 'Please check your connection and try again.'}</p>
        <div className="flex flex-wrap gap-3">
          <a href="/staff/" className="btn-primary">
            Back to today
          </a>
        </div>
      </div>
    </div>
  )
}
