// What the memberships module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): the app
// and the modules above it import from here, never from the module's other files.
export { createMembershipsModule } from './memberships.module.ts'
export { MEMBERSHIP_JOBS } from './memberships.service.ts'
export { RENEWAL_TEXTS } from './membership-words.ts'
export type { MembershipSessions } from './membership-sessions.service.ts'
