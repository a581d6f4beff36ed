import { StaffPage, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/counter'

export const meta: Route.MetaFunction = () => staffMeta('Counter')

export default function StaffCounter() {
  return <StaffPage title="Counter">{null}</StaffPage>
}
