import { Link, useSearchParams } from 'react-router'
import { AuthShell, Notice } from '../features/auth/auth-shell.tsx'
import { referralCodeFrom } from '../features/auth/sign-up-metadata.ts'
import { SignUpForm } from '../features/auth/sign-up-form.tsx'
import { SocialButtons } from '../features/auth/social-buttons.tsx'
import { useState } from 'react'
import { SIGN_UP_KEPT_FIELDS } from '../features/auth/sign-up-validation.ts'
import { NOT_READY_MESSAGE } from '../lib/form-post.ts'
import { notReady } from '../lib/form-post.server.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/sign-up'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Create your account', 'Create your salon account to book online.')

/** Sign-up happens in the browser; a form sent before the page was ready comes back with everything but the passwords. */
export async function action({ request }: Route.ActionArgs) {
  return notReady(request, SIGN_UP_KEPT_FIELDS)
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const referralCode = referralCodeFrom(params.get('ref'))
  const [socialProblem, setSocialProblem] = useState<string | null>(null)
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
      {actionData?.notReady && <Notice>{NOT_READY_MESSAGE}</Notice>}
      {referralCode && (
        <Notice tone="success">
          Signing up with your friend&rsquo;s code <strong className="font-mono">{referralCode}</strong>: you both get free minutes after your first package.
        </Notice>
      )}
      <SignUpForm initial={actionData?.values} referralCode={referralCode} />
      {socialProblem && (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
          {socialProblem}
        </p>
      )}
      <SocialButtons onError={setSocialProblem} />
    </AuthShell>
  )
}
