import { Link } from 'react-router'
import { AuthShell } from '../features/auth/auth-shell.tsx'
import { SignUpForm } from '../features/auth/sign-up-form.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/sign-up'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Create your account', 'Create your salon account to book online.')

export default function SignUp() {
  return (
    <AuthShell
      eyebrow="Your account"
      title="Create your account"
      intro="Book sessions online, buy minute packages and keep track of your balance. It takes a couple of minutes."
      wide
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/sign-in/" className="font-semibold text-brand-teal underline underline-offset-2">
            Sign in
          </Link>
        </p>
      }
    >
      <SignUpForm />
    </AuthShell>
  )
}
