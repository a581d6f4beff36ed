import { customerRecordOf, CustomerRecord } from '../../features/staff-desk/public.ts'
import { Ready, StaffPage, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/customer'

export const meta: Route.MetaFunction = () => staffMeta('Customer')

/** The customer's record, photo-ID check, sunbed safety and membership, asked together; loaded again after each change. */
export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) => customerRecordOf(request, params.sub)

/** docs/product.md §10.5: a customer's record. */
export default function StaffCustomer({ loaderData }: Route.ComponentProps) {
  const { record, photoId, safety, credit, membership } = loaderData
  return record.status === 'ready' ? (
    <CustomerRecord data={record.data} photoId={photoId} safety={safety} credit={credit} membership={membership} />
  ) : (
    <StaffPage title="Customer">
      <Ready part={record}>{() => null}</Ready>
    </StaffPage>
  )
}
