import { ManagePage, manageCalls, VoucherSettingsForm, VouchersList, WhenLoaded } from '../../features/staff-manage/public.ts'
import { ownerParts, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-vouchers'

export const meta: Route.MetaFunction = () => staffMeta('Gift vouchers')

/** The gift voucher settings and the vouchers sold; loaded again after each change. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  ownerParts(request, { settings: () => manageCalls.voucherSettings(), list: () => manageCalls.vouchers() })

/** docs/product.md "Gift vouchers": the owner's settings and list of vouchers. */
export default function ManageVouchers({ loaderData }: Route.ComponentProps) {
  return (
    <ManagePage title="Gift vouchers" subtitle="What a gift voucher may be bought for, how long it lasts, and the vouchers sold.">
      <WhenLoaded parts={loaderData}>
        {(data) => (
          <div className="flex flex-col gap-5">
            <VoucherSettingsForm settings={data.settings} />
            <VouchersList list={data.list} />
          </div>
        )}
      </WhenLoaded>
    </ManagePage>
  )
}
