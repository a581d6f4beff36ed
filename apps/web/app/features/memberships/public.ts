// What the memberships feature offers other features: how a plan's month is described, for the owner's Manage page.
export { allowanceText } from './membership-text.ts'
