import type { PublicConfig } from '@salon/contracts/web'

declare global {
  interface Window {
    __SALON_CONFIG__?: PublicConfig
  }
}

/**
 * The inline script that hands this deployment's public settings to the browser before any module runs, so
 * code outside React (client loaders, the API client) reads them without waiting for the root route's data.
 * `<` is escaped so no value can close the script element.
 */
export function publicConfigScript(config: PublicConfig): string {
  return `window.__SALON_CONFIG__=${JSON.stringify(config).replace(/</g, '\\u003c')}`
}

/** This deployment's public settings, in the browser. */
export function browserConfig(): PublicConfig {
  const config = window.__SALON_CONFIG__
  if (!config) throw new Error('The page did not include its settings.')
  return config
}
