import type { AppLoadContext } from 'react-router'
import { createApiClient } from './api.ts'

/** The API client for loaders: same headers as the browser's, dispatched in process when possible. */
export function serverApi(context: AppLoadContext, request: Request) {
  return createApiClient({ config: context.config, origin: new URL(request.url).origin, fetch: context.apiFetch })
}

/**
 * The API client for actions that send what a visitor typed (contact, offers). Behind a trusted reverse proxy
 * the API counts such messages per visitor from X-Forwarded-For, so the visitor's header goes along, as it
 * would with the browser's own call.
 */
export function visitorApi(context: AppLoadContext, request: Request) {
  const forwardedFor = request.headers.get('x-forwarded-for')
  const fetch = forwardedFor
    ? (call: Request) => {
        call.headers.set('x-forwarded-for', forwardedFor)
        return context.apiFetch(call)
      }
    : context.apiFetch
  return createApiClient({ config: context.config, origin: new URL(request.url).origin, fetch })
}
