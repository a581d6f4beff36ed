// What the waitlist feature offers other features (docs/product.md "Waitlist"): joining from /book/ when a day is full.
export { JoinWaitlist } from './join-waitlist.tsx'
