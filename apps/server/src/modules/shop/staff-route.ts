import { createRoute, type RouteConfig } from '@hono/zod-openapi'
import { ErrorResponse } from '@salon/contracts/errors'
import { createMiddleware } from 'hono/factory'
import { HttpError } from '../../lib/errors.ts'
import { errorResponses, json } from '../../lib/openapi.ts'
import type { ShopVariables } from './shop-access.ts'

/** The Cognito groups of the pool a shop's team is in (docs/product.md §10). */
export type StaffRole = 'owner' | 'staff'

/** The member of staff a request under /api/staff/ is made by, as the staff check found them in the database. */
export interface StaffActor {
  shopId: string
  sub: string
  role: StaffRole
  name: string
}
export type StaffVariables = ShopVariables & { staff: StaffActor }
/** What a router under /api/staff/ may read: the shop, and the member of its staff calling. */
export type StaffEnv = { Variables: StaffVariables }

export const ONLY_OWNER = "Only the salon's owner can do this."

/** Refuses a member whose role may not use the route; the staff check in front has already refused everyone else. */
export const requireRole = (role: StaffRole) =>
  createMiddleware<StaffEnv>(async (c, next) => {
    if (role === 'owner' && c.get('staff').role !== 'owner') throw new HttpError(403, ONLY_OWNER)
    await next()
  })

const staffSecurity = [{ shopId: [], apiKey: [], identityToken: [] }]
export const staffResponses = {
  ...errorResponses,
  401: json(ErrorResponse, 'The shop headers or the Authorization header (a staff member’s identity token) are missing, wrong, expired or revoked'),
  403: json(ErrorResponse, "Not a member of this shop's staff, removed from it, or a member whose role may not do this"),
} as const

/**
 * A route under /api/staff/: the role that may call it is written into the OpenAPI document (x-staff-role), from
 * which the authorisation tests are generated, and enforced by the same declaration (requireRole).
 */
export function staffRoute<const R extends Omit<RouteConfig, 'security' | 'middleware'>>(role: StaffRole, config: R) {
  return createRoute({
    ...config,
    tags: ['Staff'],
    security: staffSecurity,
    'x-staff-role': role,
    middleware: [requireRole(role)] as const,
    responses: { ...staffResponses, ...config.responses },
  })
}
