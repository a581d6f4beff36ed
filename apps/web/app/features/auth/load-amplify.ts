import type { IdentityConfig } from '@salon/contracts/web'
import type { AmplifyAuth } from './amplify.ts'
import { hasSessionCookie } from './session-cookies.ts'

let loading: Promise<AmplifyAuth> | null = null
let loaded: AmplifyAuth | null = null
const listeners = new Set<(auth: AmplifyAuth) => void>()

/**
 * Amplify, downloaded and configured the first time something needs it (an auth page, a protected page,
 * a call that carries the identity token, or a signed-in visitor once the page is idle).
 */
export function loadAmplify(identity: IdentityConfig): Promise<AmplifyAuth> {
  if (!loading) {
    loading = import('./amplify.ts').then(({ configureAmplify, auth }) => {
      configureAmplify(identity, window.location)
      loaded = auth
      for (const listener of listeners) listener(auth)
      return auth
    })
    // A failed download (offline) may be retried by the next caller.
    loading.catch(() => {
      loading = null
    })
  }
  return loading
}

/** Calls back once Amplify is loaded, by whoever loads it first. */
export function onAmplifyLoaded(listener: (auth: AmplifyAuth) => void): () => void {
  listeners.add(listener)
  if (loaded) listener(loaded)
  return () => listeners.delete(listener)
}

/**
 * The identity token of the current session for API calls (docs/product.md §7); Amplify refreshes it when it has expired.
 * A visitor without the session cookies has none, and never downloads Amplify for it.
 */
export async function currentIdToken(identity: IdentityConfig): Promise<string | null> {
  if (!hasSessionCookie(document.cookie, identity.userPoolClientId)) return null
  const auth = await loadAmplify(identity)
  const session = await auth.fetchAuthSession()
  return session.tokens?.idToken?.toString() ?? null
}
