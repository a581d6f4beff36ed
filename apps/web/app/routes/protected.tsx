import { Outlet } from 'react-router'
import { requireSession } from '../features/auth/session.server.ts'
import type { Route } from './+types/protected'

/** SPEC §2 guard for /refer-earn/, /account/, /account/balance/, /upcoming-booking/ and /payment/. */
export async function loader({ request }: Route.LoaderArgs) {
  return { session: await requireSession(request) }
}

export default function Protected() {
  return <Outlet />
}
