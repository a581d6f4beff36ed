import { CustomerImport } from '../../features/staff-import/public.ts'
import { OwnerOnly, StaffPage, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/customers-import'

export const meta: Route.MetaFunction = () => staffMeta('Import customers')

/** docs/product.md §10.5 "Importing customers": the owner brings the salon's customers in from its previous system. */
export default function StaffCustomersImport() {
  return (
    <OwnerOnly>
      <StaffPage
        title="Import customers"
        subtitle="Bring your customers, their minutes and their upcoming sessions over from your previous system, from a CSV file."
      >
        <CustomerImport />
      </StaffPage>
    </OwnerOnly>
  )
}
