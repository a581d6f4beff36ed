import { ApiError } from '../../lib/api.ts'
import { browserConfig } from '../../lib/public-config.ts'
import { currentIdToken } from '../auth/public.ts'
import { staffApi as shellApi } from '../staff/public.ts'

/**
 * A call that sends or receives a file, as lib/api.ts's client makes every call: this deployment's API base and
 * shop headers, the member's identity token, and a refusal thrown as ApiError with the salon's message. It is made
 * here rather than added to that client because lib/api.ts is in every customer page, whose scripts must not grow.
 */
async function fileCall(method: 'GET' | 'POST', path: string, body?: Blob): Promise<Response> {
  const config = browserConfig()
  const base = new URL(config.apiBaseUrl.endsWith('/') ? config.apiBaseUrl : `${config.apiBaseUrl}/`, window.location.origin)
  const headers = new Headers({ shop_id: config.shopId, api_key: config.apiKey, accept: body ? 'application/json' : 'text/csv, */*' })
  if (body) headers.set('content-type', body.type || 'application/octet-stream')
  const token = await currentIdToken(config.identity).catch(() => null)
  if (token) headers.set('authorization', token)
  let response: Response
  try {
    response = await fetch(new URL(path, base), { method, headers, body })
  } catch {
    throw new ApiError(0, 'We could not reach the salon. Please check your connection and try again.')
  }
  if (!response.ok) {
    const data: unknown = response.headers.get('content-type')?.includes('json') ? await response.json().catch(() => null) : null
    const message = (data as { message?: unknown } | null)?.message
    throw new ApiError(response.status, typeof message === 'string' ? message : `The salon answered ${response.status}. Please try again.`, data)
  }
  return response
}

/** The Manage pages' calls: the staff pages' API client, and two for files. */
export const staffApi = {
  ...shellApi,
  /** POSTs a file (a picture) as the request's body, with its own Content-Type; answers the salon's JSON. */
  async upload<T>(path: string, file: Blob): Promise<T> {
    return (await (await fileCall('POST', path, file)).json()) as T
  },
  /** GETs a file (a CSV export), with the name the salon gives it. */
  async download(path: string): Promise<{ blob: Blob; fileName: string | null }> {
    const response = await fileCall('GET', path)
    const disposition = response.headers.get('content-disposition') ?? ''
    return { blob: await response.blob(), fileName: /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null }
  },
}
