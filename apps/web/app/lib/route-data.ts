import type { SalonResponse } from '@salon/contracts/shop'
import type { PublicConfig } from '@salon/contracts/web'
import { createContext, useContext } from 'react'

// The data of the two routes every page sits under, for any page or component, without importing a route module.
//
// The root and layout routes hand their loader data down as context rather than each component asking the router
// (useRouteLoaderData): a component reading the router's state renders again on every change of it, including the
// router's own bookkeeping after a page has loaded, while these values change only when their loaders run again.

const PublicConfigContext = createContext<PublicConfig | null>(null)
const SalonContext = createContext<SalonResponse | null>(null)

/** Given by the root route: its loader's public settings. */
export const PublicConfigProvider = PublicConfigContext.Provider
/** Given by the layout route: its loader's salon. */
export const SalonProvider = SalonContext.Provider

/** This deployment's public settings, from the root route. */
export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext)
  if (!config) throw new Error('usePublicConfig is used outside the root route')
  return config
}

/** The salon the site is for (GET website/salon), from the layout route. */
export function useSalon(): SalonResponse {
  const salon = useContext(SalonContext)
  if (!salon) throw new Error('useSalon is used outside the layout route')
  return salon
}
