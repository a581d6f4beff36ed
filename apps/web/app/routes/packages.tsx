import type { Package, PackagesResponse } from '@salon/contracts/content'
import type { MembershipPlansResponse } from '@salon/contracts/memberships'
import { Link, useNavigate } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { useAuth } from '../features/auth/auth-context.tsx'
import { PlansOnSale } from '../features/memberships/plans-on-sale.tsx'
import { PackageGrid } from '../features/packages/package-card.tsx'
import { PAYMENT_PATH, saveSelectedPackage } from '../features/packages/selected-package.ts'
import { serverApi } from '../lib/api.server.ts'
import { pageMeta } from '../lib/meta.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/packages'

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Packages', 'Minute packages for every kind of tanner: buy minutes once and book sessions when it suits you.')

/** The packages, and the membership plans on sale (none shown when they do not load: the packages still sell). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context, request)
  const [packages, plans] = await Promise.all([
    api.get<PackagesResponse>('website/packages'),
    api.get<MembershipPlansResponse>('membership_plans').catch(() => ({ plans: [] })),
  ])
  return { ...packages, plans: plans.plans }
}

/** Signing in first, the package waits in the tab's storage; signing in (or up) then goes on to pay for it. */
const SIGN_IN_TO_BUY = '/sign-in/?source=package'

export default function Packages({ loaderData }: Route.ComponentProps) {
  const { bedTypes, shop } = useSalon()
  const signedIn = useAuth().state.user !== null
  const navigate = useNavigate()

  function buy(pkg: Package) {
    saveSelectedPackage(pkg)
    void navigate(signedIn ? PAYMENT_PATH : SIGN_IN_TO_BUY)
  }

  return (
    <>
      <PageHeader eyebrow="Packages" title="Minute packages">
        Buy minutes once, then book sessions whenever it suits you. The more minutes you buy, the less each one costs.
      </PageHeader>
      <div className="container-page py-10">
        <PackageGrid
          packages={loaderData.packages}
          bedTypes={bedTypes}
          action={(pkg) => (
            <button type="button" className="btn-primary w-full" onClick={() => buy(pkg)}>
              Buy {pkg.name}
            </button>
          )}
        />
        <p className="mt-8 text-sm text-cocoa-600">Pay securely by card online. Your minutes are on your account as soon as you have paid.</p>
        <PlansOnSale plans={loaderData.plans} bedTypes={bedTypes} signedIn={signedIn} />
        <p className="mt-4 text-cocoa-800">
          Buying for someone else?{' '}
          <Link to="/gift-vouchers/" className="font-semibold text-brand-teal underline underline-offset-2">
            Give a gift voucher
          </Link>
          , for an amount or a package, sent by text or email on the day you choose.
        </p>
        <noscript>
          <p className="mt-4 rounded-2xl border border-glow-300 bg-glow-300/20 px-5 py-4 text-cocoa-800">
            Paying online needs JavaScript, which is switched off in this browser. You can also buy any package in the salon or by calling{' '}
            <a className="font-semibold text-brand-teal underline" href={`tel:${shop.phone.replace(/\s/g, '')}`}>
              {shop.phone}
            </a>
            .
          </p>
        </noscript>
      </div>
    </>
  )
}
