import { Link, useSearchParams } from 'react-router'
import { AuthShell, Notice } from '../features/auth/auth-shell.tsx'
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx'
import { NOT_READY_MESSAGE } from '../lib/form-post.ts'
import { notReady } from '../lib/form-post.server.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/forgot-password'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Reset your password', 'Reset your password with a code sent to your phone.')

/** Codes are asked for from the browser; a form sent before the page was ready comes back with the number only. */
export async function action({ request }: Route.ActionArgs) {
  return notReady(request, ['phone'])
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
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
      {actionData?.notReady && <Notice>{NOT_READY_MESSAGE}</Notice>}
      <ForgotPasswordForm initialPhone={actionData?.values.phone ?? params.get('phone') ?? ''} />
    </AuthShell>
  )
}
