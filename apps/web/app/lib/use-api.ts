import { useMemo } from 'react'
import { useRootData } from '../root.tsx'
import { createApiClient } from './api.ts'

/** The API client for the browser, with this deployment's shop headers and base URL. */
export function useApi() {
  const { config } = useRootData()
  // Components call the API only from event handlers and effects, so only the browser's origin matters.
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin
  return useMemo(() => createApiClient({ config, origin }), [config, origin])
}
