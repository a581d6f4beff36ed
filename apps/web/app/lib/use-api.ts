import { useContext, useMemo } from 'react'
import { useRootData } from '../root.tsx'
import { createApiClient } from './api.ts'
import { IdentityTokenContext } from './identity-token.ts'

/** The API client for the browser, with this deployment's shop headers, base URL and the session's identity token. */
export function useApi() {
  const { config } = useRootData()
  const getIdToken = useContext(IdentityTokenContext)
  // Components call the API only from event handlers and effects, so only the browser's origin matters.
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin
  return useMemo(() => createApiClient({ config, origin, getIdToken }), [config, origin, getIdToken])
}
