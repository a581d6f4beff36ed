import type { LeadsResponse } from '@salon/contracts/staff-reports'
import { useState } from 'react'
import { LeadsFilterTabs, LeadsList, leadsPath, WhenLoaded, type LeadsFilter } from '../../features/staff-manage/public.ts'
import { StaffPage, staffMeta, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/leads'

export const meta: Route.MetaFunction = () => staffMeta('Leads')

/** docs/product.md §10.6: the offers popup's sign-ups and the contact form's messages, for staff and the owner. */
export default function Leads() {
  const [filter, setFilter] = useState<LeadsFilter>('waiting')
  const leads = useStaffData<LeadsResponse>(leadsPath(filter))
  return (
    <StaffPage title="Leads" subtitle="Offers sign-ups and messages from the website." actions={<LeadsFilterTabs filter={filter} onChange={setFilter} />}>
      <WhenLoaded loads={{ leads }} what="the leads">
        {(data) => <LeadsList key={filter} first={data.leads} filter={filter} reload={leads.reload} />}
      </WhenLoaded>
    </StaffPage>
  )
}
