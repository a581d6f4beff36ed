import { Link, useSearchParams } from 'react-router'
import { AuthShell } from '../features/auth/auth-shell.tsx'
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/forgot-password'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Reset your password', 'Reset your password with a code sent to your phone.')

export default function ForgotPassword() {
  const [params] = useSearchParams()
  return (
    <AuthShell
      eyebrow="Your account"
      title="Reset your password"
      intro="We will text a code to your mobile so you can choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/sign-in/" className="font-semibold text-brand-teal underline underline-offset-2">
            Sign in
          </Link>
        </p>
      }
    >
      <ForgotPasswordForm initialPhone={params.get('phone') ?? ''} />
    </AuthShell>
  )
}
