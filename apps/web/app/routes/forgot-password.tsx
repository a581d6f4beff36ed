import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/forgot-password'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Reset your password', 'Reset your password.')

export default function ForgotPassword() {
  return (
    <ComingSoon
      eyebrow="Your account"
      title="Reset your password"
      intro="Forgotten your password? We will text a code to your mobile so you can choose a new one."
      points={[
          'Ask for a code by text message.',
          'Enter the code and a new password.',
          'Sign in again with your new password.',
      ]}
    />
  )
}
