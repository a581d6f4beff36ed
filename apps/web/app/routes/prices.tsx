import type { PackagesResponse } from '@salon/contracts/content'
import { Link } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { PriceList } from '../features/content/price-list.tsx'
import { PackageGrid } from '../features/packages/package-card.tsx'
import { serverApi } from '../lib/api.server.ts'
import { pageMeta } from '../lib/meta.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/prices'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Price list', 'Sunbed prices per minute, minute packages and extras.')

export async function loader({ request, context }: Route.LoaderArgs) {
  return serverApi(context, request).get<PackagesResponse>('website/packages')
}

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { bedTypes, extras } = useSalon()
  return (
    <>
      <PageHeader eyebrow="Price List" title="Prices">
        Pay by the minute for the bed you choose, or buy a package of minutes and save. Goggles are free with every session.
      </PageHeader>
      <div className="container-page flex flex-col gap-14 py-10">
        <PriceList bedTypes={bedTypes} extras={extras} headingLevel={2} />
        <section aria-labelledby="packages-title">
          <h2 id="packages-title" className="section-title">
            Minute packages
          </h2>
          <p className="mt-2 text-cocoa-700">Minutes go on your account and come off as you tan.</p>
          <div className="mt-5">
            <PackageGrid packages={loaderData.packages} bedTypes={bedTypes} />
          </div>
          <p className="mt-8">
            <Link to="/book/package/" className="btn-primary">
              Choose a package
            </Link>
          </p>
        </section>
      </div>
    </>
  )
}
