import { Link } from 'react-router'
import { AuthShell } from '../features/auth/auth-shell.tsx'
import { ConfirmSignUpForm } from '../features/auth/confirm-sign-up-form.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/sign-up-confirm'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Confirm your mobile number', 'Confirm your mobile number.')

export default function SignUpConfirm() {
  return (
    <AuthShell
      eyebrow="Your account"
      title="Confirm your mobile number"
      intro="Enter the code we texted you to finish creating your account."
      footer={
        <p>
          Wrong number?{' '}
          <Link to="/sign-up/" className="font-semibold text-brand-teal underline underline-offset-2">
            Start again
          </Link>
        </p>
      }
    >
      <ConfirmSignUpForm />
    </AuthShell>
  )
}
