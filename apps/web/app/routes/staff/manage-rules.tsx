import { BookingRulesForm, CounterRulesForm, ManagePage, manageCalls, WhenLoaded } from '../../features/staff-manage/public.ts'
import { ownerParts, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-rules'

export const meta: Route.MetaFunction = () => staffMeta('Booking rules')

/** The booking rules and the counter's discount limit; loaded again after each change. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  ownerParts(request, { rules: () => manageCalls.bookingRules(), counter: () => manageCalls.counterRules() })

export default function ManageRules({ loaderData }: Route.ComponentProps) {
  return (
    <ManagePage title="Booking rules" subtitle="How customers book online, and how far below the price list staff may sell at the counter.">
      <WhenLoaded parts={loaderData}>
        {(data) => (
          <div className="flex flex-col gap-5">
            <BookingRulesForm rules={data.rules.rules} />
            <CounterRulesForm rules={data.counter} />
          </div>
        )}
      </WhenLoaded>
    </ManagePage>
  )
}
