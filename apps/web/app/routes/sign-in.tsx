import { Link, useSearchParams } from 'react-router'
import { AuthShell, Notice } from '../features/auth/auth-shell.tsx'
import { SignInForm } from '../features/auth/sign-in-form.tsx'
import { SocialButtons } from '../features/auth/social-buttons.tsx'
import { finishAuthorization, useRedirectSignIn } from '../features/auth/social-sign-in.tsx'
import { usePublicConfig } from '../lib/route-data.ts'
import { useState } from 'react'
import { NOT_READY_MESSAGE } from '../lib/form-post.ts'
import { notReady } from '../lib/form-post.server.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/sign-in'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Sign in', 'Sign in to your salon account.')

/** Signing in happens in the browser; a form sent before the page was ready comes back with the number only. */
export async function action({ request }: Route.ActionArgs) {
  return notReady(request, ['phone'])
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const fromBooking = params.get('source') === 'booking'
  const fromPackage = params.get('source') === 'package'
  const confirmed = params.get('confirmed') === 'true'
  const { identity } = usePublicConfig()
  const [socialProblem, setSocialProblem] = useState<string | null>(null)
  const finishing = useRedirectSignIn(params, setSocialProblem)
  // Sent here by the hosted sign-in (/oauth2/authorize): signing in finishes that authorization instead.
  const authorization = params.get('authorization')
  return (
    <AuthShell
      eyebrow="Your account"
      title="Sign in"
      intro="Sign in with your mobile number and password to book, buy packages and see your balance."
      footer={
        <>
          <p>
            New here?{' '}
            <Link to="/sign-up/" className="font-semibold text-brand-teal underline underline-offset-2">
              Create an account
            </Link>
          </p>
          <p className="text-sm text-cocoa-600">
            Signed up in the salon? You still need to create an account online, with the same mobile number, to link them.
          </p>
        </>
      }
    >
      {actionData?.notReady && <Notice>{NOT_READY_MESSAGE}</Notice>}
      {fromBooking && <Notice>Please sign in to finish your booking.</Notice>}
      {fromPackage && <Notice>Please sign in, or create an account, to buy your package. You will go straight on to pay for it.</Notice>}
      {confirmed && <Notice tone="success">Your mobile number is confirmed. Please sign in to carry on.</Notice>}
      {socialProblem && (
        <p role="alert" className="mb-6 rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
          {socialProblem}
        </p>
      )}
      {finishing && <Notice>Signing you in…</Notice>}
      <SignInForm
        initialPhone={actionData?.values.phone ?? params.get('phone') ?? ''}
        onSignedIn={authorization ? () => finishAuthorization(identity, authorization) : undefined}
      />
      {!authorization && <SocialButtons onError={setSocialProblem} />}
    </AuthShell>
  )
}
