import { StaffPage, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/customer'

export const meta: Route.MetaFunction = () => staffMeta('Customer')

export default function StaffCustomer() {
  return <StaffPage title="Customer">{null}</StaffPage>
}
