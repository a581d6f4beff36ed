import type { BedsResponse } from '@salon/contracts/staff-manage'
import { BedsPanel, ManagePage, WhenLoaded } from '../../features/staff-manage/public.ts'
import { staffMeta, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-beds'

export const meta: Route.MetaFunction = () => staffMeta('Sunbeds')

export default function ManageBeds() {
  const beds = useStaffData<BedsResponse>('staff/beds')
  return (
    <ManagePage title="Sunbeds" subtitle="The beds customers book, and the times one is out of service.">
      <WhenLoaded loads={{ beds }} what="the sunbeds">
        {(data) => <BedsPanel data={data.beds} reload={beds.reload} />}
      </WhenLoaded>
    </ManagePage>
  )
}
