import type { PricesResponse, ReferralReward } from '@salon/contracts/staff-catalogue'
import type { StaffPackage, StaffPromoCode } from '@salon/contracts/staff-catalogue'
import { ManagePage, PackagesPanel, PricesForm, PromoCodesPanel, ReferralForm, WhenLoaded } from '../../features/staff-manage/public.ts'
import { staffMeta, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-prices'

export const meta: Route.MetaFunction = () => staffMeta('Prices and packages')

export default function ManagePrices() {
  const prices = useStaffData<PricesResponse>('staff/prices')
  const packages = useStaffData<{ packages: StaffPackage[] }>('staff/packages')
  const promoCodes = useStaffData<{ promoCodes: StaffPromoCode[] }>('staff/promo-codes')
  const referral = useStaffData<ReferralReward>('staff/referral-reward')
  return (
    <ManagePage title="Prices and packages" subtitle="What customers pay, the packages they buy and the discounts they use.">
      <WhenLoaded loads={{ prices, packages, promoCodes, referral }} what="the prices">
        {(data) => (
          <div className="flex flex-col gap-5">
            <PricesForm prices={data.prices} />
            <PackagesPanel packages={data.packages.packages} bedTypes={data.prices.bedTypes} reload={packages.reload} />
            <PromoCodesPanel promoCodes={data.promoCodes.promoCodes} packages={data.packages.packages} reload={promoCodes.reload} />
            <ReferralForm reward={data.referral} />
          </div>
        )}
      </WhenLoaded>
    </ManagePage>
  )
}
