import { lazy, Suspense, useEffect, useState } from 'react'
import { usePublicConfig } from '../../lib/route-data.ts'

/** Downloaded only by a page that shows the buttons: a salon without Google or Apple sign-in never needs them. */
const SocialButtonList = lazy(() => import('./social-button-list.tsx'))

/** "Continue with Google" and "Continue with Apple", for the providers the hosted sign-in has switched on. */
export function SocialButtons({ onError }: { onError: (message: string) => void }) {
  const { identity } = usePublicConfig()
  // Only where the hosted sign-in may send the customer back (its HTTPS address, not this server's plain-HTTP port).
  const [here, setHere] = useState(false)
  const origins = identity.oauth?.origins
  useEffect(() => setHere(!origins || origins.includes(window.location.origin)), [origins])
  const providers = identity.oauth?.providers ?? []
  if (providers.length === 0 || !here) return null
  return (
    <Suspense fallback={null}>
      <SocialButtonList identity={identity} providers={providers} onError={onError} />
    </Suspense>
  )
}
