import { PageFrame } from '../components/ui/page-header.tsx'
import { Spinner } from '../components/ui/spinner.tsx'
import { OfferView } from '../features/waitlist/offer-view.tsx'
import { hasSessionCookie } from '../features/auth/session-cookies.ts'
import { loadOffer } from '../features/waitlist/waitlist-api.ts'
import { browserConfig } from '../lib/public-config.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/waitlist-offer'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'A time held for you', 'A sunbed time that has come free, held for you.', { private: true })

/**
 * The offer comes from the API in the browser, where the identity token is (docs/product.md "Waitlist"); a visitor
 * without a session is asked to sign in, without asking.
 */
export const clientLoader = ({ params }: Route.ClientLoaderArgs) =>
  hasSessionCookie(document.cookie, browserConfig().identity.userPoolClientId) ? loadOffer(params.token) : ({ status: 'sign-in' } as const)

export function HydrateFallback() {
  return (
    <PageFrame eyebrow="Waitlist" title="A time held for you">
      <p className="flex items-center gap-2">
        <Spinner label="Loading the offer" /> Loading the offer…
      </p>
    </PageFrame>
  )
}

export default function WaitlistOffer({ loaderData, params }: Route.ComponentProps) {
  return (
    <PageFrame eyebrow="Waitlist" title="A time held for you">
      <OfferView token={params.token} result={loaderData} />
    </PageFrame>
  )
}
