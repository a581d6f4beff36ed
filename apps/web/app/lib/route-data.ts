import type { SalonResponse } from '@salon/contracts/shop'
import type { PublicConfig } from '@salon/contracts/web'
import { useRouteLoaderData } from 'react-router'

// The data of the two routes every page sits under, for any page or component, without importing a route module.

/** This deployment's public settings, from the root route. */
export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData('root') as { config: PublicConfig } | undefined
  if (!data) throw new Error('usePublicConfig is used outside the root route')
  return data.config
}

/** The salon the site is for (GET website/salon), from the layout route. */
export function useSalon(): SalonResponse {
  const data = useRouteLoaderData('routes/layout') as { salon: SalonResponse } | undefined
  if (!data) throw new Error('useSalon is used outside the layout route')
  return data.salon
}
