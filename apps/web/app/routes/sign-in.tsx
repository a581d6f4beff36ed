import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/sign-in'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Sign in', 'Sign in to your salon account.')

export default function SignIn() {
  return (
    <ComingSoon
      eyebrow="Your account"
      title="Sign in"
      intro="Sign in with your mobile number and password to book, buy packages and see your balance. Online accounts open soon."
      points={[
          'Sign in with your mobile number and password.',
          'Carry on with a booking you started before signing in.',
          'Reset a forgotten password with a code sent by text message.',
      ]}
    />
  )
}
