import type { ClosuresResponse, SalonSettings } from '@salon/contracts/staff-manage'
import { ClosuresPanel, ManagePage, OpeningHoursForm, SalonDetailsForm, WhenLoaded } from '../../features/staff-manage/public.ts'
import { staffMeta, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-salon'

export const meta: Route.MetaFunction = () => staffMeta('Salon and hours')

export default function ManageSalon() {
  const salon = useStaffData<SalonSettings>('staff/salon')
  const closures = useStaffData<ClosuresResponse>('staff/closures')
  return (
    <ManagePage title="Salon and hours" subtitle="Your details and when customers can book.">
      <WhenLoaded loads={{ salon, closures }} what="the salon">
        {(data) => (
          <div className="flex flex-col gap-5">
            <SalonDetailsForm settings={data.salon} onSaved={(saved) => salon.setData(() => saved)} />
            <OpeningHoursForm settings={data.salon} onSaved={(saved) => salon.setData(() => saved)} />
            <ClosuresPanel closures={data.closures.closures} reload={closures.reload} />
          </div>
        )}
      </WhenLoaded>
    </ManagePage>
  )
}
