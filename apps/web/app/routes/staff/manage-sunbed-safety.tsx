import type { SunbedSettings } from '@salon/contracts/sunbed-safety'
import { ManagePage, SunbedLawForm, WhenLoaded } from '../../features/staff-manage/public.ts'
import { staffMeta, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-sunbed-safety'

export const meta: Route.MetaFunction = () => staffMeta('Sunbed safety')

export default function ManageSunbedSafety() {
  const settings = useStaffData<SunbedSettings>('staff/sunbed-law')
  return (
    <ManagePage title="Sunbed safety" subtitle="The sunbed law the salon follows, the pause after a skin reaction and the yearly limit.">
      <WhenLoaded loads={{ settings }} what="the sunbed safety settings">
        {(data) => <SunbedLawForm settings={data.settings} onSaved={(saved) => settings.setData(() => saved)} />}
      </WhenLoaded>
    </ManagePage>
  )
}
