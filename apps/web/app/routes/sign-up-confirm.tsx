import { Link } from 'react-router'
import { AuthShell, Notice } from '../features/auth/auth-shell.tsx'
import { ConfirmSignUpForm } from '../features/auth/confirm-sign-up-form.tsx'
import { NOT_READY_MESSAGE } from '../lib/form-post.ts'
import { notReady } from '../lib/form-post.server.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/sign-up-confirm'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Confirm your mobile number', 'Confirm your mobile number.', { private: true })

/** Codes are checked from the browser; a form sent before the page was ready comes back with the number, never the code. */
export async function action({ request }: Route.ActionArgs) {
  return notReady(request, ['phone'])
}

export default function SignUpConfirm({ actionData }: Route.ComponentProps) {
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
      {actionData?.notReady && <Notice>{NOT_READY_MESSAGE}</Notice>}
      <ConfirmSignUpForm initialPhone={actionData?.values.phone} />
    </AuthShell>
  )
}
