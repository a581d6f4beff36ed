import { StaffPage, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/day'

export const meta: Route.MetaFunction = () => staffMeta('Today')

export default function StaffToday() {
  return <StaffPage title="Today">{null}</StaffPage>
}
