import { ManagePage, manageCalls, SunbedLawForm, WhenLoaded } from '../../features/staff-manage/public.ts'
import { ownerParts, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-sunbed-safety'

export const meta: Route.MetaFunction = () => staffMeta('Sunbed safety')

/** The sunbed law's settings; loaded again after each change. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => ownerParts(request, { settings: () => manageCalls.sunbedLaw() })

export default function ManageSunbedSafety({ loaderData }: Route.ComponentProps) {
  return (
    <ManagePage title="Sunbed safety" subtitle="The sunbed law the salon follows, the pause after a skin reaction and the yearly limit.">
      <WhenLoaded parts={loaderData}>{(data) => <SunbedLawForm settings={data.settings} />}</WhenLoaded>
    </ManagePage>
  )
}
