import { StaffPage, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/team'

export const meta: Route.MetaFunction = () => staffMeta('Team')

export default function StaffTeam() {
  return <StaffPage title="Team">{null}</StaffPage>
}
