import { createApiClient, type ApiClient } from './api.ts'
import { browserConfig } from './public-config.ts'

type IdentityTokenSource = () => Promise<string | null>

let identityToken: IdentityTokenSource = async () => null
let client: ApiClient | null = null

/** Where the browser's API client gets the session's identity token; the app sets it once as it starts. */
export function setIdentityTokenSource(source: IdentityTokenSource) {
  identityToken = source
}

function client_(): ApiClient {
  client ??= createApiClient({ config: browserConfig(), origin: window.location.origin, getIdToken: () => identityToken() })
  return client
}

/**
 * The one API client of the browser: this deployment's base URL and shop headers, and the session's identity
 * token. It is made at the first call, so modules and components may hold it while rendering on the server.
 */
export const browserApi: ApiClient = {
  get: (...args) => client_().get(...args),
  post: (...args) => client_().post(...args),
  put: (...args) => client_().put(...args),
  delete: (...args) => client_().delete(...args),
  send: (...args) => client_().send(...args),
}
