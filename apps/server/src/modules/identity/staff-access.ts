import { createMiddleware } from 'hono/factory'
import { HttpError } from '../../lib/errors.ts'
import type { StaffEnv } from '../shop/public.ts'
import type { IdentityVerifier } from './api-identity.ts'
import type { GroupsRepository } from './groups.repository.ts'

export const STAFF_SIGN_IN = "Please sign in as a member of the salon's staff."
export const NOT_STAFF = "This account is not on this salon's staff."

/**
 * Every call under /api/staff/ (docs/product.md §10): a token of a standing session (401 otherwise), of a user who
 * is, now, an active member of the staff of the shop the request names (403 otherwise). The membership is read from
 * the database on every call rather than trusted from the token's cognito:groups, so a removed member or a changed
 * role counts at once, and a token of one shop's staff opens nothing at another.
 */
export function staffAccess(verifier: IdentityVerifier, groups: Pick<GroupsRepository, 'activeMembership'>) {
  return createMiddleware<StaffEnv>(async (c, next) => {
    const header = c.req.header('authorization')?.trim()
    if (!header) throw new HttpError(401, STAFF_SIGN_IN)
    const { sub } = await verifier.verify(header.replace(/^Bearer\s+/i, ''))
    const member = await groups.activeMembership(sub)
    if (!member || member.shopId !== c.get('shopId')) throw new HttpError(403, NOT_STAFF)
    c.set('staff', member)
    await next()
  })
}
