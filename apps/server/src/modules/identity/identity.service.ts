import { createDeviceOperations } from './devices.service.ts'
import { createPasswordOperations } from './password-reset.service.ts'
import { createPoolCore, type IdentityServiceDeps } from './pool-core.service.ts'
import { profileOf, UNCONFIRMED_LIFETIME_MS } from './pool-rules.ts'
import { createSignInOperations } from './sign-in.service.ts'
import { createSignUpOperations } from './sign-up.service.ts'
import { createProfileOperations } from './user-profile.service.ts'

export { DEFAULT_ADDRESS_LIMITS, type AddressLimits, type Caller, type IdentityServiceDeps, type PasswordHasher } from './pool-core.service.ts'
export { limitKeyOf, lockoutSeconds, UNCONFIRMED_LIFETIME_MS } from './pool-rules.ts'

/** Removes sign-ups left unconfirmed for 24 hours, with the salon records made for them; how many went. */
export async function removeStaleSignUps(transaction: IdentityServiceDeps['transaction'], now: number = Date.now()): Promise<number> {
  return transaction(async ({ identity, customers }) => {
    const subs = await identity.deleteUnconfirmedBefore(new Date(now - UNCONFIRMED_LIFETIME_MS))
    await customers.removeNeverConfirmed(subs)
    await identity.deleteExpiredChallenges(new Date(now))
    return subs.length
  })
}

/**
 * The rules of the user pool: who may sign up, sign in, and for how long their tokens stand. Each flow is a file of
 * its own (sign-up, sign-in, passwords, the profile, devices) over what they share (pool-core.service.ts).
 */
export function createIdentityService(deps: IdentityServiceDeps) {
  const core = createPoolCore(deps)
  return {
    ...createDeviceOperations({ repository: core.repo, fromAccessToken: core.fromAccessToken, groupKeyOf: core.srp.groupKeyOf, now: core.now }),
    ...createSignUpOperations(core, deps),
    ...createSignInOperations(core, deps),
    ...createPasswordOperations(core, deps),
    ...createProfileOperations(core, deps),
    profileOf,
  }
}
export type IdentityService = ReturnType<typeof createIdentityService>
