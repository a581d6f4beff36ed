// What the memberships feature offers other features: how a membership is written, for the owner's Manage page and
// the customer's page at the desk; and the customer's own membership, for the booking flow's "Pay with my membership".
export { allowanceText, lastDayOf, leftText, longDay, PAYMENT_KIND, PAYMENT_STATUS, STATUS_TEXT } from './membership-text.ts'
export { useMyMembership } from './my-membership.ts'
