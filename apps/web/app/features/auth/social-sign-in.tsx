import type { IdentityConfig } from '@salon/contracts/web'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { usePublicConfig } from '../../lib/route-data.ts'
import { afterSignIn } from './after-sign-in.ts'
import { loadAmplify } from './load-amplify.ts'
import { REDIRECT_TOO_SLOW, REDIRECT_WAIT_MS } from './redirect-sign-in.ts'

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
