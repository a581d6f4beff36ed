import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/sign-up-confirm'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Confirm your mobile number', 'Confirm your mobile number.')

export default function SignUpConfirm() {
  return (
    <ComingSoon
      eyebrow="Your account"
      title="Confirm your mobile number"
      intro="Enter the code we text you to finish creating your account."
      points={[
          'Enter the 6-digit code from your text message.',
          'Ask for a new code if it does not arrive.',
          'Be signed in straight away, and carry on with any booking you started.',
      ]}
    />
  )
}
