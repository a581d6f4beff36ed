import type { MembershipPlan } from '@salon/contracts/memberships'
import type { BedType } from '@salon/contracts/shop'
import { Link } from 'react-router'
import { formatPence, listOf } from '../../lib/format.ts'
import { allowanceText } from './membership-text.ts'

export const JOIN_PATH = '/account/membership/'
export const joinPath = (planId: string) => `${JOIN_PATH}?${new URLSearchParams({ join: planId })}`

const monthsText = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`

/** The membership plans on sale (docs/product.md "Memberships"), each with Join; signing in comes first. */
export function PlansOnSale({ plans, bedTypes, signedIn }: { plans: MembershipPlan[]; bedTypes: BedType[]; signedIn: boolean }) {
  if (plans.length === 0) return null
  return (
    <section aria-labelledby="memberships-title" className="mt-12 flex flex-col gap-4">
      <div>
        <h2 id="memberships-title" className="text-3xl font-semibold">
          Monthly memberships
        </h2>
        <p className="mt-1 text-cocoa-700">A price a month, taken from your card at the end of each month, and sessions every month.</p>
      </div>
      <ul className="grid gap-6 pt-3 sm:grid-cols-2 lg:grid-cols-3">
        {plans.map((plan) => {
          const beds = plan.bedTypes.map((code) => (bedTypes.find((t) => t.code === code)?.name ?? code).replace(/ sunbeds?$/i, '').toLowerCase())
          return (
            <li key={plan.id} className="flex">
              <article className="card flex w-full flex-col gap-4 p-6">
                <h3 className="text-2xl font-semibold">{plan.name}</h3>
                <p className="flex items-baseline gap-2">
                  <span className="font-display text-4xl font-semibold">{formatPence(plan.pricePence)}</span>
                  <span className="text-cocoa-600">a month</span>
                </p>
                <ul className="flex flex-col gap-1.5 text-sm text-cocoa-700">
                  <li>{allowanceText(plan)} a month</li>
                  <li>On {listOf(beds)} beds</li>
                  <li>{plan.minimumPeriods > 0 ? `A minimum term of ${monthsText(plan.minimumPeriods)}` : 'Cancel any time'}</li>
                  {plan.maxPausePeriods > 0 && <li>Pause for up to {monthsText(plan.maxPausePeriods)}</li>}
                </ul>
                <div className="mt-auto pt-2">
                  <Link to={signedIn ? joinPath(plan.id) : '/sign-in/'} className="btn-primary w-full">
                    {signedIn ? `Join ${plan.name}` : `Sign in to join ${plan.name}`}
                  </Link>
                </div>
              </article>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
