// What the waitlist feature offers other features (docs/product.md "Waitlist"): joining from /book/ when a day is full,
// and the way back to a day or an offer after signing in.
export { JoinWaitlist } from './join-waitlist.tsx'
export { OFFER_RETURN, offerWaitingPath } from './offer-return.ts'
export { forgetWaitlistDay, WAITLIST_RETURN, waitlistDayWaiting } from './waitlist-return.ts'
