import type { CounterRules } from '@salon/contracts/staff-counter'
import type { BookingRulesResponse } from '@salon/contracts/staff-manage'
import { BookingRulesForm, CounterRulesForm, ManagePage, WhenLoaded } from '../../features/staff-manage/public.ts'
import { staffMeta, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-rules'

export const meta: Route.MetaFunction = () => staffMeta('Booking rules')

export default function ManageRules() {
  const rules = useStaffData<BookingRulesResponse>('staff/booking-rules')
  const counter = useStaffData<CounterRules>('staff/counter-rules')
  return (
    <ManagePage title="Booking rules" subtitle="How customers book online, and how far below the price list staff may sell at the counter.">
      <WhenLoaded loads={{ rules, counter }} what="the booking rules">
        {(data) => (
          <div className="flex flex-col gap-5">
            <BookingRulesForm rules={data.rules.rules} onSaved={(saved) => rules.setData(() => saved)} />
            <CounterRulesForm rules={data.counter} onSaved={(saved) => counter.setData(() => saved)} />
          </div>
        )}
      </WhenLoaded>
    </ManagePage>
  )
}
