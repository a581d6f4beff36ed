import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/account-balance'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Account balance', 'Your minutes balance.')

export default function AccountBalance() {
  return (
    <ComingSoon
      eyebrow="Account"
      title="Account balance"
      intro="The minutes on your account and where they came from."
      points={['Your minutes balance at a glance.', 'Every purchase, session, refund and reward listed.', 'When package minutes expire.']}
    />
  )
}
