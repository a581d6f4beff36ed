import { StaffPage, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/audit'

export const meta: Route.MetaFunction = () => staffMeta('Audit')

export default function StaffAudit() {
  return <StaffPage title="Audit">{null}</StaffPage>
}
