import { ManagePage, manageCalls, MembershipPlansPanel, WhenLoaded } from '../../features/staff-manage/public.ts'
import { ownerParts, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-memberships'

export const meta: Route.MetaFunction = () => staffMeta('Membership plans')

/** The monthly membership plans, and the price list's bed types they may cover; loaded again after each change. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  ownerParts(request, {
    plans: () => manageCalls.membershipPlans(),
    prices: () => manageCalls.prices(),
  })

export default function ManageMemberships({ loaderData }: Route.ComponentProps) {
  return (
    <ManagePage title="Membership plans" subtitle="Monthly memberships customers join on the packages page and pay by a kept card.">
      <WhenLoaded parts={loaderData}>{(data) => <MembershipPlansPanel plans={data.plans.plans} bedTypes={data.prices.bedTypes} />}</WhenLoaded>
    </ManagePage>
  )
}
