import {
  ClosuresPanel,
  ManagePage,
  manageCalls,
  OpeningHoursForm,
  SalonDetailsForm,
  SpecialHoursPanel,
  WhenLoaded,
} from '../../features/staff-manage/public.ts'
import { ownerParts, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-salon'

export const meta: Route.MetaFunction = () => staffMeta('Salon and hours')

/** The salon's details and hours, its closures and special hours for a date; loaded again after each change. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  ownerParts(request, { salon: () => manageCalls.salon(), closures: () => manageCalls.closures(), specialHours: () => manageCalls.specialHours() })

export default function ManageSalon({ loaderData }: Route.ComponentProps) {
  return (
    <ManagePage title="Salon and hours" subtitle="Your details and when customers can book.">
      <WhenLoaded parts={loaderData}>
        {(data) => (
          <div className="flex flex-col gap-5">
            <SalonDetailsForm settings={data.salon} />
            <OpeningHoursForm settings={data.salon} />
            <ClosuresPanel closures={data.closures.closures} />
            <SpecialHoursPanel specialHours={data.specialHours.specialHours} />
          </div>
        )}
      </WhenLoaded>
    </ManagePage>
  )
}
