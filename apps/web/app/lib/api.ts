import { needsIdentityToken } from '@salon/contracts/rules/identity-paths'
import type { PublicConfig } from '@salon/contracts/web'

/** docs/product.md §7: calls whose URL names one of the identity paths carry the identity token of the current session. */
export const needsIdentity = needsIdentityToken

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message)
  }
}

export interface ApiClientOptions {
  config: Pick<PublicConfig, 'shopId' | 'apiKey' | 'apiBaseUrl'>
  /** Resolves a relative base such as '/api/' (the page's own origin). */
  origin: string
  fetch?: (request: Request) => Promise<Response>
  /** The current session's identity token, when there is one. */
  getIdToken?: () => Promise<string | null>
}

export type ApiClient = ReturnType<typeof createApiClient>

export interface CallOptions {
  /** Send the session's identity token with a call the token rule leaves out, when there is one (a signed-in price). */
  identityIfSignedIn?: boolean
  /** Headers a call needs besides the shop's, such as the Idempotency-Key of a payment. */
  headers?: Record<string, string>
}

/** A call whose body is not JSON (a file sent), or whose answer is read as it came (a file received). */
export interface SendOptions extends CallOptions {
  body?: BodyInit
}

/** The one way the web app talks to the salon API: base URL, shop headers and the identity token rule. */
export function createApiClient(options: ApiClientOptions) {
  const base = new URL(options.config.apiBaseUrl.endsWith('/') ? options.config.apiBaseUrl : `${options.config.apiBaseUrl}/`, options.origin)
  const send = options.fetch ?? ((request: Request) => fetch(request))

  /** Makes a call and answers the response once it is a success; a refusal throws ApiError with the salon's message. */
  async function request(method: string, path: string, callOptions: SendOptions = {}): Promise<Response> {
    const url = new URL(path.replace(/^\//, ''), base).href
    // A call's own headers go first, so they never replace the shop's.
    const headers = new Headers(callOptions.headers)
    if (!headers.has('accept')) headers.set('accept', 'application/json')
    headers.set('shop_id', options.config.shopId)
    headers.set('api_key', options.config.apiKey)
    if (needsIdentity(url) || callOptions.identityIfSignedIn) {
      const token = await options.getIdToken?.().catch((error: unknown) => (needsIdentity(url) ? Promise.reject(error) : null))
      // The raw JWT, as Amazon API Gateway's Cognito authorizer expects it.
      if (token) headers.set('authorization', token)
    }
    let response: Response
    try {
      response = await send(new Request(url, { method, headers, body: callOptions.body }))
    } catch {
      throw new ApiError(0, 'We could not reach the salon. Please check your connection and try again.')
    }
    if (response.ok) return response
    const data: unknown = response.headers.get('content-type')?.includes('json') ? await response.json().catch(() => null) : null
    const message = (data as { message?: unknown } | null)?.message
    throw new ApiError(response.status, typeof message === 'string' ? message : `The salon answered ${response.status}. Please try again.`, data)
  }

  async function call<T>(method: string, path: string, body?: unknown, callOptions: CallOptions = {}): Promise<T> {
    const headers = body === undefined ? callOptions.headers : { ...callOptions.headers, 'content-type': 'application/json' }
    const response = await request(method, path, { ...callOptions, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    return (response.headers.get('content-type')?.includes('json') ? await response.json().catch(() => null) : null) as T
  }

  return {
    get: <T>(path: string, options?: CallOptions) => call<T>('GET', path, undefined, options),
    post: <T>(path: string, body: unknown = {}, options?: CallOptions) => call<T>('POST', path, body, options),
    put: <T>(path: string, body: unknown = {}, options?: CallOptions) => call<T>('PUT', path, body, options),
    /** A DELETE, with a JSON body when the call takes one (a reason); the answer's JSON, or null for none (204). */
    delete: <T = null>(path: string, body?: unknown, options?: CallOptions) => call<T>('DELETE', path, body, options),
    /** A call made as given: the successful response itself, for a file sent or received. */
    send: request,
  }
}
