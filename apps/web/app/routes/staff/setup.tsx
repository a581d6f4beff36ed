import { SetupWizard } from '../../features/staff-setup/public.ts'
import { staffLinks, staffMeta } from '../../features/staff/public.ts'
import { notReady } from '../../lib/form-post.server.ts'
import type { Route } from './+types/setup'

export const meta: Route.MetaFunction = () => staffMeta('Set up your salon')
export const links: Route.LinksFunction = staffLinks

/** The set-up happens in the browser; a form sent before the page was ready changes nothing. */
export async function action({ request }: Route.ActionArgs) {
  return notReady(request, [])
}

/**
 * docs/product.md §11: before any salon exists, the server writes a one-time link to this page to its log; the
 * owner sets the salon up here, then signs in at /staff/.
 */
export default function StaffSetup() {
  return <SetupWizard />
}
