import { StaffPage, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/customers'

export const meta: Route.MetaFunction = () => staffMeta('Customers')

export default function StaffCustomers() {
  return <StaffPage title="Customers">{null}</StaffPage>
}
