// What the identity module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): other
// modules and the app import from here, never from the module's other files.
export {
  cognitoVerifier,
  localVerifier,
  optionalIdentity,
  signedInRoute,
  type ApiEnv,
  type Identity,
  type IdentityVariables,
  type IdentityVerifier,
} from './api-identity.ts'
export { CognitoError } from './cognito-error.ts'
export { createCognitoRoutes } from './cognito.routes.ts'
export { createCustomersRepository, IN_SALON, type CustomerProfile, type CustomerRow, type CustomersRepository } from './customers.repository.ts'
export { eraseCustomer } from './erasure.service.ts'
export { correctPoolProfile } from './pool-profile-corrections.service.ts'
export { photoIdCheckView, requirePhotoIdCheck } from './photo-id-checks.service.ts'
export { createRetention, RETENTION_ACTOR, type Retention } from './retention.service.ts'
export { createRetentionRoutes } from './retention.routes.ts'
export { BUILT_IN_POOL } from './default-pool.ts'
export { identityTransaction } from './identity-transaction.service.ts'
export { createIdentityRepository, type IdentityRepository } from './identity.repository.ts'
export { createIdentityService, DEFAULT_ADDRESS_LIMITS, limitKeyOf, removeStaleSignUps, type IdentityService, type PasswordHasher } from './identity.service.ts'
export { createIdentityModule, type UserPoolOptions } from './identity.module.ts'
export { sameMailbox } from './mailbox.ts'
export { argon2Passwords } from './passwords.ts'
export { normalisePhone } from './phone.ts'
export { loadSigningKeys, type SigningKeys } from './signing-keys.service.ts'
export { createTokenIssuer, hashToken, newRefreshToken, REFRESH_TOKEN_DAYS, TokenError, type TokenIssuer } from './tokens.ts'
export { createGroupsRepository, isStaffRole, STAFF_ROLES, type GroupsRepository, type StaffMembership, type TeamMember } from './groups.repository.ts'
export { NOT_STAFF, STAFF_SIGN_IN, staffAccess } from './staff-access.ts'
export { addStaffDirectly, createStaffTeam, type Invitee, type StaffTeam } from './staff-team.service.ts'
