import { Link, useLocation, useNavigate } from 'react-router'
import { Notice } from '../../features/auth/auth-shell.tsx'
import { SignInForm } from '../../features/auth/sign-in-form.tsx'
import { afterStaffSignIn, StaffAuthFrame, staffMeta } from '../../features/staff/public.ts'
import { NOT_READY_MESSAGE } from '../../lib/form-post.ts'
import { notReady } from '../../lib/form-post.server.ts'
import type { Route } from './+types/sign-in'

export const meta: Route.MetaFunction = () => staffMeta('Sign in')

/** Signing in happens in the browser; a form sent before the page was ready comes back with the number only. */
export async function action({ request }: Route.ActionArgs) {
  return notReady(request, ['phone'])
}

/** docs/product.md §10.1: staff sign in with their mobile number and password (the customers' user pool, SRP), then see the day sheet. */
export default function StaffSignIn({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const { search } = useLocation()
  return (
    <StaffAuthFrame
      title="Sign in"
      intro="With the mobile number and password of your staff account."
      footer={
        <p>
          Invited to the team?{' '}
          <Link to="/staff/join/" className="font-semibold text-brand-teal underline underline-offset-2">
            Join with your code
          </Link>
        </p>
      }
    >
      {actionData?.notReady && <Notice>{NOT_READY_MESSAGE}</Notice>}
      <SignInForm initialPhone={actionData?.values.phone ?? ''} onSignedIn={async () => navigate(afterStaffSignIn(search), { replace: true })} />
    </StaffAuthFrame>
  )
}
