import type { IdentityConfig, SocialProvider } from '@salon/contracts/web'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { usePublicConfig } from '../../lib/route-data.ts'
import { afterSignIn } from './after-sign-in.ts'
import { loadAmplify } from './load-amplify.ts'
import { claimRedirectSignIn, PENDING_SIGN_IN, REDIRECT_TOO_SLOW, REDIRECT_WAIT_MS, releaseRedirectSignIn } from './redirect-sign-in.ts'

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

/** "Continue with Google" and "Continue with Apple", for the providers the hosted sign-in has switched on. */
export function SocialButtons({ onError }: { onError: (message: string) => void }) {
  const { identity } = usePublicConfig()
  const [busy, setBusy] = useState<SocialProvider | null>(null)
  // Only where the hosted sign-in may send the customer back (its HTTPS address, not this server's plain-HTTP port).
  const [here, setHere] = useState(false)
  const origins = identity.oauth?.origins
  useEffect(() => setHere(!origins || origins.includes(window.location.origin)), [origins])
  const providers = identity.oauth?.providers ?? []
  if (providers.length === 0 || !here) return null

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
    <div className="mt-6 flex flex-col gap-3">
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

/**
 * The sign-in page is where a redirect sign-in comes back: with a code, Amplify exchanges it as it loads and the
 * customer carries on as after any sign-in (a pending booking is made); with an error, its description is shown.
 */
export function useRedirectSignIn(search: URLSearchParams, onError: (message: string) => void) {
  const { identity } = usePublicConfig()
  const navigate = useNavigate()
  // Read once: Amplify takes the code and state out of the address as it finishes.
  const arrived = useRef({ code: search.get('code'), state: search.get('state'), error: search.get('error'), description: search.get('error_description') })
  const [finishing, setFinishing] = useState(Boolean(arrived.current.code && arrived.current.state))
  // What the page does with the outcome is read when the outcome comes, not when the page opened.
  const fail = useEffectEvent((message: string) => onError(message))
  const signedIn = useEffectEvent(() => void afterSignIn({ navigate }))

  // Once for the address the page opened at (the arrival is read once, above), and again only if the identity
  // service's configuration changed, which it does not while a page is open.
  useEffect(() => {
    const { code, state, error, description } = arrived.current
    if (error) fail(description ?? 'The sign-in was cancelled.')
    if (!identity.oauth || (!(code && state) && !error)) return
    let stop: (() => void) | undefined
    let cancelled = false
    // docs/product.md §9: the code that came back is waited for up to 10 s.
    const tooSlow = setTimeout(() => {
      stop?.()
      setFinishing(false)
      if (!error) fail(REDIRECT_TOO_SLOW)
    }, REDIRECT_WAIT_MS)
    void loadAmplify(identity).then((auth) => {
      if (cancelled) return
      stop = auth.listenRedirect(
        () => {
          clearTimeout(tooSlow)
          signedIn()
        },
        (message) => {
          clearTimeout(tooSlow)
          setFinishing(false)
          if (!error) fail(message)
        },
      )
    })
    return () => {
      cancelled = true
      clearTimeout(tooSlow)
      stop?.()
    }
  }, [identity])
  return finishing
}

/**
 * The hosted sign-in sent a client here to sign in (`?authorization=…`): once signed in, the session's access token
 * finishes that authorization and the browser goes back to the client with a code.
 */
export async function finishAuthorization(identity: IdentityConfig, authorization: string): Promise<void> {
  const auth = await loadAmplify(identity)
  const token = (await auth.fetchAuthSession()).tokens?.accessToken.toString()
  const response = await fetch('/oauth2/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token ?? ''}` },
    body: JSON.stringify({ authorization }),
  })
  const answer = (await response.json().catch(() => ({}))) as { location?: string; error_description?: string }
  if (!response.ok || !answer.location) throw new Error(answer.error_description ?? 'This sign-in could not be finished. Please start again.')
  window.location.assign(answer.location)
}
