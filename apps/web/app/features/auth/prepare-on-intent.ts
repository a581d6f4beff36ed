import { useMemo, useRef } from 'react'
import type { AmplifyPart } from './amplify.ts'
import { usePublicConfig } from '../../lib/route-data.ts'
import { loadAmplify } from './load-amplify.ts'

/**
 * A form's handlers that start downloading Amplify, and the part of it the form needs, once the visitor starts on
 * the form: a field focused, touched or typed in. A page whose form signs in, signs up or resets a password loads
 * none of Amplify before (docs/decisions/049-identity-client-in-parts.md); sending the form waits for it if need be.
 * `alsoLoad`: what else of the form's own the sending needs (its messages), downloaded at the same time.
 */
export function usePrepareOnIntent(part: AmplifyPart, alsoLoad?: () => Promise<unknown>) {
  const { identity } = usePublicConfig()
  const started = useRef(false)
  return useMemo(() => {
    const start = () => {
      if (started.current) return
      started.current = true
      void loadAmplify(identity)
        .then((auth) => auth.prepare(part))
        .catch(() => undefined)
      alsoLoad?.().catch(() => undefined)
    }
    return { onFocus: start, onPointerDown: start, onChange: start }
  }, [identity, part, alsoLoad])
}
