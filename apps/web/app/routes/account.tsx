import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/account'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Your account', 'Manage your salon account.')

export default function Account() {
  return (
    <ComingSoon
      eyebrow="Account"
      title="Your account"
      intro="Your details, your marketing choices and your password, all in one place."
      points={[
          'Update your name, email, date of birth and skin type.',
          'Choose whether to hear about offers, and see when you chose.',
          'Change your password, download your data or delete your account.',
      ]}
    />
  )
}
