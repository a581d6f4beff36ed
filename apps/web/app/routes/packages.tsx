import type { PackagesResponse } from '@salon/contracts/content'
import { Link } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { PackageGrid } from '../features/packages/package-card.tsx'
import { serverApi } from '../lib/api.server.ts'
import { pageMeta } from '../lib/meta.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/packages'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Packages', 'Minute packages for every kind of tanner: buy minutes once and book sessions when it suits you.')

export async function loader({ request, context }: Route.LoaderArgs) {
  return serverApi(context, request).get<PackagesResponse>('website/packages')
}

export default function Packages({ loaderData }: Route.ComponentProps) {
  const { bedTypes, shop } = useSalon()
  return (
    <>
      <PageHeader eyebrow="Packages" title="Minute packages">
        Buy minutes once, then book sessions whenever it suits you. The more minutes you buy, the less each one costs.
      </PageHeader>
      <div className="container-page py-10">
        <p className="mb-8 rounded-2xl border border-glow-300 bg-glow-300/20 px-5 py-4 text-cocoa-800" role="note">
          Paying by card online is on its way. Today you can buy any package in the salon or by calling{' '}
          <a className="font-semibold text-brand-teal underline" href={`tel:${shop.phone.replace(/\s/g, '')}`}>
            {shop.phone}
          </a>
          .
        </p>
        <PackageGrid
          packages={loaderData.packages}
          bedTypes={bedTypes}
          action={() => (
            <Link to={{ pathname: '/', hash: '#contact' }} className="btn-outline w-full">
              Buy in the salon
            </Link>
          )}
        />
      </div>
    </>
  )
}
