import { useSearchParams } from 'react-router'
import { AuthShell } from '../features/auth/auth-shell.tsx'
import { SocialProfile } from '../features/auth/social-profile.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/sign-in-social'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Your details', 'A few details before your first booking.')

/** After Google or Apple: the details a sign-up needs, and the code that proves the mobile number (docs/decisions/018). */
export default function SignInSocial() {
  const [params] = useSearchParams()
  return (
    <AuthShell eyebrow="Your account" title="Your details" intro="UK law asks us to check your age and skin type before you use a sunbed.">
      <SocialProfile authorization={params.get('authorization') ?? ''} />
    </AuthShell>
  )
}
