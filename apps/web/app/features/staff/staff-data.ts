import { useEffect } from 'react'
import { redirect, useFetcher } from 'react-router'
import { ApiError } from '../../lib/api.ts'
import { messageOf, signInPath } from './staff-api.ts'
import { memberRole } from './staff-session.ts'

/** docs/product.md §10.1: what a member of staff sees where only the owner may act. */
export const OWNER_ONLY = "Only the salon's owner can do this."

/** One part of a staff page's data: loaded, or refused with the salon's words (shown beside the parts that loaded). */
export type Part<T> = { status: 'ready'; data: T } | { status: 'error'; message: string }

type Parts<P extends Record<string, Promise<unknown>>> = { [K in keyof P]: Part<Awaited<P[K]>> }

/**
 * A staff page's data, for its route's clientLoader (docs/decisions/011, as the customer pages load theirs): the
 * calls are started together and each settles on its own, so a part the salon refuses shows its message while the
 * rest of the page works. No session (401 from any part): to the staff sign-in page, coming back here after.
 */
export async function staffParts<P extends Record<string, Promise<unknown>>>(request: Request, parts: P): Promise<Parts<P>> {
  const names = Object.keys(parts) as (keyof P & string)[]
  const settled = await Promise.allSettled(names.map((name) => parts[name]))
  const answer = {} as Record<string, Part<unknown>>
  settled.forEach((outcome, index) => {
    if (outcome.status === 'rejected' && outcome.reason instanceof ApiError && outcome.reason.status === 401) {
      const { pathname, search } = new URL(request.url)
      throw redirect(signInPath(pathname + search))
    }
    answer[names[index]!] = outcome.status === 'fulfilled' ? { status: 'ready', data: outcome.value } : { status: 'error', message: messageOf(outcome.reason) }
  })
  return answer as Parts<P>
}

/**
 * An owner's page's data (docs/product.md §10.1): asked only when the member signed in is an owner. Anyone else's
 * page shows "Only the salon's owner can do this." (OwnerOnly), so nothing is asked that the server would refuse.
 */
export async function ownerParts<P extends Record<string, () => Promise<unknown>>>(
  request: Request,
  parts: P,
): Promise<{ [K in keyof P]: Part<Awaited<ReturnType<P[K]>>> }> {
  const names = Object.keys(parts) as (keyof P & string)[]
  if ((await memberRole()) !== 'owner') return Object.fromEntries(names.map((name) => [name, { status: 'error', message: OWNER_ONLY }])) as never
  return staffParts(request, Object.fromEntries(names.map((name) => [name, parts[name]!()]))) as never
}

/** A staff page with one part: `staffPart(request, deskCalls.day(date))`. */
export async function staffPart<T>(request: Request, call: Promise<T>): Promise<Part<T>> {
  return (await staffParts(request, { part: call })).part
}

/** An address as a lookup compares it: its path without the closing slash, and its query. */
const lookupKey = (href: string) => {
  const url = new URL(href, 'http://salon.invalid')
  return url.pathname.replace(/\/$/, '') + url.search
}

/** What a lookup route answers a fetcher: the address asked (so a page uses only the answer to its latest question) and the part. */
export interface LookupAnswer<T> {
  href: string
  part: Part<T>
}

/** A lookup route's answer (the customer search, a customer's photo-ID status), for its clientLoader. */
export async function lookupAnswer<T>(request: Request, call: Promise<T>): Promise<LookupAnswer<T>> {
  return { href: lookupKey(request.url), part: await staffPart(request, call) }
}

/**
 * Data that follows a choice made inside a page (a search typed, a customer picked in a dialog), loaded by a fetcher
 * from the route that answers it, as the customer pages' planner loads free times (docs/decisions/011). `null`: nothing
 * to ask yet. React Router keeps only the latest answer; an answer to an earlier address is not shown.
 */
export function useStaffLookup<T>(href: string | null): { part: Part<T> | undefined; loading: boolean } {
  const fetcher = useFetcher<LookupAnswer<T>>()
  const { load } = fetcher
  useEffect(() => {
    if (href !== null) void load(href)
  }, [href, load])
  const part = href !== null && fetcher.data?.href === lookupKey(href) ? fetcher.data.part : undefined
  return { part, loading: href !== null && part === undefined }
}

/** An owner's page with one part: `ownerPart(request, () => manageCalls.team())`. */
export async function ownerPart<T>(request: Request, call: () => Promise<T>): Promise<Part<T>> {
  return (await ownerParts(request, { part: call })).part
}
