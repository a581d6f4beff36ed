import { createContext } from 'react'

/**
 * Where the API client gets the current session's identity token (SPEC §7). The auth feature provides it;
 * until then (or for a visitor) there is none.
 */
export const IdentityTokenContext = createContext<() => Promise<string | null>>(async () => null)
