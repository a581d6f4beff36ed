import { Outlet, redirect } from 'react-router'
import { confirmSession } from '../features/auth/confirm-session.ts'
import { getSession, requireSession } from '../features/auth/session.server.ts'
import type { Route } from './+types/protected'

/** docs/product.md §2 guard for /refer-earn/, /account/, /account/balance/, /upcoming-booking/ and /payment/: no session cookies, no page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context
  const session = await requireSession(request, (r) => getSession(r, config.identity.userPoolClientId))
  return { session, config, account: null }
}

/**
 * In the browser the guard also asks the API: a revoked or expired session is signed out and, like any
 * failure while checking, ends at /sign-in/. The customer's account comes back with the answer.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader()
  try {
    return { ...data, account: await confirmSession(data.config) }
  } catch {
    throw redirect('/sign-in/')
  }
}
clientLoader.hydrate = true as const

export default function Protected() {
  return <Outlet />
}
