import type { WebLoadContext } from '@salon/contracts/web'
import type { AppLoadContext } from 'react-router'
import { createApiClient } from './api.ts'

/** The API client for loaders: same headers as the browser's, dispatched in process when possible. */
export function serverApi(context: AppLoadContext, request: Request) {
  const ctx = context as unknown as WebLoadContext
  return createApiClient({ config: ctx.config, origin: new URL(request.url).origin, fetch: ctx.apiFetch })
}

export function publicConfig(context: AppLoadContext) {
  return (context as unknown as WebLoadContext).config
}
