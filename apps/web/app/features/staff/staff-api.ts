import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError, type CallOptions } from '../../lib/api.ts'
import { browserApi } from '../../lib/browser-api.ts'
import { browserConfig } from '../../lib/public-config.ts'
import { currentIdToken } from '../auth/public.ts'

/**
 * The staff pages' calls (docs/product.md §10.9): the browser's one API client, with the signed-in member's identity
 * token on every call. Paths are relative to the API's base, without a leading slash: `staffApi.get('staff/me')`.
 * A call without a session goes without a token, and the server answers 401 "Please sign in as a member of the
 * salon's staff.", which the staff pages turn into the sign-in page. Failures throw ApiError (status, message).
 */
const withToken = (options?: CallOptions): CallOptions => ({ ...options, identityIfSignedIn: true })

/**
 * A staff call the browser's JSON client does not make: a DELETE (customer pages never send one, and the shared
 * client is in every customer page's scripts, so it has none), or a call whose body or answer is a file (an upload,
 * a CSV). The same base URL, shop headers and member's token as staffApi; the answer as it came, once it is a
 * success; a refusal throws ApiError with the server's message.
 */
export async function staffFetch(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Response> {
  const config = browserConfig()
  const base = new URL(config.apiBaseUrl.endsWith('/') ? config.apiBaseUrl : `${config.apiBaseUrl}/`, window.location.origin)
  const headers = new Headers(init.headers)
  headers.set('shop_id', config.shopId)
  headers.set('api_key', config.apiKey)
  const token = await currentIdToken(config.identity).catch(() => null)
  if (token) headers.set('authorization', token)
  let response: Response
  try {
    response = await fetch(new URL(path.replace(/^\//, ''), base), { method, headers, body: init.body })
  } catch {
    throw new ApiError(0, 'We could not reach the salon. Please check your connection and try again.')
  }
  if (response.ok) return response
  const data: unknown = await response.json().catch(() => null)
  const message = (data as { message?: unknown } | null)?.message
  throw new ApiError(response.status, typeof message === 'string' ? message : `The salon answered ${response.status}. Please try again.`, data)
}

export const staffApi = {
  get: <T>(path: string, options?: CallOptions) => browserApi.get<T>(path, withToken(options)),
  post: <T>(path: string, body: unknown = {}, options?: CallOptions) => browserApi.post<T>(path, body, withToken(options)),
  put: <T>(path: string, body: unknown = {}, options?: CallOptions) => browserApi.put<T>(path, body, withToken(options)),
  /** A DELETE, with a JSON body when the call takes one (a reason); the answer's JSON, or null for none (204). */
  delete: async <T = null>(path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await staffFetch('DELETE', path, { headers, body: body === undefined ? undefined : JSON.stringify(body) })
    return (response.headers.get('content-type')?.includes('json') ? await response.json().catch(() => null) : null) as T
  },
}

/** The words to show for a failed call: the server's own message, which says what to do. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return 'Something went wrong. Please try again.'
}

/** A query string from the values given, leaving out empty ones: `staff/day${query({ date })}`. */
export function query(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}

export interface StaffData<T> {
  /** The last answer (kept while a reload is under way), or undefined before the first. */
  data: T | undefined
  /** The server's message when the last load failed. */
  error: string | null
  /** True while a load is under way (the first, or a reload). */
  loading: boolean
  /** Loads again (after a change, or from a "Try again" button). */
  reload: () => void
  /** Replaces the data shown, for a change whose answer is the new data. */
  setData: (update: (current: T | undefined) => T | undefined) => void
}

/**
 * GETs a staff call in the browser and keeps its answer: loads when the page opens and whenever `path` changes;
 * `null` loads nothing yet (a search not typed). An answer that arrives after a newer load began is dropped.
 * A 401 (the session has ended) sends the member to the sign-in page, to come back here after.
 */
export function useStaffData<T>(path: string | null): StaffData<T> {
  const [data, setData] = useState<T | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(path !== null)
  const [round, setRound] = useState(0)
  const latest = useRef(0)
  useEffect(() => {
    if (path === null) {
      setLoading(false)
      return
    }
    const load = ++latest.current
    setLoading(true)
    staffApi.get<T>(path).then(
      (answer) => {
        if (load !== latest.current) return
        setData(answer)
        setError(null)
        setLoading(false)
      },
      (failure: unknown) => {
        if (load !== latest.current) return
        if (failure instanceof ApiError && failure.status === 401) return toSignIn()
        setError(messageOf(failure))
        setLoading(false)
      },
    )
  }, [path, round])
  const reload = useCallback(() => setRound((n) => n + 1), [])
  return { data, error, loading, reload, setData }
}

/** The staff sign-in page, coming back to this page once signed in. */
export function signInPath(next = typeof window === 'undefined' ? '/staff/' : window.location.pathname + window.location.search): string {
  return `/staff/sign-in/${next.startsWith('/staff/') && next !== '/staff/' ? query({ next }) : ''}`
}

function toSignIn() {
  window.location.assign(signInPath())
}

/** Where to go after signing in: the staff page asked for (?next=), or the day sheet. Never outside /staff/. */
export function afterStaffSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next')
  return next && /^\/staff\/[^/\\]/.test(next) && !next.startsWith('/staff/sign-in') ? next : '/staff/'
}

export interface StaffAction {
  /**
   * Runs a change (a POST, PUT or DELETE through staffApi). On success shows `success` (if given) and returns the
   * answer; on failure shows the server's message and returns undefined, or rethrows when `rethrow` is set (for a
   * form that shows the message itself, or the owner's "override a rule" choice that reads `error.body`).
   */
  run: <T>(change: () => Promise<T>, options?: { success?: string; rethrow?: boolean }) => Promise<T | undefined>
  /** True while a change is under way: disable its button. */
  busy: boolean
}

/** How a page makes changes: one at a time, with the outcome shown in the staff layout's notice area. */
export function useStaffActionWith(notify: (notice: { kind: 'success' | 'error'; message: string }) => void): StaffAction {
  const [busy, setBusy] = useState(false)
  const run = useCallback(
    async <T>(change: () => Promise<T>, options: { success?: string; rethrow?: boolean } = {}) => {
      setBusy(true)
      try {
        const answer = await change()
        if (options.success) notify({ kind: 'success', message: options.success })
        return answer
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          toSignIn()
          return undefined
        }
        if (options.rethrow) throw error
        notify({ kind: 'error', message: messageOf(error) })
        return undefined
      } finally {
        setBusy(false)
      }
    },
    [notify],
  )
  return { run, busy }
}
