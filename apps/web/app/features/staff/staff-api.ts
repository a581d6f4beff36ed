import { useCallback, useState } from 'react'
import { ApiError, type CallOptions, type SendOptions } from '../../lib/api.ts'
import { browserApi } from '../../lib/browser-api.ts'

/**
 * The staff pages' calls (docs/product.md §10.9): the browser's one API client, with the signed-in member's identity
 * token on every call. Paths are relative to the API's base, without a leading slash: `staffApi.get('staff/me')`.
 * A call without a session goes without a token, and the server answers 401 "Please sign in as a member of the
 * salon's staff.", which the staff pages turn into the sign-in page. Failures throw ApiError (status, message).
 */
const withToken = <O extends CallOptions>(options?: O): O => ({ ...options, identityIfSignedIn: true }) as O

export const staffApi = {
  get: <T>(path: string, options?: CallOptions) => browserApi.get<T>(path, withToken(options)),
  post: <T>(path: string, body: unknown = {}, options?: CallOptions) => browserApi.post<T>(path, body, withToken(options)),
  put: <T>(path: string, body: unknown = {}, options?: CallOptions) => browserApi.put<T>(path, body, withToken(options)),
  /** A DELETE, with a JSON body when the call takes one (a reason); the answer's JSON, or null for none (204). */
  delete: <T = null>(path: string, body?: unknown) => browserApi.delete<T>(path, body, withToken()),
  /** POSTs a file (a picture or a CSV) as the request's body, with its own Content-Type; answers the salon's JSON. */
  upload: async <T>(path: string, file: Blob, options?: CallOptions): Promise<T> => {
    const headers = { ...options?.headers, 'content-type': file.type || 'application/octet-stream' }
    return (await (await browserApi.send('POST', path, withToken<SendOptions>({ ...options, headers, body: file }))).json()) as T
  },
  /** GETs a file (a CSV export), with the name the salon gives it. */
  download: async (path: string, accept = 'text/csv, */*'): Promise<{ blob: Blob; fileName: string | null }> => {
    const response = await browserApi.send('GET', path, withToken({ headers: { accept } }))
    const disposition = response.headers.get('content-disposition') ?? ''
    return { blob: await response.blob(), fileName: /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null }
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
   * Runs a change (a POST, PUT or DELETE through staffApi). On success shows `success` (if given), has React Router
   * load the page's data again (its loaders revalidate, as after a customer's change) and returns the answer; on failure shows the server's message and returns undefined, or rethrows when `rethrow` is set (for a
   * form that shows the message itself, or the owner's "override a rule" choice that reads `error.body`).
   */
  run: <T>(change: () => Promise<T>, options?: { success?: string; rethrow?: boolean }) => Promise<T | undefined>
  /** True while a change is under way: disable its button. */
  busy: boolean
}

/** How a page makes changes: one at a time, with the outcome shown in the staff layout's notice area. */
export function useStaffActionWith(notify: (notice: { kind: 'success' | 'error'; message: string }) => void, revalidate: () => Promise<void>): StaffAction {
  const [busy, setBusy] = useState(false)
  const run = useCallback(
    async <T>(change: () => Promise<T>, options: { success?: string; rethrow?: boolean } = {}) => {
      setBusy(true)
      try {
        const answer = await change()
        if (options.success) notify({ kind: 'success', message: options.success })
        await revalidate()
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
    [notify, revalidate],
  )
  return { run, busy }
}
