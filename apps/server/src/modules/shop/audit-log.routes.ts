import { AuditResponse, type AuditFlag } from '@salon/contracts/staff'
import { z } from 'zod'
import { createRouter, json } from '../../lib/openapi.ts'
import type { AuditEntries } from './audit-log.repository.ts'
import { staffRoute, type StaffEnv } from './staff-route.ts'

const PAGE = 50
const AuditQuery = z.object({
  before: z.coerce
    .number({ message: 'must be the id of an entry' })
    .int({ message: 'must be the id of an entry' })
    .positive({ message: 'must be the id of an entry' })
    .max(Number.MAX_SAFE_INTEGER, { message: 'must be the id of an entry' })
    .optional(),
  /** true: only the entries flagged for the owner to look at. */
  flagged: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
})

/**
 * The owner's view of the audit log (docs/product.md §10.8): every change staff made, newest first, fifty at a time;
 * or only those flagged for the owner to look at.
 */
export function createAuditRoutes(auditEntries: AuditEntries) {
  return createRouter<StaffEnv>().openapi(
    staffRoute('owner', {
      method: 'get',
      path: '/staff/audit',
      summary: 'Every change staff made: who, when, what, before and after, and what is flagged for the owner (flagged=true: only those)',
      request: { query: AuditQuery },
      responses: { 200: json(AuditResponse, 'The entries, newest first') },
    }),
    async (c) => {
      const query = c.req.valid('query')
      const { entries, more } = await auditEntries(c.get('staff').shopId, { before: query.before, flagged: query.flagged === 'true', limit: PAGE })
      return c.json(
        {
          entries: entries.map((e) => ({
            id: e.id,
            at: e.createdAt.toISOString(),
            actorName: e.actorName,
            actorRole: e.actorRole,
            action: e.action,
            subjectType: e.subjectType,
            subjectId: e.subjectId,
            before: e.before,
            after: e.after,
            reason: e.reason,
            // Only the typed AuditEntry writes flags (createAuditLog).
            flags: e.flags as AuditFlag[],
          })),
          nextBefore: more ? (entries.at(-1)?.id ?? null) : null,
        },
        200,
      )
    },
  )
}
