import { browserStorage, storedJson, type StorageLike } from '../../lib/stored-json.ts'

/** Long enough to sign up, confirm a texted code and sign in; an offer kept longer is not brought back. */
const KEPT_FOR_MS = 30 * 60_000

/**
 * A visitor who opens a waitlist offer's link and signs in to book it comes back to the offer (docs/product.md
 * "Waitlist"): its address is kept in this tab, for as long as the time can be held.
 */
export const OFFER_RETURN = 'salon.waitlist-offer-return'

const OFFER_PATH = /^\/waitlist-offer\/[\w-]{1,64}\/$/

const storedOffer = storedJson<{ path: string; at: number }>(OFFER_RETURN, (value) => {
  const v = value as { path?: unknown; at?: unknown } | null
  if (!v || typeof v.path !== 'string' || !OFFER_PATH.test(v.path) || typeof v.at !== 'number') return null
  return { path: v.path, at: v.at }
})

export function rememberOffer(token: string, now = Date.now(), storage: StorageLike | null = browserStorage('session')) {
  storedOffer.write({ path: `/waitlist-offer/${encodeURIComponent(token)}/`, at: now }, storage)
}

/** The offer a visitor signed in to book, while it may still be held; read once (a later sign-in goes on as usual). */
export function offerWaitingPath(now = Date.now(), storage: StorageLike | null = browserStorage('session')): string | null {
  const offer = storedOffer.read(storage)
  storedOffer.clear(storage)
  return offer && now - offer.at >= 0 && now - offer.at < KEPT_FOR_MS ? offer.path : null
}
