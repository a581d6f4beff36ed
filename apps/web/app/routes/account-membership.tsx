import type { MembershipPlan, MembershipResponse } from '@salon/contracts/memberships'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { LoadingLine, RetryAlert } from '../components/ui/load-states.tsx'
import { PageFrame } from '../components/ui/page-header.tsx'
import { JoinMembership } from '../features/memberships/join-membership.tsx'
import { membershipCalls } from '../features/memberships/membership-calls.ts'
import { MembershipView } from '../features/memberships/membership-view.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/account-membership'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Your membership', 'Your monthly membership.', { private: true })

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'We could not load your membership.')

/**
 * /account/membership/: the customer's membership; with ?join=PLAN, joining that plan (from the packages page)
 * while they have none running. Loaded in the browser, where the identity token is.
 */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => {
  const join = new URL(request.url).searchParams.get('join')
  try {
    const [mine, plans] = await Promise.all([membershipCalls.mine(), join ? membershipCalls.plans() : null])
    const plan = plans?.plans.find((p) => p.id === join) ?? null
    return { status: 'ready' as const, mine, join: join ? { plan } : null }
  } catch (error) {
    return { status: 'error' as const, message: messageOf(error) }
  }
}

function Page({ children }: { children: ReactNode }) {
  return (
    <PageFrame eyebrow="Account" title="Your membership" intro="Your plan, this month, your payments, and changes to your membership.">
      {children}
    </PageFrame>
  )
}

export function HydrateFallback() {
  return (
    <Page>
      <LoadingLine what="your membership" />
    </Page>
  )
}

export default function AccountMembership({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === 'error') {
    return (
      <Page>
        <RetryAlert message={loaderData.message} />
      </Page>
    )
  }
  return (
    <Page>
      <Membership mine={loaderData.mine} join={loaderData.join} />
    </Page>
  )
}

function Membership({ mine, join }: { mine: MembershipResponse; join: { plan: MembershipPlan | null } | null }) {
  const [joined, setJoined] = useState<MembershipResponse | null>(null)
  if (joined?.membership) return <MembershipView membership={joined.membership} said={joined.message ? { kind: 'success', text: joined.message } : null} />
  const current = mine.membership
  const joining = join && (!current || current.status === 'pending' || current.status === 'cancelled')
  if (joining && join.plan) return <JoinMembership plan={join.plan} onJoined={setJoined} />
  if (joining) {
    return (
      <Nothing>
        <p role="alert" className="font-semibold text-coral-700">
          There is no such membership plan on sale.
        </p>
      </Nothing>
    )
  }
  if (current) return <MembershipView membership={current} />
  return (
    <Nothing>
      <p className="text-cocoa-700">You have no membership.</p>
    </Nothing>
  )
}

function Nothing({ children }: { children: ReactNode }) {
  return (
    <section className="card flex max-w-xl flex-col items-start gap-4 p-6">
      {children}
      <Link to="/book/package/" className="btn-primary">
        See the memberships
      </Link>
    </section>
  )
}
