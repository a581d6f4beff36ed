import { useSearchParams } from 'react-router'
import { LeadsFilterTabs, leadsFilterOf, LeadsList, manageCalls, WhenLoaded } from '../../features/staff-manage/public.ts'
import { StaffPage, staffMeta, staffParts } from '../../features/staff/public.ts'
import type { Route } from './+types/leads'

export const meta: Route.MetaFunction = () => staffMeta('Leads')

/** The newest leads of the filter asked (?handled=true for those handled); loaded again after each change. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filter = leadsFilterOf(request.url)
  return { filter, parts: await staffParts(request, { leads: manageCalls.leads(filter === 'handled') }) }
}

/** docs/product.md §10.6: the offers popup's sign-ups and the contact form's messages, for staff and the owner. */
export default function Leads({ loaderData }: Route.ComponentProps) {
  const { filter, parts } = loaderData
  const [, setParams] = useSearchParams()
  return (
    <StaffPage
      title="Leads"
      subtitle="Offers sign-ups and messages from the website."
      actions={<LeadsFilterTabs filter={filter} onChange={(next) => setParams(next === 'handled' ? { handled: 'true' } : {}, { replace: true })} />}
    >
      <WhenLoaded parts={parts}>{(data) => <LeadsList key={filter} first={data.leads} filter={filter} />}</WhenLoaded>
    </StaffPage>
  )
}
