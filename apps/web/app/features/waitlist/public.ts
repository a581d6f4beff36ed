// What the waitlist feature offers other features (docs/product.md "Waitlist"): joining from /book/ when a day is full.
export { JoinWaitlist } from './join-waitlist.tsx'
export { forgetWaitlistDay, WAITLIST_RETURN, waitlistDayWaiting } from './waitlist-return.ts'
