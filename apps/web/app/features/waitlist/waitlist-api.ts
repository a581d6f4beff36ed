import type {
  BookOfferResponse,
  JoinWaitlistRequest,
  JoinWaitlistResponse,
  LeaveWaitlistResponse,
  WaitlistOfferResponse,
  WaitlistResponse,
} from '@salon/contracts/waitlist'
import { ApiError, type ApiClient } from '../../lib/api.ts'
import { browserApi } from '../../lib/browser-api.ts'

/** The waitlist calls (docs/product.md "Waitlist"); under p_account, so they carry the identity token by the client's rule. */
export function waitlistCalls(api: ApiClient) {
  return {
    join: (request: JoinWaitlistRequest) => api.post<JoinWaitlistResponse>('p_account/waitlist', request),
    entries: () => api.get<WaitlistResponse>('p_account/waitlist'),
    leave: (id: string) => api.delete<LeaveWaitlistResponse>(`p_account/waitlist/${encodeURIComponent(id)}`),
    offer: (token: string) => api.get<WaitlistOfferResponse>(`p_account/waitlist/offers/${encodeURIComponent(token)}`),
    bookOffer: (token: string) => api.post<BookOfferResponse>(`p_account/waitlist/offers/${encodeURIComponent(token)}/book`),
  }
}

export const browserWaitlistCalls = waitlistCalls(browserApi)

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback)

export type EntriesResult = { status: 'ready'; entries: WaitlistResponse['entries'] } | { status: 'error'; message: string }

/** The customer's waiting entries, loaded in the browser where the identity token is. */
export async function loadWaitlist(): Promise<EntriesResult> {
  try {
    return { status: 'ready', entries: (await browserWaitlistCalls.entries()).entries }
  } catch (error) {
    return { status: 'error', message: messageOf(error, 'We could not load your waitlist.') }
  }
}

export type OfferResult = { status: 'ready'; offer: WaitlistOfferResponse['offer'] } | { status: 'sign-in' } | { status: 'error'; message: string }

/** The offer a link holds; a visitor with no session, or one that has ended, is asked to sign in (401). */
export async function loadOffer(token: string): Promise<OfferResult> {
  try {
    return { status: 'ready', offer: (await browserWaitlistCalls.offer(token)).offer }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { status: 'sign-in' }
    return { status: 'error', message: messageOf(error, 'We could not load this offer.') }
  }
}
