import type { IdentityConfig, SocialProvider } from '@salon/contracts/web'
import { useState } from 'react'
import { loadAmplify } from './load-amplify.ts'
import { claimRedirectSignIn, PENDING_SIGN_IN, releaseRedirectSignIn } from './redirect-sign-in.ts'

const LABEL: Record<SocialProvider, string> = { Google: 'Google', Apple: 'Apple' }
/** Each provider's own look: Google's white button with its "G", Apple's black one (their sign-in button guidelines). */
const STYLE: Record<SocialProvider, string> = { Google: 'btn-outline bg-white', Apple: 'btn bg-black text-white hover:bg-cocoa-950' }
const MARK: Record<SocialProvider, React.ReactNode> = {
  Google: (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5 shrink-0">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  ),
  Apple: null,
}

/** The buttons themselves, loaded only where they are shown (social-buttons.tsx). */
export default function SocialButtonList({
  identity,
  providers,
  onError,
}: {
  identity: IdentityConfig
  providers: SocialProvider[]
  onError: (message: string) => void
}) {
  const [busy, setBusy] = useState<SocialProvider | null>(null)

  // Amplify's hosted sign-in starts downloading once the visitor points at or tabs to a button (docs/decisions/049).
  const prepare = () =>
    void loadAmplify(identity)
      .then((auth) => auth.prepare('social-sign-in'))
      .catch(() => undefined)

  async function go(provider: SocialProvider) {
    // docs/product.md §4: one redirect sign-in at a time; the page is on its way to the provider meanwhile.
    if (!claimRedirectSignIn()) return onError(PENDING_SIGN_IN)
    setBusy(provider)
    try {
      const auth = await loadAmplify(identity)
      await auth.signInWithRedirect(provider)
    } catch (error) {
      releaseRedirectSignIn()
      onError(error instanceof Error ? error.message : 'The sign-in could not start. Please try again.')
      setBusy(null)
    }
  }

  return (
    <div className="mt-6 flex flex-col gap-3" onPointerEnter={prepare} onFocus={prepare}>
      <p className="text-center text-sm text-cocoa-600">or</p>
      {providers.map((provider) => (
        <button key={provider} type="button" className={`${STYLE[provider]} w-full`} aria-busy={busy === provider} onClick={() => void go(provider)}>
          {MARK[provider]}
          Continue with {LABEL[provider]}
        </button>
      ))}
    </div>
  )
}
