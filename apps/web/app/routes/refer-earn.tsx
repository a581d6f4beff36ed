import type { ReactNode } from 'react'
import { LoadingLine, RetryAlert } from '../components/ui/load-states.tsx'
import { PageFrame } from '../components/ui/page-header.tsx'
import { loadReferrals } from '../features/account/account-calls.ts'
import { ReferEarn as ReferEarnView } from '../features/account/refer-earn.tsx'
import { pageMeta } from '../lib/meta.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/refer-earn'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Refer a friend', 'Refer a friend and earn free minutes.', { private: true })

/** The code and the friends come from the API in the browser, where the identity token is. */
export const clientLoader = () => loadReferrals()

function Page({ children }: { children: ReactNode }) {
  return (
    <PageFrame
      eyebrow="Refer and earn"
      title="Refer a friend"
      intro="Share your link: when a friend signs up with it and buys their first package, you both get free minutes."
    >
      {children}
    </PageFrame>
  )
}

export function HydrateFallback() {
  return (
    <Page>
      <LoadingLine what="your referrals" />
    </Page>
  )
}

export default function ReferEarn({ loaderData }: Route.ComponentProps) {
  const { shop } = useSalon()
  return (
    <Page>
      {loaderData.status === 'ready' ? <ReferEarnView referrals={loaderData.data} shopName={shop.name} /> : <RetryAlert message={loaderData.message} />}
    </Page>
  )
}
