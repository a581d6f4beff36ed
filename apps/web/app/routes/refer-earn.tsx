import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/refer-earn'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Refer a friend', 'Refer a friend and earn free minutes.')

export default function ReferEarn() {
  return (
    <ComingSoon
      eyebrow="Refer and earn"
      title="Refer a friend"
      intro="Share your link: when a friend signs up and buys their first package, you both get free minutes."
      points={[
        'Your own referral link and code to share.',
        'See who has signed up with your link.',
        'Free minutes for you and your friend after their first purchase.',
      ]}
    />
  )
}
