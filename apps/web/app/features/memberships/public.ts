// What the memberships feature offers other features: how a plan's month is described, for the owner's Manage page;
// and the customer's own membership, for the booking flow's "Pay with my membership".
export { allowanceText } from './membership-text.ts'
export { useMyMembership } from './my-membership.ts'
