import { BedsPanel, ManagePage, manageCalls, WhenLoaded } from '../../features/staff-manage/public.ts'
import { ownerParts, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-beds'

export const meta: Route.MetaFunction = () => staffMeta('Sunbeds')

/** The beds and their times out of service; loaded again after each change. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => ownerParts(request, { beds: () => manageCalls.beds() })

export default function ManageBeds({ loaderData }: Route.ComponentProps) {
  return (
    <ManagePage title="Sunbeds" subtitle="The beds customers book, and the times one is out of service.">
      <WhenLoaded parts={loaderData}>{(data) => <BedsPanel data={data.beds} />}</WhenLoaded>
    </ManagePage>
  )
}
