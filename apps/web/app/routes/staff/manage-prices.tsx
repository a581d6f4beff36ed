import { ManagePage, manageCalls, PackagesPanel, PricesForm, PromoCodesPanel, ReferralForm, WhenLoaded } from '../../features/staff-manage/public.ts'
import { ownerParts, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-prices'

export const meta: Route.MetaFunction = () => staffMeta('Prices and packages')

/** Prices, packages, promo codes and the referral reward; loaded again after each change. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  ownerParts(request, {
    prices: () => manageCalls.prices(),
    packages: () => manageCalls.packages(),
    promoCodes: () => manageCalls.promoCodes(),
    referral: () => manageCalls.referralReward(),
  })

export default function ManagePrices({ loaderData }: Route.ComponentProps) {
  return (
    <ManagePage title="Prices and packages" subtitle="What customers pay, the packages they buy and the discounts they use.">
      <WhenLoaded parts={loaderData}>
        {(data) => (
          <div className="flex flex-col gap-5">
            <PricesForm prices={data.prices} />
            <PackagesPanel packages={data.packages.packages} bedTypes={data.prices.bedTypes} />
            <PromoCodesPanel promoCodes={data.promoCodes.promoCodes} packages={data.packages.packages} />
            <ReferralForm reward={data.referral} />
          </div>
        )}
      </WhenLoaded>
    </ManagePage>
  )
}
