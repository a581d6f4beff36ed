import type { BookingRulesResponse } from '@salon/contracts/staff-manage'
import { BookingRulesForm, ManagePage, WhenLoaded } from '../../features/staff-manage/public.ts'
import { staffMeta, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-rules'

export const meta: Route.MetaFunction = () => staffMeta('Booking rules')

export default function ManageRules() {
  const rules = useStaffData<BookingRulesResponse>('staff/booking-rules')
  return (
    <ManagePage title="Booking rules" subtitle="How customers book online.">
      <WhenLoaded loads={{ rules }} what="the booking rules">
        {(data) => <BookingRulesForm rules={data.rules.rules} onSaved={(saved) => rules.setData(() => saved)} />}
      </WhenLoaded>
    </ManagePage>
  )
}
