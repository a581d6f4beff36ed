import { z } from 'zod'

/**
 * The staff back office's calls under /api/staff/ (docs/product.md §10). Each module that owns a part of the salon
 * adds its own staff calls here, so the server and the staff pages share one description of them.
 */

export const StaffRole = z.enum(['owner', 'staff'], { message: 'must be owner or staff' })
export type StaffRole = z.infer<typeof StaffRole>

export const StaffMe = z.object({ sub: z.string(), name: z.string(), role: StaffRole, shopId: z.string(), shopName: z.string() })
export type StaffMe = z.infer<typeof StaffMe>

export const TeamMember = z.object({ sub: z.string(), name: z.string(), role: StaffRole, phone: z.string(), addedAt: z.string() })
export type TeamMember = z.infer<typeof TeamMember>

export const TeamInvitation = z.object({ id: z.string(), name: z.string(), role: StaffRole, phone: z.string(), expiresAt: z.string() })
export type TeamInvitation = z.infer<typeof TeamInvitation>

export const TeamResponse = z.object({ members: z.array(TeamMember), invitations: z.array(TeamInvitation) })
export type TeamResponse = z.infer<typeof TeamResponse>

const Text = (max: number) => z.string().max(max, { message: `must be at most ${max} characters` })

export const InviteRequest = z.strictObject({ phone: Text(32), name: Text(100), role: StaffRole })
export type InviteRequest = z.infer<typeof InviteRequest>

export const RoleChangeRequest = z.strictObject({ role: StaffRole })

export const AcceptInvitationRequest = z.strictObject({
  phone: Text(32),
  code: z.string().regex(/^\s*\d{6}\s*$/, { message: 'must be the six-digit code from the text message' }),
  password: Text(256),
})
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>

/**
 * What the owner should look at in an entry (docs/product.md §10.8): a sale at the counter to the member who made
 * it, or further below the price list than staff may sell; both only the owner may make.
 */
export const AuditFlag = z.enum(['sold-to-self', 'below-price-list'])
export type AuditFlag = z.infer<typeof AuditFlag>

export const AuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actorName: z.string(),
  actorRole: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  /** Empty for most entries. */
  flags: z.array(AuditFlag),
})
export type AuditEntry = z.infer<typeof AuditEntry>
export const AuditResponse = z.object({ entries: z.array(AuditEntry), nextBefore: z.number().nullable() })
export type AuditResponse = z.infer<typeof AuditResponse>
