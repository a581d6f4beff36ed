import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/sign-up'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Create your account', 'Create a salon account.')

export default function SignUp() {
  return (
    <ComingSoon
      eyebrow="Your account"
      title="Create your account"
      intro="Sign up with your mobile number to book online. If you already signed up in the salon, you will still sign up online once to link your accounts."
      points={[
          'Sign up with your mobile number, email and date of birth (over 18s only).',
          'Tell us your skin type so we can keep your sessions safe.',
          'Confirm your number with a code we text you.',
          'Choose whether to hear about offers; change your mind any time.',
      ]}
    />
  )
}
